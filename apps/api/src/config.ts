import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import addressparser from 'nodemailer/lib/addressparser';
import * as v from 'valibot';
import { readMetaSettings, type MetaSettings } from './graph/meta-config.ts';
import { readDkimSettings, type DkimSettings } from './mail/dkim.ts';
import { BROWSER_PUSH_SERVICES, parsePushServices } from './push/push-services.ts';
import { readWebhookSettings, type WebhookSettings } from './webhooks/webhook-config.ts';

export type TrustProxy = boolean | number | string[];

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface MailAddress {
  name: string;
  address: string;
}

export interface Config {
  port: number;
  host: string;
  /** Absolute directory holding the lead database and the dev inbox. */
  dataDir: string;
  databaseFile: string;
  /** Dev inbox folder, used when no SMTP server is configured. */
  devInboxDir: string;
  /** Nodemailer connection URL; undefined means the dev inbox. */
  smtpUrl: string | undefined;
  mailTo: MailAddress[];
  mailFrom: MailAddress;
  corsOrigins: string[];
  trustProxy: TrustProxy;
  rateLimit: { max: number; windowMs: number; heldPerAddressPerHour: number; heldPerHour: number };
  requestTimeoutMs: number;
  smtpTimeoutMs: number;
  pendingAlertMs: number;
  /** Days a settled lead stays in the database; 0 keeps leads forever. */
  leadRetentionDays: number;
  logLevel: LogLevel;
  /** Hour (0–23, India time) of the daily digest to MAIL_TO; undefined: no digest. */
  digestHour: number | undefined;
  /** DKIM signing of outgoing mail; undefined: unsigned. */
  dkim: DkimSettings | undefined;
  /** Signed webhook posts of every lead; undefined: none. */
  webhooks: WebhookSettings | undefined;
  /**
   * Requests each intake source (Google Ads, Meta, each partner) may make per minute, apart from
   * the site's per-address limit; 0 turns the ceiling off (benchmarks).
   */
  intakePerSourcePerMinute: number;
  /** The key Google Ads sends as `google_key` with each lead; undefined: the channel is off. */
  googleAdsWebhookKey: string | undefined;
  /** Meta lead ads (`/intake/meta` and the Graph reads); undefined: the channel is off. */
  meta: MetaSettings | undefined;
  /**
   * The site's public origin (and path, if any), no trailing slash: emails link to the desk
   * under it, `{siteUrl}/desk/leads/<id>`. Unset, the server's own address outside production
   * (`http://localhost:<PORT>`); production refuses to start without it. The site's build reads
   * the same variable, with its own default.
   */
  siteUrl: string;
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
  /** Absolute directory of the built website. */
  webDist: string;
  /** Absolute directory of the built sales desk app, served under /desk: `apps/desk/dist`. */
  deskDist: string;
}

/** The default of each environment variable that has one; `ENV_ENTRIES` below reads them all. */
export const ENV_DEFAULTS = {
  PORT: '8080',
  HOST: '0.0.0.0',
  DATA_DIR: './var',
  MAIL_TO: 'sales@localhost',
  MAIL_FROM: '"Elegant Iconia website" <no-reply@localhost>',
  CORS_ORIGINS: '',
  TRUST_PROXY: 'false',
  RATE_LIMIT_MAX: '10',
  RATE_LIMIT_WINDOW_MS: '600000',
  HELD_PER_ADDRESS_PER_HOUR: '30',
  HELD_PER_HOUR: '300',
  REQUEST_TIMEOUT_MS: '15000',
  SMTP_TIMEOUT_MS: '10000',
  PENDING_ALERT_MS: '900000',
  LEAD_RETENTION_DAYS: '365',
  LOG_LEVEL: 'info',
  ALLOW_FILE_INBOX: 'false',
  INTAKE_PER_SOURCE_PER_MINUTE: '120',
  PUSH_SERVICES: BROWSER_PUSH_SERVICES,
} as const;

const LOG_LEVELS = [
  'fatal',
  'error',
  'warn',
  'info',
  'debug',
  'trace',
  'silent',
] as const satisfies readonly LogLevel[];
const TRUST_PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];
const EMAIL_ADDRESS = /^[^\s@<>]+@[^\s@<>]+$/;

/**
 * The built site sits beside the API in the repository: `apps/web/build/client`. Resolved from
 * this module's own location, which is `apps/api/src` under tsx and `apps/api/dist` once bundled;
 * both are two levels below `apps`.
 */
export function defaultWebDist(): string {
  return fileURLToPath(new URL('../../web/build/client/', import.meta.url));
}

