import { defineConfig } from 'vite';
import { emitServiceWorker } from './service-worker/emit-service-worker.ts';

/** The local API that `pnpm dev` forwards the desk's JSON endpoints to. */
const DEV_API_TARGET = 'http://localhost:8080';

/**
 * The desk is a client-rendered app served by the API under /desk. JSX is compiled by Vite's
 * own transform; the desk needs no framework plugin.
 */
export default defineConfig({
  base: '/desk/',
  plugins: [emitServiceWorker()],
  oxc: {
    jsx: { runtime: 'automatic', importSource: 'react' },
  },
  css: {
    modules: { localsConvention: 'camelCaseOnly' },
  },
  build: {
    outDir: 'dist',
    // Chunks are small; the bundle check (bench/bundle-budget.ts) reads this manifest.
    manifest: true,
    target: 'es2022',
    // The desk, and the channel partners' app served at /partners/ (its own page and entry).
    rollupOptions: {
      input: { desk: 'index.html', partners: 'partners/index.html' },
      // React alone in its chunk: the partners' app loads it, not the desk's router and schemas.
      output: {
        advancedChunks: {
          groups: [
            {
              name: 'react',
              test: /[\\/]node_modules[\\/].*[\\/](react|react-dom|scheduler)[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/desk/api': { target: DEV_API_TARGET, changeOrigin: false },
      '/partners/api': { target: DEV_API_TARGET, changeOrigin: false },
    },
  },
});
