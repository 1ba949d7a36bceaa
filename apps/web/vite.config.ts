import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import { photoPipeline } from './scripts/photos/photo-pipeline.ts';

/** The local API that `pnpm dev` forwards the lead endpoints and health checks to. */
const DEV_API_TARGET = 'http://localhost:8080';
const PROXIED_PATHS = ['/send-email', '/contact-form', '/healthz', '/readyz'];

export default defineConfig({
  plugins: [photoPipeline(), reactRouter()],
  define: {
    // The prerendered footer prints this year; the live page then shows the visitor's year.
    'import.meta.env.VITE_BUILD_YEAR': JSON.stringify(String(new Date().getFullYear())),
  },
  resolve: {
    alias: { '~': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: Object.fromEntries(
      PROXIED_PATHS.map((path) => [path, { target: DEV_API_TARGET, changeOrigin: true }]),
    ),
  },
});
