/**
 * Pages are prerendered at `/why/` and visited at `/why`: compared and reported without the
 * trailing slash, the prerendered HTML and the hydrated page agree.
 */
export function withoutTrailingSlash(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}
