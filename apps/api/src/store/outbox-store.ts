import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import { toLead, type LeadRow, type StoredLead } from './lead-types.ts';

/**
 * The outbox's table, `deliveries`: one row per message to send. A message has its own id (the
 * idempotency key its receiver sees: the email's Message-ID, a webhook's `webhook-id`), its lead
 * or none, its channel, its payload kind, and its due time; it is written in the transaction
 * of whatever made it, so it exists exactly when that change does.
 */

/** The email to the sales inbox about a new lead; its id is the lead's Message-ID. */
export const SALES_EMAIL_KIND = 'sales-email';
/** The signed webhook event about a new lead. */
export const LEAD_CREATED_KIND = 'lead.created';
/** The signed webhook event naming leads whose personal data was erased. */
export const LEAD_ERASED_KIND = 'lead.erased';

/** The signed webhook event telling that a buyer's stage or owner changed. */
export const LEAD_UPDATED_KIND = 'lead.updated';

/** What a `lead.updated` message carries beyond the leads it names on its endpoint. */
export interface BuyerUpdate {
  buyerId: number;
  stage: string;
  owner: { id: number; name: string } | null;
  changed: Array<'stage' | 'owner'>;
  at: number;
}

/** The payload of a `lead.updated` message. */
export type LeadUpdatedPayload = BuyerUpdate & { ids: string[] };

/**
 * The Graph read of a Meta lead: a message about no lead yet, on its own channel, carrying the
 * webhook event that named it. Its id comes from the `leadgen_id`, so an event Meta delivers
 * again queues nothing more.
 */
export const META_LEAD_READ_KIND = 'meta.leadgen';
export const META_GRAPH_CHANNEL = 'meta-graph';

const META_LEAD_READ_PREFIX = 'meta-leadgen:';

export function metaLeadReadId(leadgenId: string): string {
  return `${META_LEAD_READ_PREFIX}${leadgenId}`;
}

/** The payload of a Meta lead read: the lead's id, when we had the event, and the event itself. */
export interface MetaLeadgenPayload {
  leadgenId: string;
  receivedAt: number;
  /** The change's `value` exactly as Meta sent it (ids and a time; no personal data). */
  event: unknown;
}

/** The payload of a `lead.erased` message: the leads' public ids and when they were erased. */
export interface LeadErasedPayload {
  ids: string[];
  erasedAt: number;
}

export type DeliveryStatus = 'pending' | 'sent' | 'dead';

/** A message to put in the outbox. */
export interface NewMessage {
  /** The idempotency key its receiver sees; unique across the outbox. */
  messageId: string;
  channel: string;
  kind: string;
  leadId?: number | undefined;
  /** What the message carries beyond its lead, as JSON: the same body on every attempt. */
  payload?: unknown;
  dueAt: number;
}

/** What a new lead sends on one channel: the payload kind and how the message's id is made. */
export interface LeadMessageRoute {
  channel: string;
  kind: string;
  /** Made once, when the message is first queued, and stored with it. */
  messageId(lead: Pick<StoredLead, 'publicId' | 'messageId'>): string;
}

/** The sales inbox's email about a lead: the one route every store has. */
export const SALES_EMAIL_ROUTE: LeadMessageRoute = {
  channel: 'email',
  kind: SALES_EMAIL_KIND,
  messageId: (lead) => lead.messageId,
};

/** A message taken from the outbox, leased to its taker. */
export interface ClaimedDelivery {
  /** The outbox row. */
  deliveryId: number;
  /** The idempotency key its receiver sees. */
  messageId: string;
  channel: string;
  kind: string;
  /** Attempts at this message, this one included. */
  attempts: number;
  /** When the message was queued, or queued again by hand. */
  queuedAt: number;
  /** The lead it is about; undefined for a message about no single lead. */
  lead?: StoredLead | undefined;
  payload?: unknown;
}

export interface PendingSummary {
  count: number;
  /**
   * Receipt time of the oldest lead still waiting on the channel (or, for a message about no
   * lead or one queued for later, when it was due), or undefined when none.
   */
  oldestReceivedAt: number | undefined;
}

