import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'testkit',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    testTimeout: 15_000,
    hookTimeout: 15_000,
  },
});
