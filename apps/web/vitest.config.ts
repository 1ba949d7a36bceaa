import { defineProject } from 'vitest/config';

// Standalone on purpose: the React Router Vite plugin takes over the dev server and breaks
// component tests, so JSX is compiled by Vite's own transform instead.
export default defineProject({
  oxc: {
    jsx: { runtime: 'automatic', importSource: 'react' },
  },
  resolve: {
    // The `~/*` paths of tsconfig.json.
    tsconfigPaths: true,
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
    // Deadlines for a test that hangs, not figures: generous enough for two busy cores.
    testTimeout: 15_000,
    // Build scripts (scripts/) and budget checks (bench/) pick `// @vitest-environment node` themselves.
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'],
  },
});