/** The outbox's statements on the store's connection; writes run inside the caller's `write`. */
export interface OutboxStatements {
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
  /**
   * Queues one `lead.erased` message on each channel that may have received one of these leads
   * (its `lead.created` went out, was given up, or was tried at least once), naming those leads.
   * Call before `forgetLead`, in the erasure's transaction.
   */
  announceErasure(leadIds: readonly number[], now: number): void;
  /** The ids of every message about the lead on `channel`, sent or not (emails: Message-IDs). */
  messageIdsOfLead(leadId: number, channel: string): string[];
  /**
   * Keeps nothing personal about the lead: what has not gone out is cancelled (its pending
   * messages go), and what went out or was given up keeps its id, channel, kind and times but
   * neither its payload (an alert's name, mobile and request) nor its last error. No channel
   * reads a settled message's payload again.
   */
  forgetLead(leadId: number): void;
  /**
   * Queues one `lead.updated` message on each of `channels` that was sent one of the buyer's
   * leads (its `lead.created` was queued there), naming those leads. Call in the transaction of
   * the change.
   */
  announceBuyerUpdate(update: BuyerUpdate, channels: readonly string[]): void;

  /** Deletes the webhook event an intake channel stored for the lead (Meta's leadgen event). */
  deleteIntakeEvent(leadId: number): void;
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

export function createOutboxStatements(db: Database.Database): OutboxStatements {
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
  // A message queued for later (a reassignment, a reminder) waits from its due time on, not
  // from its lead's arrival: until then it is no backlog.
  const summary = db.prepare<[string, number], { count: number; oldest: number | null }>(`
    SELECT COUNT(*) AS count, MIN(max(coalesce(l.received_at, d.queued_at), d.queued_at)) AS oldest
    FROM deliveries d LEFT JOIN leads l ON l.id = d.lead_id
    WHERE d.channel = ? AND d.status = 'pending' AND d.queued_at <= ?`);
  const deadOnChannel = db.prepare<[string], { count: number }>(
    `SELECT COUNT(*) AS count FROM deliveries WHERE channel = ? AND status = 'dead'`,
  );
  const mayHaveReceived = db.prepare<[number], { channel: string; public_id: string }>(`
    SELECT d.channel, l.public_id FROM deliveries d JOIN leads l ON l.id = d.lead_id
    WHERE d.lead_id = ? AND d.kind = '${LEAD_CREATED_KIND}'
      AND (d.status <> 'pending' OR d.attempts > 0)`);
  const sentToChannel = db
    .prepare<[number, string], string>(
      `
    SELECT l.public_id FROM leads l JOIN deliveries d ON d.lead_id = l.id
    WHERE l.buyer_id = ? AND d.channel = ? AND d.kind = '${LEAD_CREATED_KIND}'
    ORDER BY l.received_at, l.id`,
    )
    .pluck();
  const messageIdsOfLead = db
    .prepare<[number, string], string>(
      `SELECT message_id FROM deliveries WHERE lead_id = ? AND channel = ? ORDER BY id`,
    )
    .pluck();
  const cancelPending = db.prepare<[number]>(
    `DELETE FROM deliveries WHERE lead_id = ? AND status = 'pending'`,
  );
  const scrubSettled = db.prepare<[number]>(`
    UPDATE deliveries SET payload = NULL, last_error = NULL
    WHERE lead_id = ? AND (payload IS NOT NULL OR last_error IS NOT NULL)`);
  // The event's read is a message about no lead; the lead names it by its `leadgen_id`.
  const deleteMetaEvent = db.prepare<[number]>(`
    DELETE FROM deliveries WHERE lead_id IS NULL AND message_id = (
      SELECT '${META_LEAD_READ_PREFIX}' || external_id FROM leads WHERE id = ? AND origin = 'meta')`);
  const deleteLeadless = db.prepare<[number]>(`
    DELETE FROM deliveries WHERE lead_id IS NULL AND status <> 'pending' AND queued_at < ?`);

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
    pendingSummary(channel, now = Number.MAX_SAFE_INTEGER) {
      const row = summary.get(channel, now);
      return { count: row?.count ?? 0, oldestReceivedAt: row?.oldest ?? undefined };
    },
    deadCount: (channel) => deadOnChannel.get(channel)?.count ?? 0,
    deleteSettledLeadlessBefore: (cutoff) => deleteLeadless.run(cutoff).changes,
    announceErasure(leadIds, now) {
      const byChannel = new Map<string, string[]>();
      for (const leadId of leadIds) {
        for (const { channel, public_id } of mayHaveReceived.all(leadId)) {
          byChannel.set(channel, [...(byChannel.get(channel) ?? []), public_id]);
        }
      }
      for (const [channel, ids] of byChannel) {
        const payload: LeadErasedPayload = { ids, erasedAt: now };
        insert.run({
          // Made here and kept on every retry: the event is about several leads, named by none.
          messageId: `msg_${randomUUID().replaceAll('-', '')}`,
          leadId: null,
          channel,
          kind: LEAD_ERASED_KIND,
          payload: JSON.stringify(payload),
          dueAt: now,
        });
      }
    },
    messageIdsOfLead: (leadId, channel) => messageIdsOfLead.all(leadId, channel),
    forgetLead(leadId) {
      cancelPending.run(leadId);
      scrubSettled.run(leadId);
    },
    announceBuyerUpdate(update, channels) {
      for (const channel of channels) {
        const ids = sentToChannel.all(update.buyerId, channel);
        if (ids.length === 0) continue;
        const payload: LeadUpdatedPayload = { ...update, ids };
        insert.run({
          messageId: `msg_${randomUUID().replaceAll('-', '')}`,
          leadId: null,
          channel,
          kind: LEAD_UPDATED_KIND,
          payload: JSON.stringify(payload),
          dueAt: update.at,
        });
      }
    },
    deleteIntakeEvent(leadId) {
      deleteMetaEvent.run(leadId);
    },
  };
}

