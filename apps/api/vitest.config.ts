import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Tests open real SQLite files and real SMTP servers. Deadlines for a test that hangs, never
    // figures: generous enough for a two-core machine whose cores are both busy.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
