/**
 * The headers that tell a browser what the site may do, asserted on real responses: pages of the
 * site, its assets, the lead endpoints, health checks and refusals alike. Runs against a small
 * fixture site always, and against the real build too when `apps/web/build/client` exists
 * (`pnpm test` builds it first).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTempDir } from '@iconia/testkit';
import { startTestServer, type TestServer } from '@iconia/api/test-server';
import { writeSiteManifestFixture } from '../site-manifest-fixture.ts';

const BUILT_SITE = fileURLToPath(new URL('../../../web/build/client/', import.meta.url));
const HAS_BUILD = existsSync(path.join(BUILT_SITE, 'index.html'));

/** The third parties the site uses, and nothing else. */
const MAP_HOST = 'https://www.google.com';
const VIDEO_HOST = 'https://www.youtube-nocookie.com';
const TAG_MANAGER = 'https://www.googletagmanager.com';

type Directives = Map<string, string[]>;

function parseCsp(header: string | undefined): Directives {
  const directives: Directives = new Map();
  for (const part of (header ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives.set(name, sources);
  }
  return directives;
}

function htmlPages(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

type HtmlNode = DefaultTreeAdapterMap['node'];

/** The hash of each inline script a browser runs on the page, found by a standard HTML parser. */
function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  const visit = (node: HtmlNode) => {
    if ('tagName' in node && node.tagName === 'script') {
      const type = node.attrs.find((attr) => attr.name === 'type')?.value ?? '';
      const text = node.childNodes.map((child) => ('value' in child ? child.value : '')).join('');
      const runs = ['', 'module', 'text/javascript'].includes(type.trim().toLowerCase());
      if (runs && text !== '' && !node.attrs.some((attr) => attr.name === 'src')) {
        hashes.push(`'sha256-${createHash('sha256').update(text).digest('base64')}'`);
      }
    }
    if ('childNodes' in node) node.childNodes.forEach(visit);
  };
  // Scripts kept as text in a <noscript> run once the page inserts them: parse with scripting
  // off so they are elements too.
  visit(parse(html, { scriptingEnabled: false }));
  return hashes;
}

/** Without a tag id in the build, no page may load from the tag hosts. */
function expectBrowserHeaders(headers: Record<string, string | undefined>, where: string): void {
  const csp = parseCsp(headers['content-security-policy']);
  const scripts = csp.get('script-src') ?? [];
  expect(scripts, where).not.toContain("'unsafe-inline'");
  expect(scripts, where).not.toContain("'unsafe-eval'");
  expect(
    scripts.filter((source) => !source.startsWith("'sha256-")),
    where,
  ).toEqual(["'self'"]);
  expect(csp.get('script-src-attr'), where).toEqual(["'none'"]);
  expect(csp.get('default-src'), where).toEqual(["'self'"]);
  expect(csp.get('object-src'), where).toEqual(["'none'"]);
  expect(csp.get('base-uri'), where).toEqual(["'self'"]);
  expect(csp.get('form-action'), where).toEqual(["'self'"]);
  expect(csp.get('frame-ancestors'), where).toEqual(["'self'"]);
  expect([...(csp.get('frame-src') ?? [])].sort(), where).toEqual([MAP_HOST, VIDEO_HOST].sort());
  expect(csp.get('connect-src'), where).toEqual(["'self'"]);
  expect(csp.get('img-src'), where).not.toContain(TAG_MANAGER);
  for (const directive of csp.values()) expect(directive, where).not.toContain('*');
  expect(headers['strict-transport-security'], where).toMatch(/^max-age=(\d+); includeSubDomains$/);
  expect(Number(/max-age=(\d+)/.exec(headers['strict-transport-security'] ?? '')?.[1])).toBe(
    31_536_000,
  );
  expect(headers['x-content-type-options'], where).toBe('nosniff');
  expect(headers['referrer-policy'], where).toBe('strict-origin-when-cross-origin');
  expect(headers['x-frame-options'], where).toBe('SAMEORIGIN');
  expect(headers['cross-origin-opener-policy'], where).toBe('same-origin');
  const permissions = headers['permissions-policy'] ?? '';
  for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) {
    expect(permissions, where).toContain(`${feature}=()`);
  }
  expect(headers['x-powered-by'], where).toBeUndefined();
}

