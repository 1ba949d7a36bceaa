import * as v from 'valibot';
import { got, text, wholeNumber, type EnvOutput } from './env-schema.ts';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/** How long a send may take, when a backlog is an alarm, how long leads stay, what is logged. */
export interface OperationsConfig {
  smtpTimeoutMs: number;
  pendingAlertMs: number;
  /** Days a settled lead stays in the database; 0 keeps leads forever. */
  leadRetentionDays: number;
  /** How often each property portal is asked for its new leads. */
  portalPollMs: number;
  logLevel: LogLevel;
}

export const OPERATIONS_DEFAULTS = {
  SMTP_TIMEOUT_MS: '10000',
  PENDING_ALERT_MS: '900000',
  LEAD_RETENTION_DAYS: '365',
  PORTAL_POLL_MINUTES: '5',
  LOG_LEVEL: 'info',
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

export const OPERATIONS_ENV = {
  SMTP_TIMEOUT_MS: wholeNumber(OPERATIONS_DEFAULTS.SMTP_TIMEOUT_MS, 500, 300_000),
  PENDING_ALERT_MS: wholeNumber(OPERATIONS_DEFAULTS.PENDING_ALERT_MS, 1_000, 604_800_000),
  LEAD_RETENTION_DAYS: wholeNumber(OPERATIONS_DEFAULTS.LEAD_RETENTION_DAYS, 0, 36_500),
  PORTAL_POLL_MINUTES: wholeNumber(OPERATIONS_DEFAULTS.PORTAL_POLL_MINUTES, 1, 1_440),
  LOG_LEVEL: v.pipe(
    text(OPERATIONS_DEFAULTS.LOG_LEVEL),
    v.picklist(LOG_LEVELS, (issue) => `must be one of ${LOG_LEVELS.join(', ')} ${got(issue)}.`),
  ),
};

export function operationsConfig(read: EnvOutput<typeof OPERATIONS_ENV>): OperationsConfig {
  return {
    smtpTimeoutMs: read.SMTP_TIMEOUT_MS,
    pendingAlertMs: read.PENDING_ALERT_MS,
    leadRetentionDays: read.LEAD_RETENTION_DAYS,
    portalPollMs: read.PORTAL_POLL_MINUTES * 60_000,
    logLevel: read.LOG_LEVEL,
  };
}
