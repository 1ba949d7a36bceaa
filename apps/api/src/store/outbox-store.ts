import type Database from 'better-sqlite3';
import { toLead, type LeadRow, type StoredLead } from './lead-types.ts';
import { createOutboxLeadStatements, type OutboxLeadStatements } from './outbox-announcements.ts';
import type {
  ClaimedDelivery,
  LeadMessageRoute,
  NewMessage,
  PendingSummary,
} from './outbox-messages.ts';

export * from './outbox-messages.ts';
export { OUTBOX_MESSAGES_MIGRATION } from './outbox-migration.ts';
export type { OutboxLeadStatements } from './outbox-announcements.ts';

/** The outbox's statements on the store's connection; writes run inside the caller's `write`. */
export interface OutboxStatements extends OutboxLeadStatements {
  queue(message: NewMessage): void;
  /** Queues the message unless one with its id is already in the outbox; true when queued. */
  queueOnce(message: NewMessage): boolean;
  /** Puts a lead's message on `route` back in the outbox, due now; creates it if it never was. */
  requeue(lead: StoredLead, route: LeadMessageRoute, now: number): void;
  claim(channel: string, owner: string, now: number, leaseMs: number): ClaimedDelivery | undefined;
  /** The sent message's kind and lead, or undefined when it was no longer pending. */
  sent(deliveryId: number, now: number): { kind: string; leadId: number | null } | undefined;
  failed(deliveryId: number, owner: string, error: string, retryAt: number): void;
  dead(deliveryId: number, owner: string, error: string): void;
  /** Releases every lease, live or not; returns how many there were. */
  takeBackLeases(): number;
  /** The messages due by `now` (all of them without it) still waiting on the channel. */
  pendingSummary(channel: string, now?: number): PendingSummary;
  deadCount(channel: string): number;
  /** Deletes sent and given-up messages about no lead queued before `cutoff`. */
  deleteSettledLeadlessBefore(cutoff: number): number;
}

interface ClaimedRow {
  id: number;
  message_id: string;
  kind: string;
  lead_id: number | null;
  payload: string | null;
  attempts: number;
  queued_at: number;
}

/** Puts messages in the outbox, or back in it. */
function createOutboxQueue(
  db: Database.Database,
): Pick<OutboxStatements, 'queue' | 'queueOnce' | 'requeue'> {
  const insert = db.prepare<{
    messageId: string;
    leadId: number | null;
    channel: string;
    kind: string;
    payload: string | null;
    dueAt: number;
  }>(`
    INSERT INTO deliveries (message_id, lead_id, channel, kind, payload, status, next_attempt_at,
      queued_at)
    VALUES (@messageId, @leadId, @channel, @kind, @payload, 'pending', @dueAt, @dueAt)`);
  const insertOnce = db.prepare<{
    messageId: string;
    leadId: number | null;
    channel: string;
    kind: string;
    payload: string | null;
    dueAt: number;
  }>(`
    INSERT INTO deliveries (message_id, lead_id, channel, kind, payload, status, next_attempt_at,
      queued_at)
    VALUES (@messageId, @leadId, @channel, @kind, @payload, 'pending', @dueAt, @dueAt)
    ON CONFLICT (message_id) DO NOTHING`);
  // A message being sent this very moment keeps its lease, so it is never sent twice at once.
  const requeueExisting = db.prepare<[number, number, number, string, string]>(`
    UPDATE deliveries SET status = 'pending', next_attempt_at = ?, queued_at = ?,
      last_error = NULL, sent_at = NULL
    WHERE lead_id = ? AND channel = ? AND kind = ?`);
  const row = (message: NewMessage) => ({
    messageId: message.messageId,
    leadId: message.leadId ?? null,
    channel: message.channel,
    kind: message.kind,
    payload: message.payload === undefined ? null : JSON.stringify(message.payload),
    dueAt: message.dueAt,
  });

  return {
    queue(message) {
      insert.run(row(message));
    },
    queueOnce: (message) => insertOnce.run(row(message)).changes > 0,
    requeue(lead, route, now) {
      const { changes } = requeueExisting.run(now, now, lead.id, route.channel, route.kind);
      if (changes > 0) return;
      insert.run({
        messageId: route.messageId(lead),
        leadId: lead.id,
        channel: route.channel,
        kind: route.kind,
        payload: null,
        dueAt: now,
      });
    },
  };
}

