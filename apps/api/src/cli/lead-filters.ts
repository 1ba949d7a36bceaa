import type { LeadKind } from '@iconia/shared';
import { addDays, indiaDay, indiaDayStart, isDay } from '../format/india-day.ts';
import { isLeadState, LEAD_STATES, type LeadState } from '../format/lead-stats.ts';
import { WEBHOOK_STATES, type LeadQuery, type WebhookState } from '../store/lead-queries.ts';
import { UsageError } from './cli-context.ts';
import type { OptionsConfig } from './command.ts';

export const DATE_OPTIONS = {
  since: { type: 'string' },
  until: { type: 'string' },
} as const satisfies OptionsConfig;

export const FILTER_OPTIONS = {
  ...DATE_OPTIONS,
  kind: { type: 'string' },
  status: { type: 'string' },
  webhook: { type: 'string' },
} as const satisfies OptionsConfig;

export const FILTER_HELP = `  --since <day>     Received on or after this day (India time): 2026-11-20, today or yesterday
  --until <day>     Received on or before this day (India time), the whole day included
  --kind <kind>     brochure or contact
  --status <state>  ${LEAD_STATES.join(', ')}
                    (pending: not tried yet; failed: the mail server refused or was down, retried
                    automatically; duplicate: same mobile and form again within 10 minutes;
                    spam: the hidden field was filled)
  --webhook <state> ${WEBHOOK_STATES.join(', ')}: leads whose webhook post is in that state
                    (failed: retried automatically for a day; dead: given up after a day of
                    failures, or refused with 410 Gone)`;

/** A day the operator typed, as an India date. */
export function parseDay(option: string, value: string, now: number): string {
  const today = indiaDay(now);
  if (value === 'today') return today;
  if (value === 'yesterday') return addDays(today, -1);
  if (isDay(value)) return value;
  throw new UsageError(
    `--${option} must be a day written YYYY-MM-DD (India time), today or yesterday (got "${value}").`,
  );
}

export interface DateRange {
  /** First India day included, if bounded. */
  since?: string | undefined;
  /** Last India day included, if bounded. */
  until?: string | undefined;
}

export function parseDateRange(
  values: { since?: string | undefined; until?: string | undefined },
  now: number,
): DateRange {
  const since = values.since === undefined ? undefined : parseDay('since', values.since, now);
  const until = values.until === undefined ? undefined : parseDay('until', values.until, now);
  if (since !== undefined && until !== undefined && since > until) {
    throw new UsageError(`--since (${since}) is after --until (${until}).`);
  }
  return { since, until };
}

export interface LeadFilter extends DateRange {
  kind?: LeadKind | undefined;
  state?: LeadState | undefined;
  webhook?: WebhookState | undefined;
}

export function parseLeadFilter(
  values: { since?: string; until?: string; kind?: string; status?: string; webhook?: string },
  now: number,
): LeadFilter {
  const range = parseDateRange(values, now);
  const { kind, status, webhook } = values;
  if (kind !== undefined && kind !== 'brochure' && kind !== 'contact') {
    throw new UsageError(`--kind must be brochure or contact (got "${kind}").`);
  }
  if (status !== undefined && !isLeadState(status)) {
    throw new UsageError(`--status must be one of ${LEAD_STATES.join(', ')} (got "${status}").`);
  }
  if (webhook !== undefined && !(WEBHOOK_STATES as readonly string[]).includes(webhook)) {
    throw new UsageError(
      `--webhook must be one of ${WEBHOOK_STATES.join(', ')} (got "${webhook}").`,
    );
  }
  return { ...range, kind, state: status, webhook: webhook as WebhookState | undefined };
}

/** The store query for a filter; `failed` and `pending` are both stored as pending. */
export function toLeadQuery(filter: LeadFilter, order: LeadQuery['order'] = 'newest'): LeadQuery {
  const { state } = filter;
  return {
    since: filter.since === undefined ? undefined : indiaDayStart(filter.since),
    until: filter.until === undefined ? undefined : indiaDayStart(addDays(filter.until, 1)),
    kind: filter.kind,
    status: state === 'failed' ? 'pending' : state,
    failing: state === 'failed' ? true : state === 'pending' ? false : undefined,
    webhook: filter.webhook,
    order,
  };
}
