import * as v from 'valibot';
import { BROWSER_PUSH_SERVICES, parsePushServices } from '../push/push-services.ts';
import { got, parsed, text, type EnvOutput } from './env-schema.ts';
import { EMAIL_ADDRESS, type MailAddress } from './mail-config.ts';

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