/** The built sales desk beside the API: `apps/desk/dist`, found the same way as the site. */
export function defaultDeskDist(): string {
  return fileURLToPath(new URL('../../desk/dist/', import.meta.url));
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

/*
 * The environment, one schema for every variable the server reads. Each entry reads its own
 * variable: trimmed, empty as unset, its default applied, then checked. A refusal's message is
 * written without the variable's name, which the report puts in front of it.
 */

const got = (issue: { input: unknown }) => `(got "${String(issue.input)}")`;

/** A variable's trimmed text; empty counts as unset, so `PORT=` means the default. */
function text(fallback: string): v.GenericSchema<string | undefined, string>;
function text(): v.GenericSchema<string | undefined, string | undefined>;
function text(fallback?: string): v.GenericSchema<string | undefined, string | undefined> {
  return v.pipe(
    v.optional(v.string(), fallback),
    v.transform((value) => value?.trim() || fallback),
  );
}

function wholeNumber(fallback: string, min: number, max: number) {
  return v.pipe(
    text(fallback),
    v.check(
      (raw) =>
        /^\d+$/.test(raw) &&
        Number.isSafeInteger(Number(raw)) &&
        Number(raw) >= min &&
        Number(raw) <= max,
      (issue) => `must be a whole number from ${min} to ${max} ${got(issue)}.`,
    ),
    v.transform(Number),
  );
}

/** Parses with `parse`, refusing the value when it gives undefined. */
function parsed<T>(
  schema: v.GenericSchema<string | undefined, string>,
  parse: (value: string) => T | undefined,
  message: (value: string) => string,
) {
  return v.pipe(
    schema,
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const value = parse(dataset.value);
      if (value === undefined) {
        addIssue({ message: message(dataset.value) });
        return NEVER;
      }
      return value;
    }),
  );
}

const ENV_ENTRIES = {
  PORT: wholeNumber(ENV_DEFAULTS.PORT, 0, 65_535),
  HOST: text(ENV_DEFAULTS.HOST),
  DATA_DIR: text(ENV_DEFAULTS.DATA_DIR),
  NODE_ENV: text(),
  SMTP_URL: v.pipe(
    text(),
    // The URL may carry a password, so it is never echoed back.
    v.check(
      (url) => url === undefined || isSmtpUrl(url),
      'must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@host:587.',
    ),
  ),
  ALLOW_FILE_INBOX: v.pipe(
    text(ENV_DEFAULTS.ALLOW_FILE_INBOX),
    v.picklist(['true', 'false'], (issue) => `must be true or false ${got(issue)}.`),
    v.transform((value) => value === 'true'),
  ),
  MAIL_TO: parsed(
    text(ENV_DEFAULTS.MAIL_TO),
    parseAddresses,
    (value) => `must be one or more email addresses separated by commas (got "${value}").`,
  ),
  MAIL_FROM: parsed(
    text(ENV_DEFAULTS.MAIL_FROM),
    (value) => {
      const addresses = parseAddresses(value);
      return addresses?.length === 1 ? addresses[0] : undefined;
    },
    (value) => `must be one email address, optionally with a name (got "${value}").`,
  ),
  CORS_ORIGINS: v.pipe(
    text(ENV_DEFAULTS.CORS_ORIGINS),
    v.transform(splitList),
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      for (const origin of dataset.value.filter((item) => !isOrigin(item))) {
        addIssue({
          message: `entries must be origins like https://example.com (got "${origin}").`,
        });
      }
    }),
  ),
  TRUST_PROXY: parsed(
    text(ENV_DEFAULTS.TRUST_PROXY),
    parseTrustProxy,
    (value) =>
      `must be false, true, a hop count, or a comma-separated list of proxy addresses, subnets or ${TRUST_PROXY_NAMES.join('/')} (got "${value}").`,
  ),
  RATE_LIMIT_MAX: wholeNumber(ENV_DEFAULTS.RATE_LIMIT_MAX, 0, 1_000_000_000),
  RATE_LIMIT_WINDOW_MS: wholeNumber(ENV_DEFAULTS.RATE_LIMIT_WINDOW_MS, 1_000, 86_400_000),
  HELD_PER_ADDRESS_PER_HOUR: wholeNumber(ENV_DEFAULTS.HELD_PER_ADDRESS_PER_HOUR, 0, 1_000_000_000),
  HELD_PER_HOUR: wholeNumber(ENV_DEFAULTS.HELD_PER_HOUR, 0, 1_000_000_000),
  REQUEST_TIMEOUT_MS: wholeNumber(ENV_DEFAULTS.REQUEST_TIMEOUT_MS, 1_000, 600_000),
  SMTP_TIMEOUT_MS: wholeNumber(ENV_DEFAULTS.SMTP_TIMEOUT_MS, 500, 300_000),
  PENDING_ALERT_MS: wholeNumber(ENV_DEFAULTS.PENDING_ALERT_MS, 1_000, 604_800_000),
  LEAD_RETENTION_DAYS: wholeNumber(ENV_DEFAULTS.LEAD_RETENTION_DAYS, 0, 36_500),
  LOG_LEVEL: v.pipe(
    text(ENV_DEFAULTS.LOG_LEVEL),
    v.picklist(LOG_LEVELS, (issue) => `must be one of ${LOG_LEVELS.join(', ')} ${got(issue)}.`),
  ),
  DIGEST_HOUR: v.pipe(
    text(),
    v.check(
      (hour) => hour === undefined || (/^\d{1,2}$/.test(hour) && Number(hour) <= 23),
      (issue) => `must be an hour from 0 to 23 (India time), or unset for no digest ${got(issue)}.`,
    ),
    v.transform((hour) => (hour === undefined ? undefined : Number(hour))),
  ),
  // DKIM and webhooks are read as groups (all or none); their own modules check each group.
  DKIM_DOMAIN: text(),
  DKIM_SELECTOR: text(),
  DKIM_PRIVATE_KEY: text(),
  WEBHOOK_URL: text(),
  WEBHOOK_SECRET: text(),
  INTAKE_PER_SOURCE_PER_MINUTE: wholeNumber(
    ENV_DEFAULTS.INTAKE_PER_SOURCE_PER_MINUTE,
    0,
    1_000_000,
  ),
  // The key is never echoed back.
  GOOGLE_ADS_WEBHOOK_KEY: v.pipe(
    text(),
    v.check(
      (key) => key === undefined || (key.length >= 16 && key.length <= 500),
      'must be 16 to 500 characters: a long random key, as Google Ads suggests.',
    ),
  ),
  // Meta lead ads: the three secrets together or none, checked by the channel's own reader.
  META_APP_SECRET: text(),
  META_VERIFY_TOKEN: text(),
  META_PAGE_ACCESS_TOKEN: text(),
  META_GRAPH_URL: text(),
  SITE_URL: v.pipe(
    text(),
    v.check(
      (url) => url === undefined || parseSiteUrl(url) !== undefined,
      (issue) =>
        `must be the site's public http(s) address without query or fragment, e.g. https://www.eleganticonia.com ${got(issue)}.`,
    ),
    v.transform((url) => (url === undefined ? undefined : parseSiteUrl(url))),
  ),
  PUSH_SERVICES: parsed(
    text(ENV_DEFAULTS.PUSH_SERVICES),
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
  WEB_DIST: text(),
};

