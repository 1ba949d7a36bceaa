/** Where the site lives unless the build says otherwise. */
export const DEFAULT_SITE_URL = 'https://www.eleganticonia.com';

/**
 * The public origin of the site for canonical, share and sitemap URLs: `SITE_URL`, else
 * `VITE_SITE_URL`, else the default. Read at build time (vite.config.ts, react-router.config.ts)
 * from the shell or an .env file; a value that is not an http(s) origin stops the build.
 */
export function resolveSiteUrl(vars: Readonly<Record<string, string | undefined>>): string {
  const given = (vars.SITE_URL?.trim() || vars.VITE_SITE_URL?.trim()) ?? '';
  if (given === '') return DEFAULT_SITE_URL;
  let url: URL;
  try {
    url = new URL(given);
  } catch {
    throw new Error(
      `SITE_URL must be an absolute URL such as ${DEFAULT_SITE_URL} (got "${given}")`,
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(`SITE_URL must start with https:// (got "${given}")`);
  }
  if (url.search || url.hash) {
    throw new Error(`SITE_URL must be an origin without query or fragment (got "${given}")`);
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}
