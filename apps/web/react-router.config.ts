import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '@react-router/dev/config';
import { NOT_FOUND_PRERENDER_PATH, PAGE_PATHS } from './src/app/site-paths.ts';

export default {
  appDirectory: 'src/app',
  ssr: false,
  // Opt in to the v8 behaviour now; none of it changes how this static site works. (The
  // Vite Environment API flag stays off while React Router calls it experimental.)
  future: {
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
  },
  // Every page ships as its own static HTML; the not-found page is rendered at a path no route
  // claims and then moved to 404.html, which the server answers with status 404.
  prerender: [...PAGE_PATHS, NOT_FOUND_PRERENDER_PATH],
  async buildEnd({ reactRouterConfig }) {
    const clientDir = path.join(reactRouterConfig.buildDirectory, 'client');
    const renderedDir = path.join(
      clientDir,
      ...NOT_FOUND_PRERENDER_PATH.split('/').filter(Boolean),
    );
    await mkdir(clientDir, { recursive: true });
    await rename(path.join(renderedDir, 'index.html'), path.join(clientDir, '404.html'));
    await rm(renderedDir, { recursive: true, force: true });
  },
} satisfies Config;
