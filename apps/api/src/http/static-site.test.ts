import { SITE_MANIFEST_FILE } from '@iconia/shared';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTempDir } from '@iconia/testkit';
import { startTestServer, type TestServer } from '@iconia/api/test-server';
import { writeSiteManifestFixture } from '../../test/site-manifest-fixture.ts';

const INLINE_SCRIPT = 'window.__context = {"route":"/"};';
const INLINE_HASH = "'sha256-4J/scGKgjHlycBNM3zwYtF5kTNL9CMxpeRPLTrq8l/c='";

function writeSite(dir: string): void {
  mkdirSync(path.join(dir, 'about'), { recursive: true });
  mkdirSync(path.join(dir, 'assets'), { recursive: true });
  writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html><title>Elegant Iconia</title><h1>Home</h1><script>${INLINE_SCRIPT}</script>${'<p>Villa plots near the highway.</p>'.repeat(100)}`,
  );
  writeFileSync(path.join(dir, 'about', 'index.html'), '<!doctype html><h1>About the project</h1>');
  writeFileSync(path.join(dir, 'assets', 'entry-3f9a1c.js'), 'console.log("hydrate");'.repeat(200));
  writeFileSync(path.join(dir, 'robots.txt'), 'User-agent: *\nAllow: /\n');
  writeFileSync(path.join(dir, '404.html'), '<!doctype html><h1>Page not found</h1>');
  writeFileSync(path.join(dir, '__spa-fallback.html'), '<!doctype html><h1>Fallback</h1>');
  writeSiteManifestFixture(dir, { 'index.html': [INLINE_SCRIPT] });
}

describe('the built site, served by the API process', () => {
  let temp: ReturnType<typeof createTempDir>;
  let t: TestServer;
  let site: string;

  beforeEach(async () => {
    temp = createTempDir();
    site = path.join(temp.dir, 'site');
    writeSite(site);
    t = await startTestServer({ dataDir: temp.dir, env: { WEB_DIST: site } });
  });
  afterEach(async () => {
    await t.close();
    temp.remove();
  });

  it('when / is asked for, then the prerendered home page answers and must be revalidated', async () => {
    const response = await request(t.url).get('/');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.text).toContain('<h1>Home</h1>');
  });

  it.each(['/about', '/about/'])(
    'when %s is asked for, then about/index.html answers without a redirect',
    async (url) => {
      const response = await request(t.url).get(url);
      expect(response.status).toBe(200);
      expect(response.text).toContain('About the project');
      expect(response.headers['cache-control']).toBe('no-cache');
    },
  );

  it('when pages and files of the site are fetched, then they write no info line, while a lead still does', async () => {
    for (const url of ['/', '/about', '/assets/entry-3f9a1c.js', '/robots.txt']) {
      expect((await request(t.url).get(url)).status).toBe(200);
    }
    await request(t.url).post('/send-email').send({ name: 'Ravi', mobile: '9876543210' });

    const completed = t.logLines
      .map((line) => JSON.parse(line) as { msg: string; req?: { url: string } })
      .filter((line) => line.msg === 'request completed')
      .map((line) => line.req?.url);
    expect(completed).toEqual(['/send-email']);
  });

  it('when a hashed asset is asked for, then it may be cached for a year', async () => {
    const response = await request(t.url).get('/assets/entry-3f9a1c.js');
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('when a plain file is asked for, then it is served as it is', async () => {
    const response = await request(t.url).get('/robots.txt');
    expect(response.status).toBe(200);
    expect(response.text).toBe('User-agent: *\nAllow: /\n');
  });

  it('when a path is unknown, then the 404 page answers with status 404, never the SPA fallback', async () => {
    const response = await request(t.url).get('/no-such-page');
    expect(response.status).toBe(404);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.text).toContain('Page not found');
    expect(response.text).not.toContain('Fallback');
  });

  it('when the build manifest is asked for, then it is not served: the 404 page answers', async () => {
    const response = await request(t.url).get(`/${SITE_MANIFEST_FILE}`);
    expect(response.status).toBe(404);
    expect(response.text).toContain('Page not found');
  });

  it('when the site has no 404 page, then an unknown path gets a plain-text 404', async () => {
    rmSync(path.join(site, '404.html'));
    const response = await request(t.url).get('/no-such-page');
    expect(response.status).toBe(404);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
  });

  it('when a path tries to climb out of the site, then nothing outside is served', async () => {
    writeFileSync(path.join(temp.dir, 'secret.txt'), 'secret');
    const response = await request(t.url).get('/..%2Fsecret.txt');
    expect(response.status).toBe(404);
    expect(response.text).not.toContain('secret');
  });

  it('when the browser accepts brotli, then pages come compressed with it', async () => {
    const response = await request(t.url).get('/').set('Accept-Encoding', 'br, gzip');
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.text).toContain('<h1>Home</h1>');
  });

  it("when a page is served, then the CSP allows exactly the site's inline scripts and the embeds, no tag hosts", async () => {
    const response = await request(t.url).get('/');
    const csp = String(response.headers['content-security-policy']);
    const scriptSrc = csp.split(';').find((directive) => directive.startsWith('script-src '));

    expect(scriptSrc).toBe(`script-src 'self' ${INLINE_HASH}`);
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).not.toContain('googletagmanager');
    expect(csp).toContain('frame-src https://www.google.com https://www.youtube-nocookie.com');
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("connect-src 'self';");
    expect(csp).toContain("img-src 'self' data: https://i.ytimg.com;");
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['strict-transport-security']).toContain('max-age=31536000');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['permissions-policy']).toContain('camera=()');
    expect(response.headers['x-powered-by']).toBeUndefined();
  });

  it('when the site was built without a tag id, then the thank-you page allows no tag host either', async () => {
    const response = await request(t.url).get('/thank-you');
    expect(String(response.headers['content-security-policy'])).not.toContain('googletagmanager');
  });
});

describe('without a built site', () => {
  it('when / is asked for, then a short plain-text note says the API runs and the site is not built', async () => {
    const temp = createTempDir();
    const t = await startTestServer({ dataDir: temp.dir });
    try {
      const home = await request(t.url).get('/');
      const other = await request(t.url).get('/about');
      expect(home.status).toBe(200);
      expect(home.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(home.text).toContain('pnpm build');
      expect(other.status).toBe(404);
    } finally {
      await t.close();
      temp.remove();
    }
  });
});

describe('a built site without its manifest', () => {
  it('when the server starts on it, then it refuses, naming the manifest and `pnpm build`', async () => {
    const temp = createTempDir();
    const site = path.join(temp.dir, 'site');
    writeSite(site);
    rmSync(path.join(site, SITE_MANIFEST_FILE));
    try {
      await expect(startTestServer({ dataDir: temp.dir, env: { WEB_DIST: site } })).rejects.toThrow(
        `The site in ${site} cannot be served: it has no ${SITE_MANIFEST_FILE}. \`pnpm build\` writes ${SITE_MANIFEST_FILE} beside the pages; build the site again.`,
      );
    } finally {
      temp.remove();
    }
  });

  it('when its manifest is not one the build writes, then the start is refused, saying what is wrong', async () => {
    const temp = createTempDir();
    const site = path.join(temp.dir, 'site');
    writeSite(site);
    writeFileSync(path.join(site, SITE_MANIFEST_FILE), JSON.stringify({ pages: {} }));
    try {
      await expect(startTestServer({ dataDir: temp.dir, env: { WEB_DIST: site } })).rejects.toThrow(
        /\.site-manifest\.json is invalid:\n.*analytics/,
      );
    } finally {
      temp.remove();
    }
  });
});

