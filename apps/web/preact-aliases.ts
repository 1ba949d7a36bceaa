/**
 * The site's React code runs on Preact's compatibility layer: the same components and
 * hooks in about a tenth of React DOM's bytes, which keeps a phone's first load inside the
 * 100 kB JavaScript budget. Prerendering, the dev server and the component tests go
 * through it too, so the HTML, the code that hydrates it and the tests share one runtime.
 */
export const PREACT_ALIASES = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];