describe('browser security headers', () => {
  let temp: ReturnType<typeof createTempDir>;
  let fixture: TestServer;
  let built: TestServer | undefined;
  const inlineScript = 'window.dataLayer = window.dataLayer || [];';

  beforeAll(async () => {
    temp = createTempDir();
    const site = path.join(temp.dir, 'site');
    mkdirSync(path.join(site, 'about'), { recursive: true });
    mkdirSync(path.join(site, 'assets'));
    writeFileSync(
      path.join(site, 'index.html'),
      `<!doctype html><html><head><script>${inlineScript}</script></head><body>Home</body></html>`,
    );
    writeFileSync(path.join(site, 'about', 'index.html'), '<!doctype html><p>About</p>');
    writeFileSync(path.join(site, '404.html'), '<!doctype html><p>Not here</p>');
    writeFileSync(path.join(site, 'assets', 'entry-abc123.js'), 'console.log(1);');
    writeFileSync(path.join(site, 'assets', 'site-abc123.css'), 'body { margin: 0; }');
    writeFileSync(path.join(site, 'assets', 'face-abc123.woff2'), 'wOF2');
    writeFileSync(path.join(site, 'favicon.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    writeFileSync(path.join(site, 'brochure.pdf'), '%PDF-1.4\n%%EOF\n');
    writeSiteManifestFixture(site, {
      'index.html': [inlineScript],
      'about/index.html': [],
      '404.html': [],
    });
    fixture = await startTestServer({
      dataDir: path.join(temp.dir, 'data'),
      env: { WEB_DIST: site },
    });
    if (HAS_BUILD) {
      built = await startTestServer({
        dataDir: path.join(temp.dir, 'built-data'),
        env: { WEB_DIST: BUILT_SITE },
      });
    }
  });
  afterAll(async () => {
    await fixture.close();
    await built?.close();
    temp.remove();
  });

  it('when a page or the brochure goes out, then it carries the page policy and the other browser headers', async () => {
    const responses = {
      'home page': await request(fixture.url).get('/'),
      'nested page': await request(fixture.url).get('/about/'),
      'PDF brochure': await request(fixture.url).get('/brochure.pdf'),
      'missing page': await request(fixture.url).get('/no-such-page'),
      'refusal page of a form the browser posted': await request(fixture.url)
        .post('/contact-form')
        .set('Sec-Fetch-Mode', 'navigate')
        .set('Accept', 'text/html')
        .type('form')
        .send({ name: '' }),
    };
    for (const [where, response] of Object.entries(responses)) {
      expect(response.headers['content-type'], where).toMatch(/^(text\/html|application\/pdf)/);
      expectBrowserHeaders(response.headers, where);
    }
  });

  it('when a browser revalidates a page and gets 304, then the 304 keeps the page policy it refreshes', async () => {
    const first = await request(fixture.url).get('/');
    const revalidated = await request(fixture.url)
      .get('/')
      .set('If-None-Match', String(first.headers.etag));

    expect(revalidated.status).toBe(304);
    expectBrowserHeaders(revalidated.headers, 'revalidated home page');
  });

  it('when the API answers in plain text or JSON, then the reply carries a policy that allows nothing, not the 1.8 kB page policy', async () => {
    const responses = {
      'lead accepted': await request(fixture.url)
        .post('/send-email')
        .type('form')
        .send({ name: 'Ravi', mobile: '9876543210' }),
      'lead refused': await request(fixture.url).post('/contact-form').send({ name: '' }),
      'wrong method': await request(fixture.url).get('/send-email'),
      'unknown API path': await request(fixture.url).post('/submit'),
      'health check': await request(fixture.url).get('/healthz'),
      'readiness check': await request(fixture.url).get('/readyz'),
      'API description': await request(fixture.url).get('/openapi.json'),
    };
    for (const [where, response] of Object.entries(responses)) {
      expect(response.headers['content-type'], where).toMatch(/^(text\/plain|application\/json)/);
      expect(response.headers['content-security-policy'], where).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(response.headers['permissions-policy'], where).toBeUndefined();
      expect(response.headers['x-content-type-options'], where).toBe('nosniff');
      expect(response.headers['strict-transport-security'], where).toContain('max-age=31536000');
      expect(response.headers['x-powered-by'], where).toBeUndefined();
    }
  });

  it('when a script, style sheet, image or font of the site goes out, then it carries a policy that allows nothing and the headers that govern a file, not the page policy', async () => {
    const files = [
      '/assets/entry-abc123.js',
      '/assets/site-abc123.css',
      '/assets/face-abc123.woff2',
      '/favicon.png',
    ];
    for (const file of files) {
      const response = await request(fixture.url).get(file);

      expect(response.status, file).toBe(200);
      const csp = parseCsp(response.headers['content-security-policy']);
      expect(csp.get('default-src'), file).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors'), file).toEqual(["'none'"]);
      expect(csp.get('script-src'), file).toBeUndefined();
      expect(response.headers['x-content-type-options'], file).toBe('nosniff');
      expect(response.headers['strict-transport-security'], file).toContain('max-age=31536000');
      expect(response.headers['cross-origin-resource-policy'], file).toBe('same-origin');
      expect(response.headers['referrer-policy'], file).toBe('strict-origin-when-cross-origin');
      expect(response.headers['permissions-policy'], file).toBeUndefined();
      expect(response.headers['x-frame-options'], file).toBeUndefined();
      expect(response.headers['x-powered-by'], file).toBeUndefined();
    }
  });

  it('when a page has an inline script, then the CSP allows exactly that script by its hash', async () => {
    const response = await request(fixture.url).get('/');

    const scripts = parseCsp(response.headers['content-security-policy']).get('script-src');
    expect(scripts?.filter((source) => source.startsWith("'sha256-"))).toEqual(
      inlineScriptHashes(`<script>${inlineScript}</script>`),
    );
  });

  it.skipIf(!HAS_BUILD)(
    'when the real site is served, then every page gets the headers and the CSP it is sent allows each of its inline scripts by hash',
    async () => {
      const pages = htmlPages(BUILT_SITE);
      expect(pages.length).toBeGreaterThanOrEqual(9);

      for (const page of pages) {
        const file = path.relative(BUILT_SITE, page).split(path.sep).join('/');
        const route = `/${file.replace(/(^|\/)index\.html$/, '')}`;
        const response = await request(built!.app).get(route);
        expect([200, 404], route).toContain(response.status);
        expect(response.text, route).toBe(readFileSync(page, 'utf8'));
        const allowed = parseCsp(response.headers['content-security-policy']).get('script-src');
        const hashes = inlineScriptHashes(response.text);
        expect(hashes.length, route).toBeGreaterThan(0);
        for (const hash of hashes) expect(allowed, route).toContain(hash);
        expectBrowserHeaders(response.headers, route);
      }
    },
  );

  it.skipIf(!HAS_BUILD)(
    'when the built site embeds a map, a video or loads analytics, then those hosts are the ones the CSP names',
    () => {
      const bundle = readdirSync(path.join(BUILT_SITE, 'assets'))
        .filter((name) => name.endsWith('.js'))
        .map((name) => readFileSync(path.join(BUILT_SITE, 'assets', name), 'utf8'))
        .join('\n');

      expect(bundle).toContain(`${VIDEO_HOST}/embed/`);
      expect(bundle).toContain(`${MAP_HOST}/maps`);
      expect(bundle).toContain(`${TAG_MANAGER}/gtm`);
    },
  );
});