/** Every environment variable the server reads. */
export const ENV_VARIABLES = Object.keys(ENV_ENTRIES);

/** The environment of a process that emails leads or, with `sendsMail` false, of one that does not. */
function envSchema(sendsMail: boolean) {
  return v.pipe(
    v.object(ENV_ENTRIES),
    // In production a missing SMTP_URL is a mistake, not a choice: leads would only become files.
    v.forward(
      v.partialCheck(
        [['NODE_ENV'], ['SMTP_URL'], ['ALLOW_FILE_INBOX']],
        (env) =>
          !sendsMail ||
          env.NODE_ENV !== 'production' ||
          env.SMTP_URL !== undefined ||
          env.ALLOW_FILE_INBOX,
        'must be set when NODE_ENV=production: without it lead emails are only written as files under DATA_DIR/mail and reach no one. Set ALLOW_FILE_INBOX=true to keep that file inbox on purpose (benches, demos).',
      ),
      ['SMTP_URL'],
    ),
    // Nor is a missing SITE_URL: every desk link in the team's emails would name this machine.
    v.forward(
      v.partialCheck(
        [['NODE_ENV'], ['SITE_URL']],
        (env) => !sendsMail || env.NODE_ENV !== 'production' || env.SITE_URL !== undefined,
        "must be set when NODE_ENV=production: it is the site's public address, e.g. https://www.eleganticonia.com, and every email links to the desk under it (SITE_URL/desk/leads/<id>); without it the links would name this server's own address, which no one else can open.",
      ),
      ['SITE_URL'],
    ),
  );
}

/** `NAME message` for each refusal, in the order the variables are listed. */
function describeIssues(issues: readonly v.BaseIssue<unknown>[]): string[] {
  return issues.map((issue) => `${v.getDotPath(issue) ?? 'environment'} ${issue.message}`);
}

export interface LoadConfigOptions {
  /**
   * Whether this process emails leads (the server does; the operator's CLI only reads and writes
   * the database), so whether a production start needs a mail server and the site's address.
   */
  sendsMail?: boolean;
}

