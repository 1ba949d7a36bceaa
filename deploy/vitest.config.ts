import { configDefaults, defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'deploy',
    environment: 'node',
    include: ['**/*.test.ts'],
    // The image built and run by Docker: `pnpm test:docker`, where an engine runs.
    exclude: [...configDefaults.exclude, 'docker/**'],
    // The runtime checks start the built server (and Caddy, when installed) as real processes.
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
