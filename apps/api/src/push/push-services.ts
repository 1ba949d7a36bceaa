/**
 * The push services the server posts alerts to. A subscription's endpoint comes from a browser,
 * so it is a URL someone signed in typed or chose: the server posts only to the browsers' own
 * push services, never to an address inside the network it runs in.
 */

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
