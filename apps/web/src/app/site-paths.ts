import type { RoutePath } from '../content/site.ts';

/** Every page of the site, in navigation order; each is prerendered to its own HTML file. */
export const PAGE_PATHS = [
  '/',
  '/about',
  '/highlights',
  '/why',
  '/gallery',
  '/location-highlights',
  '/contact',
  '/thank-you',
  '/privacy-policy',
] as const satisfies readonly RoutePath[];

/**
 * A path no page claims: the catch-all route renders the not-found page there at build time,
 * and the build moves that file to `404.html`.
 */
export const NOT_FOUND_PRERENDER_PATH = '/404';
