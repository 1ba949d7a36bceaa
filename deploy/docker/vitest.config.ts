import { defineConfig } from 'vitest/config';

/** `pnpm test:docker`, on a machine with a Docker engine; not part of `pnpm test`. */
export default defineConfig({
  test: {
    name: 'docker',
    root: import.meta.dirname,
    environment: 'node',
    include: ['*.test.ts'],
    // The first run builds the stand-in base and the image from an empty build cache.
    hookTimeout: 60 * 60_000,
    testTimeout: 5 * 60_000,
  },
});
