import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Tests open real SQLite files and real SMTP servers; a little headroom for a slow CI box.
    testTimeout: 15_000,
    hookTimeout: 15_000,
  },
});
