import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import addressparser from 'nodemailer/lib/addressparser';
import { readDkimSettings, type DkimSettings } from './mail/dkim.ts';
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
  /** Absolute directory of the built website. */
  webDist: string;
  /** Absolute directory of the built sales desk app, served under /desk: `apps/desk/dist`. */
  deskDist: string;
}

/** Every environment variable the server reads, with its default and meaning. */
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
} as const;

const LOG_LEVELS: readonly LogLevel[] = [
  'fatal',
  'error',
  'warn',
  'info',
  'debug',
  'trace',
  'silent',
];
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

export interface LoadConfigOptions {
  /**
   * Whether this process emails leads (the server does; the operator's CLI only reads and writes
   * the database), so whether a production start needs a mail server.
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
  const problems: string[] = [];
  const read = (name: keyof typeof ENV_DEFAULTS): string => {
    const value = env[name]?.trim();
    return value === undefined || value === '' ? ENV_DEFAULTS[name] : value;
  };

  const integer = (name: keyof typeof ENV_DEFAULTS, min: number, max: number): number => {
    const raw = read(name);
    const value = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
    if (!Number.isSafeInteger(value) || value < min || value > max) {
      problems.push(`${name} must be a whole number from ${min} to ${max} (got "${raw}").`);
      return Number(ENV_DEFAULTS[name]);
    }
    return value;
  };

  const port = integer('PORT', 0, 65_535);
  const host = read('HOST');
  const dataDir = path.resolve(cwd, read('DATA_DIR'));

  const smtpUrl = env.SMTP_URL?.trim() || undefined;
  if (smtpUrl !== undefined && !isSmtpUrl(smtpUrl)) {
    // The URL may carry a password, so it is never echoed back.
    problems.push('SMTP_URL must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@host:587.');
  }
  const allowFileInbox = read('ALLOW_FILE_INBOX');
  if (allowFileInbox !== 'true' && allowFileInbox !== 'false') {
    problems.push(`ALLOW_FILE_INBOX must be true or false (got "${allowFileInbox}").`);
  }
  // In production a missing SMTP_URL is a mistake, not a choice: leads would only become files.
  if (
    sendsMail &&
    env.NODE_ENV?.trim() === 'production' &&
    smtpUrl === undefined &&
    allowFileInbox !== 'true'
  ) {
    problems.push(
      'SMTP_URL must be set when NODE_ENV=production: without it lead emails are only written as files under DATA_DIR/mail and reach no one. Set ALLOW_FILE_INBOX=true to keep that file inbox on purpose (benches, demos).',
    );
  }

  const mailTo = parseAddresses(read('MAIL_TO'));
  if (!mailTo) {
    problems.push(
      `MAIL_TO must be one or more email addresses separated by commas (got "${read('MAIL_TO')}").`,
    );
  }
  const mailFrom = parseAddresses(read('MAIL_FROM'));
  if (!mailFrom || mailFrom.length !== 1) {
    problems.push(
      `MAIL_FROM must be one email address, optionally with a name (got "${read('MAIL_FROM')}").`,
    );
  }

  const corsOrigins = splitList(read('CORS_ORIGINS'));
  for (const origin of corsOrigins) {
    if (!isOrigin(origin)) {
      problems.push(
        `CORS_ORIGINS entries must be origins like https://example.com (got "${origin}").`,
      );
    }
  }

  const trustProxy = parseTrustProxy(read('TRUST_PROXY'));
  if (trustProxy === undefined) {
    problems.push(
      `TRUST_PROXY must be false, true, a hop count, or a comma-separated list of proxy addresses, subnets or ${TRUST_PROXY_NAMES.join('/')} (got "${read('TRUST_PROXY')}").`,
    );
  }

  const rateLimit = {
    max: integer('RATE_LIMIT_MAX', 0, 1_000_000_000),
    windowMs: integer('RATE_LIMIT_WINDOW_MS', 1_000, 86_400_000),
    heldPerAddressPerHour: integer('HELD_PER_ADDRESS_PER_HOUR', 0, 1_000_000_000),
    heldPerHour: integer('HELD_PER_HOUR', 0, 1_000_000_000),
  };
  const requestTimeoutMs = integer('REQUEST_TIMEOUT_MS', 1_000, 600_000);
  const smtpTimeoutMs = integer('SMTP_TIMEOUT_MS', 500, 300_000);
  const pendingAlertMs = integer('PENDING_ALERT_MS', 1_000, 604_800_000);
  const leadRetentionDays = integer('LEAD_RETENTION_DAYS', 0, 36_500);

  const logLevel = read('LOG_LEVEL') as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) {
    problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got "${logLevel}").`);
  }

  const digestHourRaw = env.DIGEST_HOUR?.trim() || undefined;
  const digestHour = digestHourRaw === undefined ? undefined : Number(digestHourRaw);
  if (
    digestHourRaw !== undefined &&
    !(/^\d{1,2}$/.test(digestHourRaw) && Number(digestHourRaw) <= 23)
  ) {
    problems.push(
      `DIGEST_HOUR must be an hour from 0 to 23 (India time), or unset for no digest (got "${digestHourRaw}").`,
    );
  }

  const dkim = readDkimSettings(
    {
      domain: env.DKIM_DOMAIN?.trim() || undefined,
      selector: env.DKIM_SELECTOR?.trim() || undefined,
      privateKey: env.DKIM_PRIVATE_KEY?.trim() || undefined,
    },
    cwd,
  );
  problems.push(...dkim.problems);

  const webhooks = readWebhookSettings({ urls: env.WEBHOOK_URL, secret: env.WEBHOOK_SECRET });
  problems.push(...webhooks.problems);

  const webDistRaw = env.WEB_DIST?.trim();
  const webDist = webDistRaw ? path.resolve(cwd, webDistRaw) : defaultWebDist();

  if (problems.length > 0) throw new ConfigError(problems);

  return {
    port,
    host,
    dataDir,
    databaseFile: path.join(dataDir, 'leads.sqlite'),
    devInboxDir: path.join(dataDir, 'mail'),
    smtpUrl,
    mailTo: mailTo ?? [],
    mailFrom: mailFrom?.[0] ?? { name: '', address: '' },
    corsOrigins,
    trustProxy: trustProxy ?? false,
    rateLimit,
    requestTimeoutMs,
    smtpTimeoutMs,
    pendingAlertMs,
    leadRetentionDays,
    logLevel,
    digestHour,
    dkim: dkim.settings,
    webhooks: webhooks.settings,
    webDist,
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
