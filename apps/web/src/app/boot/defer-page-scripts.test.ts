// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { deferPageScripts, parseBootstrap } from './defer-page-scripts.ts';

const BOOTSTRAP = `import "/assets/manifest-1.js";
import * as route0 from "/assets/root-2.js";
import * as route1 from "/assets/site-layout-3.js";
import * as route2 from "/assets/about-4.js";
  
  window.__reactRouterRouteModules = {"root":route0,"layouts/site-layout":route1,"routes/about":route2};

import("/assets/entry.client-5.js");`;

const PRELOADS = [
  '/assets/manifest-1.js',
  '/assets/entry.client-5.js',
  '/assets/framework-6.js',
  '/assets/root-2.js',
];

/** The end of a page as React Router prerenders it. */
function prerenderedPage(bootstrap = BOOTSTRAP): string {
  return `<!DOCTYPE html><html><head><title>About</title></head><body><main>About</main>${PRELOADS.map(
    (href) => `<link rel="modulepreload" href="${href}"/>`,
  ).join(
    '',
  )}<script>window.__reactRouterContext = {};</script><script type="module" async>${bootstrap}</script></body></html>`;
}

describe('parseBootstrap', () => {
  it("when React Router's bootstrap is read, then its manifest, routes in order and entry come out", () => {
    expect(parseBootstrap(BOOTSTRAP, PRELOADS)).toEqual({
      preload: PRELOADS,
      manifest: '/assets/manifest-1.js',
      routes: [
        ['root', '/assets/root-2.js'],
        ['layouts/site-layout', '/assets/site-layout-3.js'],
        ['routes/about', '/assets/about-4.js'],
      ],
      entry: '/assets/entry.client-5.js',
    });
  });

  it('when the bootstrap holds a line it does not know, then the build stops naming it', () => {
    const changed = BOOTSTRAP.replace(
      'import * as route2',
      'const route2_main = 1;\nimport * as route2',
    );

    expect(() => parseBootstrap(changed, PRELOADS)).toThrow(/unexpected line.*route2_main/);
  });

  it('when a route in the map is never imported, then the build stops', () => {
    const changed = BOOTSTRAP.replace('import * as route1 from "/assets/site-layout-3.js";\n', '');

    expect(() => parseBootstrap(changed, PRELOADS)).toThrow(/does not import route1/);
  });
});

describe('deferPageScripts', () => {
  it('when a page is finished, then nothing fetches a script before the page boot script asks', async () => {
    const html = await deferPageScripts(prerenderedPage());

    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).not.toContain('type="module"');
    expect(html).toContain('<main>About</main>');
    expect(html).toContain('<script>window.__reactRouterContext = {};</script>');
  });

  it('when a page is finished, then its boot script names every module and stands where the preloads began', async () => {
    const html = await deferPageScripts(prerenderedPage());

    const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(([, body]) => body);
    expect(scripts).toHaveLength(2);
    const boot = scripts[0] ?? '';
    for (const module of [...PRELOADS, '/assets/site-layout-3.js', '/assets/about-4.js']) {
      expect(boot).toContain(module);
    }
    expect(html).toContain(
      `<main>About</main><script>${boot}</script><script>window.__reactRouterContext = {};</script></body>`,
    );
  });

  it('when a page has no React Router bootstrap, then the build stops', async () => {
    const page = prerenderedPage().replace(/<script type="module"[\s\S]*?<\/script>/, '');

    await expect(deferPageScripts(page)).rejects.toThrow(/expected one React Router bootstrap/);
  });
});
