import { fileURLToPath } from 'node:url';
import * as v from 'valibot';
import {
  CHANNELS_DEFAULTS,
  CHANNELS_ENV,
  channelsConfig,
  readChannelGroups,
  type ChannelsConfig,
} from './config/channels-config.ts';
import type { Env } from './config/env-schema.ts';
import {
  GOOGLE_CONVERSIONS_ENV,
  readGoogleConversionsSettings,
  type GoogleConversionsConfig,
} from './config/google-conversions-config.ts';
import { HTTP_DEFAULTS, HTTP_ENV, httpConfig, type HttpConfig } from './config/http-config.ts';
import {
  MAIL_DEFAULTS,
  MAIL_ENV,
  mailConfig,
  readDkim,
  type MailConfig,
} from './config/mail-config.ts';
import {
  OPERATIONS_DEFAULTS,
  OPERATIONS_ENV,
  operationsConfig,
  type OperationsConfig,
} from './config/operations-config.ts';
import { PUSH_DEFAULTS, PUSH_ENV, pushConfig, type PushConfig } from './config/push-config.ts';
import {
  SERVER_DEFAULTS,
  SERVER_ENV,
  serverConfig,
  type ServerConfig,
} from './config/server-config.ts';
import {
  readWhatsappSettings,
  WHATSAPP_ENV,
  type WhatsappConfig,
} from './config/whatsapp-config.ts';

export type { TrustProxy } from './config/http-config.ts';
export { parseTrustProxy } from './config/http-config.ts';
export type { MailAddress } from './config/mail-config.ts';
export type { LogLevel } from './config/operations-config.ts';

/** The server's settings, one section per part of it, each read and checked by its own module. */
export interface Config
  extends
    ServerConfig,
    MailConfig,
    HttpConfig,
    OperationsConfig,
    ChannelsConfig,
    PushConfig,
    WhatsappConfig,
    GoogleConversionsConfig {}

/** The default of each environment variable that has one; `ENV_ENTRIES` below reads them all. */
export const ENV_DEFAULTS = {
  ...SERVER_DEFAULTS,
  ...MAIL_DEFAULTS,
  ...HTTP_DEFAULTS,
  ...OPERATIONS_DEFAULTS,
  ...CHANNELS_DEFAULTS,
  ...PUSH_DEFAULTS,
} as const;

/** One schema for every variable the server reads; refusals are reported in this order. */
const ENV_ENTRIES = {
  ...SERVER_ENV,
  ...MAIL_ENV,
  ...HTTP_ENV,
  ...OPERATIONS_ENV,
  ...CHANNELS_ENV,
  ...PUSH_ENV,
  ...WHATSAPP_ENV,
  ...GOOGLE_CONVERSIONS_ENV,
};

/** Every environment variable the server reads. */
export const ENV_VARIABLES = Object.keys(ENV_ENTRIES);

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
  const { output } = result as { output: Env };
  const dkim = readDkim(output, cwd);
  const channels = readChannelGroups(output);
  const whatsapp = readWhatsappSettings(output);
  const googleConversions = readGoogleConversionsSettings(output);
  problems.push(
    ...dkim.problems,
    ...channels.problems,
    ...whatsapp.problems,
    ...googleConversions.problems,
  );
  if (!result.success || problems.length > 0) throw new ConfigError(problems);

  const read = result.output;
  const server = serverConfig(read, cwd, {
    webDist: defaultWebDist(),
    deskDist: defaultDeskDist(),
  });
  return {
    ...server,
    ...mailConfig(read, server.dataDir, dkim.settings),
    ...httpConfig(read),
    ...operationsConfig(read),
    ...channelsConfig(read, channels),
    ...pushConfig(read, { siteUrl: server.siteUrl, mailFrom: read.MAIL_FROM }),
    whatsapp: whatsapp.settings,
    googleConversions: googleConversions.settings,
  };
}
