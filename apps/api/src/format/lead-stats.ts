import { LEAD_SOURCES, type LeadSource } from '@iconia/shared';
import type { StoredLead } from '../store/lead-store.ts';
import type { StoredLeadKind } from '../store/lead-types.ts';
import { daysBetween, indiaDay } from './india-day.ts';

/**
 * How the sales desk names where a lead stands. `pending` waits for its first attempt, `failed`
 * waits for a retry after the mail server refused or could not be reached; both are still in the
 * outbox and will be sent. `held` came in over the rate limit and waits for an operator's release.
 * `test` is an ad platform's test lead: kept, never delivered or counted.
 */
export const LEAD_STATES = [
  'pending',
  'failed',
  'sent',
  'duplicate',
  'spam',
  'held',
  'test',
] as const;
export type LeadState = (typeof LEAD_STATES)[number];

export function isLeadState(value: string): value is LeadState {
  return (LEAD_STATES as readonly string[]).includes(value);
}

export function leadState(
  lead: Pick<StoredLead, 'status'> & { lastError?: string | undefined },
): LeadState {
  if (lead.status === 'pending') return lead.lastError === undefined ? 'pending' : 'failed';
  return lead.status;
}

/**
 * A lead the sales team should act on: not spam, not a repeat of one already received. A held
 * lead counts: it is most likely a visitor behind a shared mobile network address.
 */
export function isGenuine(lead: Pick<StoredLead, 'status'>): boolean {
  return lead.status === 'pending' || lead.status === 'sent' || lead.status === 'held';
}

export type SourceKey = LeadSource | 'unknown';
export const SOURCE_KEYS: readonly SourceKey[] = [...LEAD_SOURCES, 'unknown'];

export interface DayCount {
  day: string;
  byKind: Record<StoredLeadKind, number>;
  /** Genuine leads of the day. */
  total: number;
  duplicate: number;
  spam: number;
}

export interface LeadStats {
  days: DayCount[];
  /** Genuine leads per form over the whole period. */
  bySource: Record<SourceKey, number>;
  total: number;
}

/** Counts leads per India day (every day of the period, empty ones too) and per form. */
export function countLeads(
  leads: readonly StoredLead[],
  firstDay: string,
  lastDay: string,
): LeadStats {
  const days = new Map<string, DayCount>(
    daysBetween(firstDay, lastDay).map((day) => [
      day,
      { day, byKind: { brochure: 0, contact: 0, enquiry: 0 }, total: 0, duplicate: 0, spam: 0 },
    ]),
  );
  const bySource = Object.fromEntries(SOURCE_KEYS.map((key) => [key, 0])) as Record<
    SourceKey,
    number
  >;
  let total = 0;
  for (const lead of leads) {
    const count = days.get(indiaDay(lead.receivedAt));
    if (!count || lead.status === 'test') continue;
    if (lead.status === 'duplicate') count.duplicate += 1;
    else if (lead.status === 'spam') count.spam += 1;
    else {
      count.byKind[lead.kind] += 1;
      count.total += 1;
      bySource[lead.attribution.source ?? 'unknown'] += 1;
      total += 1;
    }
  }
  return { days: [...days.values()], bySource, total };
}

export interface OutboxSummary {
  pending: number;
  failed: number;
  /** Receipt time of the oldest lead still waiting, if any. */
  oldestReceivedAt: number | undefined;
  /** The newest refusal among the failed leads, to tell the operator what is wrong. */
  lastError: string | undefined;
}

/** What waits in the outbox, from the leads whose status is pending. */
export function summarizeOutbox(waiting: readonly StoredLead[]): OutboxSummary {
  let pending = 0;
  let failed = 0;
  let oldestReceivedAt: number | undefined;
  let lastError: { at: number; text: string } | undefined;
  for (const lead of waiting) {
    if (lead.status !== 'pending') continue;
    if (lead.lastError === undefined) pending += 1;
    else {
      failed += 1;
      // The next attempt is scheduled from the last failure, so it orders the failures in time.
      if (!lastError || lead.nextAttemptAt > lastError.at) {
        lastError = { at: lead.nextAttemptAt, text: lead.lastError };
      }
    }
    if (oldestReceivedAt === undefined || lead.receivedAt < oldestReceivedAt) {
      oldestReceivedAt = lead.receivedAt;
    }
  }
  return { pending, failed, oldestReceivedAt, lastError: lastError?.text };
}
