import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTempDir } from '@iconia/testkit';
import { writeSiteManifestFixture } from '../../test/site-manifest-fixture.ts';
import { startDeskTestServer, type DeskTestServer } from './desk-test-support.ts';
import { NOT_BUILT, SERVICE_WORKER_CSP } from './desk-static.ts';

const INDEX =
  '<!doctype html><title>Sales desk</title><script type="module" src="/desk/assets/app-1a2b.js"></script>';

describe('serving the sales desk app', () => {
  let built: DeskTestServer;
  let unbuilt: DeskTestServer;
  let dist: ReturnType<typeof createTempDir>;
  let site: ReturnType<typeof createTempDir>;

  beforeAll(async () => {
    site = createTempDir('iconia-site-');
    writeFileSync(
      path.join(site.dir, 'index.html'),
      '<!doctype html><title>Elegant Iconia</title>',
    );
    writeSiteManifestFixture(site.dir, { 'index.html': [] });
    dist = createTempDir('iconia-desk-dist-');
    mkdirSync(path.join(dist.dir, 'assets'));
    writeFileSync(path.join(dist.dir, 'index.html'), INDEX);
    writeFileSync(
      path.join(dist.dir, 'assets', 'app-1a2b.js'),
      'console.log("desk");\n'.repeat(200),
    );
    writeFileSync(path.join(dist.dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    writeFileSync(
      path.join(dist.dir, 'manifest.webmanifest'),
      '{"name":"Sales desk","start_url":"/desk/"}',
    );
    built = await startDeskTestServer({ deskDist: dist.dir, env: { WEB_DIST: site.dir } });
    unbuilt = await startDeskTestServer();
  });
  afterAll(async () => {
    await built.remove();
    await unbuilt.remove();
    dist.remove();
    site.remove();
  });

  it('when /desk/ or one of its app routes is opened, then the app page comes back, unindexed, under a CSP without inline script', async () => {
    for (const url of ['/desk/', '/desk/leads/12', '/desk/reports']) {
      const res = await request(built.url).get(url);
      expect(res.status, url).toBe(200);
      expect(res.text).toBe(INDEX);
      expect(res.get('Cache-Control')).toBe('no-cache');
      expect(res.get('X-Robots-Tag')).toBe('noindex, nofollow');
      const csp = res.get('Content-Security-Policy') ?? '';
      expect(csp).toContain("script-src 'self';");
      expect(csp).not.toContain("unsafe-inline'; script");
      expect(csp).not.toMatch(/script-src[^;]*(unsafe-inline|sha256|googletagmanager)/);
      expect(csp).toContain("frame-ancestors 'none'");
    }
  });

  it('when a hashed asset is fetched, then it is compressed and cached for a year; a missing asset is a 404', async () => {
    const asset = await request(built.url).get('/desk/assets/app-1a2b.js');
    expect(asset.status).toBe(200);
    expect(asset.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(asset.get('Content-Encoding')).toBe('gzip');
    expect((await request(built.url).get('/desk/assets/missing.js')).status).toBe(404);
  });

  it('when the app page and its files are fetched, then they write no info line; a missing file does', async () => {
    await request(built.url).get('/desk/leads/12');
    await request(built.url).get('/desk/assets/app-1a2b.js');
    await request(built.url).get('/desk/assets/gone-9z8y.js');

    const urls = built.logLines
      .map((line) => JSON.parse(line) as { msg: string; req?: { url: string } })
      .filter((line) => line.msg === 'request completed')
      .map((line) => line.req?.url);
    expect(urls).not.toContain('/desk/leads/12');
    expect(urls).not.toContain('/desk/assets/app-1a2b.js');
    expect(urls).toContain('/desk/assets/gone-9z8y.js');
  });

  it('when the service worker is fetched, then it is revalidated each time, under a policy of its own that lets it fetch the desk, and the desk pages allow it', async () => {
    const worker = await request(built.url).get('/desk/sw.js');
    expect(worker.status).toBe(200);
    expect(worker.get('Content-Type')).toMatch(/^(text|application)\/javascript/);
    expect(worker.get('Cache-Control')).toBe('no-cache');
    // The worker's own policy rules its requests: the subresource's default-src 'none' would
    // stop it keeping the shell.
    expect(worker.get('Content-Security-Policy')).toBe(SERVICE_WORKER_CSP);
    expect(SERVICE_WORKER_CSP).toContain("connect-src 'self'");

    const page = await request(built.url).get('/desk/');
    expect(page.get('Content-Security-Policy')).toContain("worker-src 'self'");
    expect(page.get('Content-Security-Policy')).toContain("manifest-src 'self'");
  });

  it('when the app manifest is fetched, then it comes as a web app manifest', async () => {
    const res = await request(built.url).get('/desk/manifest.webmanifest');
    expect(res.status).toBe(200);
    expect(res.get('Content-Type')).toMatch(/^application\/manifest\+json/);
    expect(JSON.parse(res.text)).toMatchObject({ start_url: '/desk/' });
  });

  it('when an unknown API path is asked for, then it is a JSON 404, never the app page', async () => {
    const res = await request(built.url).get('/desk/api/nothing');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'There is no such desk endpoint.' });
  });

  it('when the desk has not been built, then /desk/ says so with a 503', async () => {
    const res = await request(unbuilt.url).get('/desk/');
    expect(res.status).toBe(503);
    expect(res.text).toBe(NOT_BUILT);
    expect(res.get('X-Robots-Tag')).toBe('noindex, nofollow');
  });

  it('when the public site is served, then it keeps its own policy and no noindex', async () => {
    const res = await request(built.url).get('/');
    expect(res.get('X-Robots-Tag')).toBeUndefined();
    // The site's own sources (its video thumbnails), not the desk's narrower policy.
    expect(res.get('Content-Security-Policy')).toContain(
      "img-src 'self' data: https://i.ytimg.com",
    );
  });
});
