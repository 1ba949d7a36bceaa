import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'deploy',
    environment: 'node',
    include: ['**/*.test.ts'],
    // The runtime checks start the built server (and Caddy, when installed) as real processes.
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
