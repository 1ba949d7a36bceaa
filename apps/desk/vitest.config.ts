import { defineProject } from 'vitest/config';

export default defineProject({
  oxc: {
    jsx: { runtime: 'automatic', importSource: 'react' },
  },
  css: {
    modules: { localsConvention: 'camelCaseOnly' },
  },
  test: {
    name: 'desk',
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
    // Deadlines for a test that hangs, not figures: generous enough for two busy cores.
    testTimeout: 15_000,
    include: ['src/**/*.test.{ts,tsx}', 'bench/**/*.test.ts'],
  },
});
