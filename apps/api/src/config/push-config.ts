import * as v from 'valibot';
import { got, parsed, text, type EnvOutput } from './env-schema.ts';
import { EMAIL_ADDRESS, type MailAddress } from './mail-config.ts';

/**
 * The services of Chrome, Edge, Firefox, Safari and the browsers built on them (Samsung Internet,
 * Opera and Brave use Google's). `*.` stands for any name under the domain.
 */
export const BROWSER_PUSH_SERVICES =
  'https://fcm.googleapis.com,https://*.push.services.mozilla.com,https://web.push.apple.com,https://*.notify.windows.com';

/** Web Push alerts to the desk's phones. */
export interface PushConfig {
  /**
   * The contact the push services see with every alert (VAPID's `sub`): VAPID_SUBJECT, a
   * mailto: or https: URL; by default the site's address, or MAIL_FROM's when that is not https.
   */
  pushSubject: string;
  /**
   * The origins phone alerts may be posted to (PUSH_SERVICES): a device whose endpoint is
   * elsewhere is refused when it subscribes. By default the browsers' own push services.
   */
  pushServices: string[];
}

export const PUSH_DEFAULTS = {
  PUSH_SERVICES: BROWSER_PUSH_SERVICES,
} as const;

export const PUSH_ENV = {
  PUSH_SERVICES: parsed(
    text(PUSH_DEFAULTS.PUSH_SERVICES),
    parsePushServices,
    (value) =>
      `must be a comma-separated list of push service origins, e.g. https://fcm.googleapis.com,https://*.notify.windows.com (got "${value}").`,
  ),
  VAPID_SUBJECT: v.pipe(
    text(),
    v.check(
      (subject) => subject === undefined || isVapidSubject(subject),
      (issue) =>
        `must be a mailto: address or an https URL the push services can reach the site's operators at, e.g. mailto:ops@eleganticonia.com ${got(issue)}.`,
    ),
  ),
};

export function pushConfig(
  read: EnvOutput<typeof PUSH_ENV>,
  site: { siteUrl: string; mailFrom: MailAddress },
): PushConfig {
  return {
    pushSubject:
      read.VAPID_SUBJECT ??
      (site.siteUrl.startsWith('https:') ? site.siteUrl : `mailto:${site.mailFrom.address}`),
    pushServices: read.PUSH_SERVICES,
  };
}

function isVapidSubject(value: string): boolean {
  try {
    const url = new URL(value);
    if (url.protocol === 'mailto:') return EMAIL_ADDRESS.test(url.pathname);
    return url.protocol === 'https:' && url.hostname !== '';
  } catch {
    return false;
  }
}

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
