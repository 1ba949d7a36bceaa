import { createRequire } from 'node:module';
import path from 'node:path';
import { defineProject } from 'vitest/config';
import { PREACT_ALIASES } from './preact-aliases.ts';

function testingLibraryModule(): string {
  const require = createRequire(import.meta.url);
  const root = path.dirname(require.resolve('@testing-library/react/package.json'));
  return path.join(root, 'dist/@testing-library/react.esm.js');
}

// Standalone on purpose: the React Router Vite plugin takes over the dev server and breaks
// component tests, so JSX is compiled by Vite's own transform instead.
export default defineProject({
  oxc: {
    jsx: { runtime: 'automatic', importSource: 'react' },
  },
  resolve: {
    // The `~/*` paths of tsconfig.json.
    tsconfigPaths: true,
    // The runtime the site ships with (preact-aliases.ts), also under Testing Library.
    // Its ES module build, so that its own imports of React go through the aliases too.
    alias: [
      ...PREACT_ALIASES,
      { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
      { find: /^@testing-library\/react$/, replacement: testingLibraryModule() },
    ],
    // Libraries load as the browser gets them (ES modules), not as Node's CommonJS copies.
    conditions: ['module', 'browser', 'development'],
  },
  ssr: { resolve: { conditions: ['module', 'browser', 'development'] } },
  test: {
    name: 'web',
    environment: 'jsdom',
    // Libraries run through Vite too, so the aliases reach their own imports of React.
    server: { deps: { inline: true } },
    setupFiles: ['src/test/setup.ts'],
    // Build scripts (scripts/) and budget checks (bench/) pick `// @vitest-environment node` themselves.
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'],
  },
});
