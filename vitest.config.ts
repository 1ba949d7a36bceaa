import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      'packages/*',
      'apps/*',
      'deploy',
      // The repo's own configuration, tested beside it (eslint.config.test.ts).
      { test: { name: 'repo', include: ['*.test.ts', 'scripts/*.test.ts'], environment: 'node' } },
    ],
  },
});
