import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig, loadEnv } from 'vite';
import { photoPipeline } from './scripts/photos/photo-pipeline.ts';
import { resolveSiteUrl } from './src/config/site-url.ts';

/** The local API that `pnpm dev` forwards the lead endpoints and health checks to. */
const DEV_API_TARGET = 'http://localhost:8080';
const PROXIED_PATHS = ['/send-email', '/contact-form', '/healthz', '/readyz'];

const require = createRequire(import.meta.url);

/** The chunks that hold React, React Router and the site's shared code (named below). */
const STARTUP_CHUNKS = ['react-dom', 'react-router', 'app'];
/** V8's explicit compile hint for a whole file, as its first line. */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * React Router publishes a development and a production copy of itself and its package exports
 * always name the development one; only a flag differs, which keeps its warnings in the bundle.
 * The production build of the site takes the production copy.
 */
function reactRouterProductionAliases() {
  const dist = path.join(path.dirname(require.resolve('react-router/package.json')), 'dist');
  return [
    { find: /^react-router$/, replacement: path.join(dist, 'production/index.mjs') },
    { find: /^react-router\/dom$/, replacement: path.join(dist, 'production/dom-export.mjs') },
  ];
}

export default defineConfig(({ command, mode, isSsrBuild }) => {
  // `SITE_URL` (or `VITE_SITE_URL`) from the shell or an .env file: the public origin that
  // canonical, share and sitemap URLs are built from.
  const siteUrl = resolveSiteUrl(loadEnv(mode, process.cwd(), ['SITE_URL', 'VITE_']));
  const isClientBuild = command === 'build' && !isSsrBuild;

  return {
    plugins: [photoPipeline(), reactRouter()],
    define: {
      // The prerendered footer prints this year; the live page then shows the visitor's year.
      'import.meta.env.VITE_BUILD_YEAR': JSON.stringify(String(new Date().getFullYear())),
      'import.meta.env.VITE_SITE_URL': JSON.stringify(siteUrl),
    },
    // The server bundle only prerenders the pages at build time. Bundling its dependencies lets
    // it run from a build directory outside this package (WEB_BUILD_DIR), where Node could not
    // resolve `react-dom` and friends from node_modules.
    ...(command === 'build' ? { ssr: { noExternal: true } } : {}),
    resolve: {
      alias: [
        { find: '~', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
        ...(isClientBuild ? reactRouterProductionAliases() : []),
      ],
    },
    build: isClientBuild
      ? {
          // One stylesheet for the whole site (8 kB gzip), which the build inlines into every
          // page (react-router.config.ts): the first paint waits for no CSS request.
          cssCodeSplit: false,
          // Also when WEB_BUILD_DIR points outside this folder: no stale files from an earlier
          // build may linger beside the new ones.
          emptyOutDir: true,
          rolldownOptions: {
            output: {
              // The three files every page runs as it starts carry V8's compile hint: Chromium
              // (136 and later) then compiles all their functions on a background thread while
              // the file downloads, rather than each one on the main thread the first time it is
              // called, during hydration or under a visitor's first tap. Others ignore it.
              // (`undefined` adds nothing; an empty string would add a blank first line.)
              postBanner: (chunk) =>
                (STARTUP_CHUNKS.includes(chunk.name) ? COMPILE_HINT : undefined) as string,
              codeSplitting: {
                groups: [
                  {
                    // React and React DOM change only with an upgrade: one file that stays
                    // cached across deploys of the site's own code.
                    name: 'react-dom',
                    test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
                    priority: 3,
                  },
                  {
                    // React Router likewise, apart, so the split of the landing page's bytes
                    // reads from the file names.
                    name: 'react-router',
                    test: /node_modules[\\/]react-router[\\/]/,
                    priority: 2,
                  },
                  {
                    // The site's own code shared by two or more pages, in one file instead of
                    // a score of tiny ones: each request costs a round of headers and a
                    // connection slot on a phone. Code only one page uses stays in that page's
                    // chunk, and code loaded on demand (import()) stays apart.
                    name: 'app',
                    test: /[\\/](apps[\\/]web|packages[\\/]shared)[\\/]src[\\/]|[\\/]lucide-react[\\/]/,
                    tags: ['$initial'],
                    minShareCount: 2,
                    priority: 1,
                  },
                ],
              },
            },
          },
        }
      : {},
    server: {
      proxy: Object.fromEntries(
        PROXIED_PATHS.map((route) => [route, { target: DEV_API_TARGET, changeOrigin: true }]),
      ),
    },
  };
});
