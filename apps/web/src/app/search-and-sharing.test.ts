// @vitest-environment node
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PLOT_RANGES } from '@iconia/shared';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { resolveSiteUrl } from '../config/site-url.ts';
import { PHONES, ROUTE_META, SHARE_IMAGE, type RoutePath } from '../content/site.ts';
import { PAGE_PATHS } from './site-paths.ts';

/*
 * Reads what the build wrote (build/client, or WEB_BUILD_DIR): what a search engine or a chat
 * app finds in each page's head, and the sitemap and robots.txt beside the pages.
 */

const WEB_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CLIENT_DIR = path.join(
  path.resolve(WEB_ROOT, process.env.WEB_BUILD_DIR?.trim() || 'build'),
  'client',
);
const built = existsSync(path.join(CLIENT_DIR, 'index.html'));
if (!built) {
  console.warn(
    `Skipping the search and sharing checks: ${CLIENT_DIR} is missing. Run \`pnpm --filter @iconia/web build\` (the root \`pnpm test\` builds first).`,
  );
}

/** The origin the build used: the same variables, read the same way. */
const SITE_URL = resolveSiteUrl(process.env);

function pageHtml(page: RoutePath): string {
  return readFileSync(path.join(CLIENT_DIR, page.slice(1), 'index.html'), 'utf8');
}

function decode(text: string): string {
  return text
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** The head's tags as attribute maps, e.g. every `<meta>`. */
function tags(html: string, name: 'meta' | 'link'): Record<string, string>[] {
  const head = html.slice(0, html.indexOf('</head>'));
  return [...head.matchAll(new RegExp(`<${name}\\b([^>]*)>`, 'g'))].map(([, attributes = '']) =>
    Object.fromEntries(
      [...attributes.matchAll(/([\w:-]+)="([^"]*)"/g)].map(([, key = '', value = '']) => [
        key.toLowerCase(),
        decode(value),
      ]),
    ),
  );
}

function metaContent(html: string, key: string): string[] {
  return tags(html, 'meta')
    .filter((tag) => tag.name === key || tag.property === key)
    .map((tag) => tag.content ?? '');
}

function canonicals(html: string): string[] {
  return tags(html, 'link')
    .filter((tag) => tag.rel === 'canonical')
    .map((tag) => tag.href ?? '');
}

function jsonLd(html: string): unknown[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    ([, body = '']) => JSON.parse(decode(body)) as unknown,
  );
}

const INDEXED = PAGE_PATHS.filter((page) => !ROUTE_META[page].noindex);

describe.skipIf(!built)('search and sharing tags of the built pages', () => {
  it.each(PAGE_PATHS)(
    'when %s is fetched, then its head names its own title, description and share card',
    (page) => {
      const html = pageHtml(page);
      const { title, description } = ROUTE_META[page];

      expect(decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '')).toBe(title);
      expect(metaContent(html, 'description')).toEqual([description]);
      expect(metaContent(html, 'og:title')).toEqual([title]);
      expect(metaContent(html, 'og:description')).toEqual([description]);
      expect(metaContent(html, 'og:url')).toEqual([`${SITE_URL}${page}`]);
      expect(metaContent(html, 'og:image')).toEqual([`${SITE_URL}${SHARE_IMAGE.path}`]);
      expect(metaContent(html, 'og:image:width')).toEqual(['1200']);
      expect(metaContent(html, 'og:image:height')).toEqual(['630']);
      expect(metaContent(html, 'twitter:card')).toEqual(['summary_large_image']);
      expect(metaContent(html, 'twitter:title')).toEqual([title]);
      expect(metaContent(html, 'twitter:image')).toEqual([`${SITE_URL}${SHARE_IMAGE.path}`]);
    },
  );

  it.each(INDEXED)(
    'when %s is fetched, then it names its absolute canonical URL and lets search engines index it',
    (page) => {
      const html = pageHtml(page);

      expect(canonicals(html)).toEqual([`${SITE_URL}${page}`]);
      expect(metaContent(html, 'robots')).toEqual([]);
    },
  );

  it('when the thank-you page is fetched, then it asks search engines not to index it and names no canonical URL', () => {
    const html = pageHtml('/thank-you');

    expect(metaContent(html, 'robots')).toEqual(['noindex, follow']);
    expect(canonicals(html)).toEqual([]);
  });

  it('when the share image is fetched, then it is the 1200×630 JPEG the cards announce', async () => {
    const image = await sharp(path.join(CLIENT_DIR, SHARE_IMAGE.path.slice(1))).metadata();

    expect({ format: image.format, width: image.width, height: image.height }).toEqual({
      format: 'jpeg',
      width: 1200,
      height: 630,
    });
  });

  it('when the landing page is read by a search engine, then its structured data describes the seller, the place and an offer per plot range', () => {
    const [data, ...others] = jsonLd(pageHtml('/'));
    const graph = (data as { '@graph': Record<string, unknown>[] })['@graph'];
    const byType = (type: string) => graph.find((node) => node['@type'] === type);

    expect(others).toEqual([]);
    expect(data).toMatchObject({ '@context': 'https://schema.org' });
    expect(byType('RealEstateAgent')).toMatchObject({
      telephone: PHONES.sales.e164,
      address: { '@type': 'PostalAddress', addressCountry: 'IN' },
      geo: { '@type': 'GeoCoordinates' },
    });
    expect(byType('GatedResidenceCommunity')).toMatchObject({
      address: { '@type': 'PostalAddress' },
      geo: { '@type': 'GeoCoordinates' },
    });
    const listing = byType('RealEstateListing') as { offers: { name: string }[] };
    expect(listing.offers.map((offer) => offer.name)).toEqual(
      PLOT_RANGES.map((range) => `Villa plot, ${range}`),
    );
  });

  it('when any other page is fetched, then it carries no structured data of the project', () => {
    for (const page of PAGE_PATHS.filter((p) => p !== '/')) {
      expect(jsonLd(pageHtml(page)), page).toEqual([]);
    }
  });

  it('when a crawler reads sitemap.xml, then it lists every indexable page by its canonical URL and not the thank-you page', () => {
    const sitemap = readFileSync(path.join(CLIENT_DIR, 'sitemap.xml'), 'utf8');
    const locations = [...sitemap.matchAll(/<loc>([^<]*)<\/loc>/g)].map(([, loc]) => loc);

    expect(sitemap).toContain('xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"');
    expect(locations).toEqual(INDEXED.map((page) => `${SITE_URL}${page}`));
    expect(locations).not.toContain(`${SITE_URL}/thank-you`);
  });

  it('when a crawler reads robots.txt, then every page but the sales desk may be fetched and the sitemap is named', () => {
    const robots = readFileSync(path.join(CLIENT_DIR, 'robots.txt'), 'utf8');

    expect(robots).toMatch(/^User-agent: \*$/m);
    expect(robots).toMatch(/^Allow: \/$/m);
    expect(robots.match(/^Disallow: .*$/gm)).toEqual(['Disallow: /desk']);
    expect(robots).toMatch(new RegExp(`^Sitemap: ${SITE_URL}/sitemap\\.xml$`, 'm'));
  });
});
