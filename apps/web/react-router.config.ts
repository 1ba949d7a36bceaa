import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '@react-router/dev/config';
import { loadEnv } from 'vite';
import { writeSiteManifest } from './scripts/site-manifest.ts';
import { robotsTxt, sitemapXml } from './src/app/site-files.ts';
import { NOT_FOUND_PRERENDER_PATH, PAGE_PATHS } from './src/app/site-paths.ts';
import { SITE_STYLES_ATTRIBUTE, SITE_STYLES_PLACEHOLDER } from './src/app/site-styles.ts';
import { resolveSiteUrl } from './src/config/site-url.ts';

/**
 * Finishes every prerendered page for a phone on a slow network: the site's one stylesheet (the
 * client build does not split CSS) goes into the page's `<style>` placeholder (root.tsx), so
 * the first paint waits for no request (the file stays in assets/, unused).
 */
async function finishPages(clientDir: string): Promise<string[]> {
  const assets = await readdir(path.join(clientDir, 'assets'));
  const sheets = assets.filter((name) => name.endsWith('.css'));
  if (sheets.length !== 1) {
    throw new Error(`expected one stylesheet in the client build, found ${sheets.length}`);
  }
  const css = await readFile(path.join(clientDir, 'assets', sheets[0] ?? ''), 'utf8');
  if (/<\/style/i.test(css)) throw new Error('the stylesheet cannot be inlined: it holds </style');
  const pages = (await readdir(clientDir, { recursive: true })).filter(
    (name) => name.endsWith('.html') && !name.startsWith('assets'),
  );
  for (const page of pages) {
    const file = path.join(clientDir, page);
    const html = await readFile(file, 'utf8');
    if (!html.includes(SITE_STYLES_PLACEHOLDER)) {
      throw new Error(`${page} has no ${SITE_STYLES_PLACEHOLDER} for the stylesheet`);
    }
    await writeFile(
      file,
      html.replace(SITE_STYLES_PLACEHOLDER, `<style ${SITE_STYLES_ATTRIBUTE}>${css}</style>`),
    );
  }
  return pages;
}

/** A build setting as `src/config/env.ts` reads it: trimmed, empty as unset. */
const setting = (value: string | undefined) => value?.trim() || null;

// Where the build is written; an override lets a measurement build stay apart from the default.
const buildDirectory = process.env.WEB_BUILD_DIR?.trim() || 'build';

export default {
  appDirectory: 'src/app',
  buildDirectory,
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
  async buildEnd({ reactRouterConfig, viteConfig }) {
    const clientDir = path.join(reactRouterConfig.buildDirectory, 'client');
    const renderedDir = path.join(
      clientDir,
      ...NOT_FOUND_PRERENDER_PATH.split('/').filter(Boolean),
    );
    await mkdir(clientDir, { recursive: true });
    await rename(path.join(renderedDir, 'index.html'), path.join(clientDir, '404.html'));
    await rm(renderedDir, { recursive: true, force: true });
    const pages = await finishPages(clientDir);
    const buildEnv = loadEnv(viteConfig.mode, viteConfig.root, ['SITE_URL', 'VITE_']);
    // What the server needs to know of the pages, so it never reads them to find out.
    await writeSiteManifest(clientDir, pages, {
      gtmId: setting(buildEnv.VITE_GTM_ID),
      gaId: setting(buildEnv.VITE_GA_ID),
    });
    // Search engines' view of the site, from the same page list and public origin as the pages.
    const siteUrl = resolveSiteUrl(buildEnv);
    await writeFile(path.join(clientDir, 'sitemap.xml'), sitemapXml(siteUrl));
    await writeFile(path.join(clientDir, 'robots.txt'), robotsTxt(siteUrl));
  },
} satisfies Config;
