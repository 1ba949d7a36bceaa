import path from 'node:path';
import addressparser from 'nodemailer/lib/addressparser';
import * as v from 'valibot';
import { readDkimSettings, type DkimSettings } from './dkim.ts';
import { got, parsed, text, type Env, type EnvOutput } from './env-schema.ts';

export interface MailAddress {
  name: string;
  address: string;
}

/** Where lead emails go, from whom, through which server, signed how. */
export interface MailConfig {
  /** Dev inbox folder, used when no SMTP server is configured. */
  devInboxDir: string;
  /** Nodemailer connection URL; undefined means the dev inbox. */
  smtpUrl: string | undefined;
  mailTo: MailAddress[];
  mailFrom: MailAddress;
  /** Hour (0–23, India time) of the daily digest to MAIL_TO; undefined: no digest. */
  digestHour: number | undefined;
  /** DKIM signing of outgoing mail; undefined: unsigned. */
  dkim: DkimSettings | undefined;
}

export const EMAIL_ADDRESS = /^[^\s@<>]+@[^\s@<>]+$/;

export const MAIL_DEFAULTS = {
  MAIL_TO: 'sales@localhost',
  MAIL_FROM: '"Elegant Iconia website" <no-reply@localhost>',
  ALLOW_FILE_INBOX: 'false',
} as const;

export const MAIL_ENV = {
  SMTP_URL: v.pipe(
    text(),
    // The URL may carry a password, so it is never echoed back.
    v.check(
      (url) => url === undefined || isSmtpUrl(url),
      'must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@host:587.',
    ),
  ),
  ALLOW_FILE_INBOX: v.pipe(
    text(MAIL_DEFAULTS.ALLOW_FILE_INBOX),
    v.picklist(['true', 'false'], (issue) => `must be true or false ${got(issue)}.`),
    v.transform((value) => value === 'true'),
  ),
  MAIL_TO: parsed(
    text(MAIL_DEFAULTS.MAIL_TO),
    parseAddresses,
    (value) => `must be one or more email addresses separated by commas (got "${value}").`,
  ),
  MAIL_FROM: parsed(
    text(MAIL_DEFAULTS.MAIL_FROM),
    (value) => {
      const addresses = parseAddresses(value);
      return addresses?.length === 1 ? addresses[0] : undefined;
    },
    (value) => `must be one email address, optionally with a name (got "${value}").`,
  ),
  DIGEST_HOUR: v.pipe(
    text(),
    v.check(
      (hour) => hour === undefined || (/^\d{1,2}$/.test(hour) && Number(hour) <= 23),
      (issue) => `must be an hour from 0 to 23 (India time), or unset for no digest ${got(issue)}.`,
    ),
    v.transform((hour) => (hour === undefined ? undefined : Number(hour))),
  ),
  // DKIM is read as a group (all or none); its own module checks the group.
  DKIM_DOMAIN: text(),
  DKIM_SELECTOR: text(),
  DKIM_PRIVATE_KEY: text(),
};

/** DKIM's variables, read together by the mail channel's own reader. */
export function readDkim(env: Env, cwd: string) {
  return readDkimSettings(
    { domain: env.DKIM_DOMAIN, selector: env.DKIM_SELECTOR, privateKey: env.DKIM_PRIVATE_KEY },
    cwd,
  );
}

export function mailConfig(
  read: EnvOutput<typeof MAIL_ENV>,
  dataDir: string,
  dkim: DkimSettings | undefined,
): MailConfig {
  return {
    devInboxDir: path.join(dataDir, 'mail'),
    smtpUrl: read.SMTP_URL,
    mailTo: read.MAIL_TO,
    mailFrom: read.MAIL_FROM,
    digestHour: read.DIGEST_HOUR,
    dkim,
  };
}

function isSmtpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname !== '';
  } catch {
    return false;
  }
}

function parseAddresses(value: string): MailAddress[] | undefined {
  const parsed = addressparser(value, { flatten: true });
  const addresses: MailAddress[] = [];
  for (const entry of parsed) {
    if (!entry.address || !EMAIL_ADDRESS.test(entry.address)) return undefined;
    addresses.push({ name: entry.name, address: entry.address });
  }
  return addresses.length > 0 ? addresses : undefined;
}
