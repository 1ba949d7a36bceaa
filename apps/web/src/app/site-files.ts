import { ROUTE_META } from '../content/site.ts';
import { PAGE_PATHS } from './site-paths.ts';

/** The pages search engines may list: every page except those marked `noindex`. */
export function indexablePaths(): string[] {
  return PAGE_PATHS.filter((page) => !ROUTE_META[page].noindex);
}

function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** `sitemap.xml`: the indexable pages at their canonical URLs, the landing page first. */
export function sitemapXml(siteUrl: string): string {
  const entries = indexablePaths().map(
    (page) =>
      `  <url>\n    <loc>${escapeXml(`${siteUrl}${page}`)}</loc>\n    <priority>${page === '/' ? '1.0' : '0.7'}</priority>\n  </url>`,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries,
    '</urlset>',
    '',
  ].join('\n');
}

/**
 * `robots.txt`: crawlers are welcome everywhere but the sales desk (the thank-you page keeps itself out of results
 * with its own `noindex`, which a crawler can only read if it may fetch the page) and are
 * pointed at the sitemap.
 */
export function robotsTxt(siteUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    // The sales desk is behind a sign-in and answers noindex as well.
    'Disallow: /desk',
    '',
    `Sitemap: ${siteUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
