/**
 * The push services the server posts alerts to. A subscription's endpoint comes from a browser,
 * so it is a URL someone signed in typed or chose: the server posts only to the browsers' own
 * push services, never to an address inside the network it runs in.
 */

/**
 * The services of Chrome, Edge, Firefox, Safari and the browsers built on them (Samsung Internet,
 * Opera and Brave use Google's). `*.` stands for any name under the domain.
 */
export const BROWSER_PUSH_SERVICES =
  'https://fcm.googleapis.com,https://*.push.services.mozilla.com,https://web.push.apple.com,https://*.notify.windows.com';

/**
 * A comma-separated list of origins (`https://host`, `https://*.domain`, a port if not the
 * scheme's own), each kept as written without a trailing slash; undefined if any entry is not one.
 */
export function parsePushServices(value: string): string[] | undefined {
  const services = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (services.length === 0) return undefined;
  const origins = services.map((service) => {
    try {
      const url = new URL(service.replace('://*.', '://wildcard.'));
      const plain = url.pathname === '/' && !url.search && !url.hash && !url.username;
      return plain && (url.protocol === 'https:' || url.protocol === 'http:')
        ? service.replace(/\/$/, '').toLowerCase()
        : undefined;
    } catch {
      return undefined;
    }
  });
  return origins.every((origin) => origin !== undefined) ? origins : undefined;
}

/** Whether `endpoint` is at one of `services` (as parsePushServices returns them). */
export function isPushService(endpoint: string, services: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  return services.some((service) => {
    const wildcard = service.includes('://*.');
    const allowed = new URL(service.replace('://*.', '://'));
    if (url.protocol !== allowed.protocol || url.port !== allowed.port) return false;
    return wildcard
      ? url.hostname.endsWith(`.${allowed.hostname}`)
      : url.hostname === allowed.hostname;
  });
}