/**
 * Reads the environment once, at start. Every bad variable is reported in one error so an
 * operator fixes them in one go rather than one restart at a time.
 */
export function loadConfig(
  env: Env = process.env,
  cwd: string = process.cwd(),
  { sendsMail = true }: LoadConfigOptions = {},
): Config {
  const result = v.safeParse(envSchema(sendsMail), env);
  const problems = describeIssues(result.issues ?? []);
  // Each group reads values the schema cannot refuse, so they are there even when it refused others.
  const { output } = result as { output: Record<string, string | undefined> };
  const dkim = readDkimSettings(
    {
      domain: output.DKIM_DOMAIN,
      selector: output.DKIM_SELECTOR,
      privateKey: output.DKIM_PRIVATE_KEY,
    },
    cwd,
  );
  const webhooks = readWebhookSettings({ urls: output.WEBHOOK_URL, secret: output.WEBHOOK_SECRET });
  const meta = readMetaSettings({
    appSecret: output.META_APP_SECRET,
    verifyToken: output.META_VERIFY_TOKEN,
    pageAccessToken: output.META_PAGE_ACCESS_TOKEN,
    graphUrl: output.META_GRAPH_URL,
  });
  problems.push(...dkim.problems, ...webhooks.problems, ...meta.problems);
  if (!result.success || problems.length > 0) throw new ConfigError(problems);

  const read = result.output;
  const dataDir = path.resolve(cwd, read.DATA_DIR);
  // Outside production the desk links of a local run lead back to this server.
  const siteUrl = read.SITE_URL ?? `http://localhost:${read.PORT}`;
  return {
    port: read.PORT,
    host: read.HOST,
    dataDir,
    databaseFile: path.join(dataDir, 'leads.sqlite'),
    devInboxDir: path.join(dataDir, 'mail'),
    smtpUrl: read.SMTP_URL,
    mailTo: read.MAIL_TO,
    mailFrom: read.MAIL_FROM,
    corsOrigins: read.CORS_ORIGINS,
    trustProxy: read.TRUST_PROXY,
    rateLimit: {
      max: read.RATE_LIMIT_MAX,
      windowMs: read.RATE_LIMIT_WINDOW_MS,
      heldPerAddressPerHour: read.HELD_PER_ADDRESS_PER_HOUR,
      heldPerHour: read.HELD_PER_HOUR,
    },
    requestTimeoutMs: read.REQUEST_TIMEOUT_MS,
    smtpTimeoutMs: read.SMTP_TIMEOUT_MS,
    pendingAlertMs: read.PENDING_ALERT_MS,
    leadRetentionDays: read.LEAD_RETENTION_DAYS,
    logLevel: read.LOG_LEVEL,
    digestHour: read.DIGEST_HOUR,
    dkim: dkim.settings,
    webhooks: webhooks.settings,
    intakePerSourcePerMinute: read.INTAKE_PER_SOURCE_PER_MINUTE,
    googleAdsWebhookKey: read.GOOGLE_ADS_WEBHOOK_KEY,
    meta: meta.settings,
    siteUrl,
    pushSubject:
      read.VAPID_SUBJECT ??
      (siteUrl.startsWith('https:') ? siteUrl : `mailto:${read.MAIL_FROM.address}`),
    pushServices: read.PUSH_SERVICES,
    webDist: read.WEB_DIST ? path.resolve(cwd, read.WEB_DIST) : defaultWebDist(),
    deskDist: defaultDeskDist(),
  };
}

function splitList(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

function isSmtpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname !== '';
  } catch {
    return false;
  }
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

/** The same rule as the site's build: an absolute http(s) URL, its trailing slash dropped. */
function parseSiteUrl(value: string): string | undefined {
  try {
    const url = new URL(value);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
    if (url.search || url.hash || value.includes('?') || value.includes('#')) return undefined;
    return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
  } catch {
    return undefined;
  }
}

function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === value;
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

/** Accepts the values Express's `trust proxy` setting understands, and nothing vaguer. */
export function parseTrustProxy(value: string): TrustProxy | undefined {
  const lower = value.toLowerCase();
  if (lower === 'false' || lower === '0') return false;
  if (lower === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  const entries = splitList(value);
  if (entries.length === 0) return undefined;
  const valid = entries.every((entry) => {
    if (TRUST_PROXY_NAMES.includes(entry)) return true;
    const [address = '', bits, ...rest] = entry.split('/');
    const family = isIP(address);
    if (family === 0 || rest.length > 0) return false;
    if (bits === undefined) return true;
    if (!/^\d+$/.test(bits)) return false;
    return Number(bits) <= (family === 4 ? 32 : 128);
  });
  return valid ? entries : undefined;
}