/**
 * The migration that turns `deliveries` from one row per lead and channel into one row per
 * message. Existing rows keep the ids their receivers already saw: an email its lead's
 * Message-ID, a webhook post `msg_<lead id without dashes>_<endpoint key>`.
 */
export const OUTBOX_MESSAGES_MIGRATION = `
  CREATE TABLE deliveries_next (
    id              INTEGER PRIMARY KEY,
    message_id      TEXT    NOT NULL UNIQUE,
    lead_id         INTEGER REFERENCES leads (id) ON DELETE CASCADE,
    channel         TEXT    NOT NULL,
    kind            TEXT    NOT NULL,
    payload         TEXT,
    status          TEXT    NOT NULL CHECK (status IN ('pending', 'sent', 'dead')),
    attempts        INTEGER NOT NULL DEFAULT 0,
    next_attempt_at INTEGER NOT NULL,
    lease_owner     TEXT,
    lease_until     INTEGER,
    last_error      TEXT,
    sent_at         INTEGER,
    queued_at       INTEGER NOT NULL
  ) STRICT;
  INSERT INTO deliveries_next (id, message_id, lead_id, channel, kind, status, attempts,
      next_attempt_at, lease_owner, lease_until, last_error, sent_at, queued_at)
    SELECT d.id,
      CASE
        WHEN d.channel = 'email' THEN l.message_id
        WHEN d.channel LIKE 'webhook:%'
          THEN 'msg_' || replace(l.public_id, '-', '') || '_' || substr(d.channel, 9)
        ELSE d.channel || ':' || l.public_id
      END,
      d.lead_id, d.channel,
      CASE WHEN d.channel = 'email' THEN '${SALES_EMAIL_KIND}' ELSE '${LEAD_CREATED_KIND}' END,
      d.status, d.attempts, d.next_attempt_at, d.lease_owner, d.lease_until, d.last_error,
      d.sent_at, coalesce(d.queued_at, l.received_at)
    FROM deliveries d JOIN leads l ON l.id = d.lead_id;
  DROP VIEW lead_rows;
  DROP TABLE deliveries;
  ALTER TABLE deliveries_next RENAME TO deliveries;
  CREATE INDEX deliveries_due ON deliveries (channel, status, next_attempt_at);
  CREATE INDEX deliveries_by_lead ON deliveries (lead_id, channel, kind);

  CREATE VIEW lead_rows AS
    SELECT l.id, l.public_id, l.message_id, l.kind, l.name, l.mobile, l.plot_range, l.location,
      l.source, l.page, l.utm_source, l.utm_medium, l.utm_campaign, l.utm_term, l.utm_content,
      l.gclid, l.status, l.received_at, d.attempts, d.next_attempt_at, d.last_error, l.sent_at,
      l.duplicate_of, l.consent_notice
    FROM leads l
    LEFT JOIN deliveries d ON d.lead_id = l.id AND d.channel = 'email'
      AND d.kind = '${SALES_EMAIL_KIND}';
`;