describe('a site built with VITE_GTM_ID', () => {
  it('when the thank-you page is served, then its CSP allows Tag Manager and Analytics, and no other page does', async () => {
    const temp = createTempDir();
    const site = path.join(temp.dir, 'site');
    writeSite(site);
    mkdirSync(path.join(site, 'thank-you'), { recursive: true });
    writeFileSync(path.join(site, 'thank-you', 'index.html'), '<!doctype html><h1>Thank you</h1>');
    writeSiteManifestFixture(site, { 'index.html': [INLINE_SCRIPT] }, { gtmId: 'GTM-AB12CD' });
    const t = await startTestServer({ dataDir: temp.dir, env: { WEB_DIST: site } });
    try {
      const thankYou = String(
        (await request(t.url).get('/thank-you')).headers['content-security-policy'],
      );
      const home = String((await request(t.url).get('/')).headers['content-security-policy']);

      expect(thankYou).toContain(
        `script-src 'self' ${INLINE_HASH} https://www.googletagmanager.com`,
      );
      expect(thankYou).toContain(
        "connect-src 'self' https://*.google-analytics.com https://*.analytics.google.com https://www.googletagmanager.com",
      );
      expect(home).not.toContain('googletagmanager');
    } finally {
      await t.close();
      temp.remove();
    }
  });
});