/** Hands due messages out under a lease, and records how each send went. */
function createOutboxLeases(
  db: Database.Database,
): Pick<OutboxStatements, 'claim' | 'sent' | 'failed' | 'dead' | 'takeBackLeases'> {
  const claimNext = db.prepare<
    { channel: string; owner: string; until: number; now: number },
    ClaimedRow
  >(`
    UPDATE deliveries SET lease_owner = @owner, lease_until = @until, attempts = attempts + 1
    WHERE id = (
      SELECT id FROM deliveries
      WHERE channel = @channel AND status = 'pending' AND next_attempt_at <= @now
        AND (lease_until IS NULL OR lease_until <= @now)
      ORDER BY next_attempt_at, id LIMIT 1)
    RETURNING id, message_id, kind, lead_id, payload, attempts, queued_at`);
  const leadOf = db.prepare<[number], LeadRow>(`SELECT * FROM lead_rows WHERE id = ?`);
  const markSent = db.prepare<[number, number], { kind: string; lead_id: number | null }>(`
    UPDATE deliveries SET status = 'sent', sent_at = ?, lease_owner = NULL, lease_until = NULL,
      last_error = NULL
    WHERE id = ? AND status = 'pending'
    RETURNING kind, lead_id`);
  const markFailed = db.prepare<[string, number, number, string]>(`
    UPDATE deliveries SET last_error = ?, next_attempt_at = ?, lease_owner = NULL,
      lease_until = NULL
    WHERE id = ? AND status = 'pending' AND lease_owner = ?`);
  const markDead = db.prepare<[string, number, string]>(`
    UPDATE deliveries SET status = 'dead', last_error = ?, lease_owner = NULL, lease_until = NULL
    WHERE id = ? AND status = 'pending' AND lease_owner = ?`);
  const releaseLeases = db.prepare(`
    UPDATE deliveries SET lease_owner = NULL, lease_until = NULL WHERE lease_until IS NOT NULL`);

  return {
    claim(channel, owner, now, leaseMs) {
      // all(), not get(): get() stops after the row it returns, and an autocommit that then
      // fails (a full disk) goes unreported, so a message would be handed out without its lease.
      const [row] = claimNext.all({ channel, owner, until: now + leaseMs, now });
      if (!row) return undefined;
      const leadRow = row.lead_id === null ? undefined : leadOf.get(row.lead_id);
      return {
        deliveryId: row.id,
        messageId: row.message_id,
        channel,
        kind: row.kind,
        attempts: row.attempts,
        queuedAt: row.queued_at,
        lead: leadRow ? toLead(leadRow) : undefined,
        ...(row.payload === null ? {} : { payload: JSON.parse(row.payload) as unknown }),
      };
    },
    sent(deliveryId, now) {
      const row = markSent.get(now, deliveryId);
      return row ? { kind: row.kind, leadId: row.lead_id } : undefined;
    },
    failed(deliveryId, owner, error, retryAt) {
      markFailed.run(error.slice(0, 1_000), retryAt, deliveryId, owner);
    },
    dead(deliveryId, owner, error) {
      markDead.run(error.slice(0, 1_000), deliveryId, owner);
    },
    takeBackLeases: () => releaseLeases.run().changes,
  };
}

/** What waits, what was given up, and what may go once settled. */
function createOutboxCounts(
  db: Database.Database,
): Pick<OutboxStatements, 'pendingSummary' | 'deadCount' | 'deleteSettledLeadlessBefore'> {
  // A message queued for later (a reassignment, a reminder) waits from its due time on, not
  // from its lead's arrival: until then it is no backlog.
  const summary = db.prepare<[string, number], { count: number; oldest: number | null }>(`
    SELECT COUNT(*) AS count, MIN(max(coalesce(l.received_at, d.queued_at), d.queued_at)) AS oldest
    FROM deliveries d LEFT JOIN leads l ON l.id = d.lead_id
    WHERE d.channel = ? AND d.status = 'pending' AND d.queued_at <= ?`);
  const deadOnChannel = db.prepare<[string], { count: number }>(
    `SELECT COUNT(*) AS count FROM deliveries WHERE channel = ? AND status = 'dead'`,
  );
  const deleteLeadless = db.prepare<[number]>(`
    DELETE FROM deliveries WHERE lead_id IS NULL AND status <> 'pending' AND queued_at < ?`);

  return {
    pendingSummary(channel, now = Number.MAX_SAFE_INTEGER) {
      const row = summary.get(channel, now);
      return { count: row?.count ?? 0, oldestReceivedAt: row?.oldest ?? undefined };
    },
    deadCount: (channel) => deadOnChannel.get(channel)?.count ?? 0,
    deleteSettledLeadlessBefore: (cutoff) => deleteLeadless.run(cutoff).changes,
  };
}

export function createOutboxStatements(db: Database.Database): OutboxStatements {
  return {
    ...createOutboxQueue(db),
    ...createOutboxLeases(db),
    ...createOutboxCounts(db),
    ...createOutboxLeadStatements(db),
  };
}
