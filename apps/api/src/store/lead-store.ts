import { closeSync, mkdirSync, openSync, statfsSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { CAMPAIGN_FIELDS, VISIT_FIELDS } from '@iconia/shared';
import {
  DESK_MIGRATION,
  ERASURE_ON_DISK_MIGRATION,
  LEAD_EVENT_DETAIL_MIGRATION,
} from './desk-schema.ts';
import { BUYERS_MIGRATION } from './buyer-schema.ts';
import { createDigestLog, type DigestLog } from './digest-log.ts';
import { ENQUIRY_MIGRATION } from './enquiry-migration.ts';
import { INTAKE_REFUSALS_MIGRATION } from './intake-refusal-store.ts';
import { LEAD_PROBLEMS_MIGRATION } from './lead-problems-migration.ts';
import { MANAGER_ALERTS_MIGRATION } from './manager-alert-store.ts';
import { createLeadQueries, type LeadQueries } from './lead-queries.ts';
import { PARTNER_SOURCES_MIGRATION } from './partner-source-store.ts';
import { VISIT_ATTRIBUTION_MIGRATION } from './visit-attribution-migration.ts';
import { SOURCE_HEALTH_MIGRATION } from './source-health-schema.ts';
import { MOBILE_E164_MIGRATION } from './mobile-e164-migration.ts';
import { PLOT_BOOKING_CANCEL_MIGRATION, PLOTS_MIGRATION } from './plot-schema.ts';
import { PUSH_MIGRATION } from './push-schema.ts';
import { ROUTING_MIGRATION } from './routing-schema.ts';
import { VISITS_MIGRATION } from './visit-store.ts';
import { ACCOUNT_PASSWORD_CHANGE_MIGRATION } from './account-schema.ts';
import {
  createOutboxStatements,
  OUTBOX_MESSAGES_MIGRATION,
  SALES_EMAIL_KIND,
  SALES_EMAIL_ROUTE,
  type ClaimedDelivery,
  type LeadMessageRoute,
  type NewMessage,
  type PendingSummary,
} from './outbox-store.ts';
import {
  EMAIL_CHANNEL,
  toLead,
  type LeadRow,
  type LeadStatus,
  type NewLead,
  type StoredLead,
} from './lead-types.ts';

export type { LeadStatus, NewLead, StoredLead } from './lead-types.ts';

export type {
  ClaimedDelivery,
  LeadMessageRoute,
  NewMessage,
  PendingSummary,
} from './outbox-store.ts';

/** The outbox behind the two endpoints and the delivery workers. */
export interface LeadStore extends LeadQueries, DigestLog {
  /**
   * The store's one connection, for modules that keep their own tables in the same file (they
   * run their own migrations on it). Not to be closed by them.
   */
  readonly db: Database.Database;
  /**
   * Stores a lead durably and decides its status: test for an ad platform's test lead, spam when
   * flagged, duplicate when the same mobile sent the same kind of lead from the same form and
   * origin within `duplicateWindowMs`, held when over the rate limit, else pending with one outbox
   * message per route, in the same transaction. A lead whose `externalId` its origin already
   * delivered is not stored again: the stored lead is returned (with its own public id).
   */
  insertLead(lead: NewLead, duplicateWindowMs: number): StoredLead;
  /**
   * Stores several leads in one transaction and one disk sync, in order, as `insertLead` would
   * one by one. Either all are stored or none.
   */
  insertLeads(leads: readonly NewLead[], duplicateWindowMs: number): StoredLead[];
  /**
   * Takes the next due message on `channel` for `owner` until `now + leaseMs`. Atomic across
   * processes sharing the file: a message under someone else's live lease is never handed out.
   */
  claimNextDue(
    channel: string,
    owner: string,
    now: number,
    leaseMs: number,
  ): ClaimedDelivery | undefined;
  markSent(deliveryId: number, now: number): void;
  /** Releases the lease and schedules the next attempt. */
  markFailed(deliveryId: number, owner: string, error: string, retryAt: number): void;
  /** Releases the lease and gives the message up: no more attempts unless queued again. */
  markDead(deliveryId: number, owner: string, error: string): void;
  /**
   * Releases every lease, so what a killed process was sending goes again now rather than when
   * its lease lapses. Only for the one process on the file (see `acquireInstanceLock`).
   */
  takeBackLeases(): number;
  /** Queues one message, in its own transaction. */
  queueMessage(message: NewMessage): void;
  /**
   * Queues, in one transaction synced to disk, each message whose id is not in the outbox yet;
   * returns how many were new.
   */
  queueNewMessages(messages: readonly NewMessage[]): number;
  /** The messages due by `now` (all of them without it) still waiting on `channel`. */
  pendingSummary(channel?: string, now?: number): PendingSummary;
  /** Messages on `channel` that were given up. */
  deadCount(channel: string): number;
  /**
   * False when the last write failed or the disk has no room left. Reads, never writes: probes
   * may call it every few seconds.
   */
  isWritable(): boolean;
  /**
   * Puts a lead's message on `route` (the sales email by default) back in the outbox, due now,
   * whatever the lead's status (a held lead is released this way); it keeps its id, so the inbox
   * threads the copy with the first one and a CRM drops it as a repeat. A message being sent this
   * very moment keeps its lease, so it is never sent twice at once.
   */
  requeueLead(publicId: string, now: number, route?: LeadMessageRoute): StoredLead | undefined;
  findByPublicId(publicId: string): StoredLead | undefined;
  listLeads(): StoredLead[];
  /**
   * Deletes every lead received before `cutoff` that no longer waits for delivery (sent,
   * duplicate, spam, held); pending leads are kept whatever their age. Messages about no lead
   * that went out (or were given up) before `cutoff` go too. Returns how many leads went.
   */
  deleteSettledBefore(cutoff: number): number;
  close(): void;
}

/** A lead just stored, as a hook run inside the storing transaction sees it. */
export interface StoredLeadFacts {
  id: number;
  buyerId: number;
  status: LeadStatus;
  receivedAt: number;
}

/**
 * Runs for each lead stored, inside the transaction that stores it, on the store's connection
 * (made once the schema is up to date): what it writes commits or rolls back with the lead.
 */
export type LeadStoredHook = (db: Database.Database) => (lead: StoredLeadFacts) => void;

export interface LeadStoreOptions {
  /** The messages every pending lead is sent as, one per route; the sales email first. */
  routes?: readonly LeadMessageRoute[];
  /** Routing's assignment of the buyer, in the lead's own transaction. */
  onLeadStored?: LeadStoredHook;
}

/** Below this much free space the database is reported unwritable before a write fails. */
const MIN_FREE_BYTES = 1024 * 1024;

const LEAD_COLUMNS = `id, public_id, message_id, kind, name, mobile, plot_range, location, source,
  page, utm_source, utm_medium, utm_campaign, utm_term, utm_content, gclid, status, received_at,
  attempts, next_attempt_at, lease_owner, lease_until, last_error, sent_at, duplicate_of,
  consent_notice`;

/** Each entry moves the schema one version up; `user_version` records how far a file has come. */
export const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE leads (
    id              INTEGER PRIMARY KEY,
    public_id       TEXT    NOT NULL UNIQUE,
    message_id      TEXT    NOT NULL UNIQUE,
    kind            TEXT    NOT NULL CHECK (kind IN ('brochure', 'contact')),
    name            TEXT    NOT NULL,
    mobile          TEXT    NOT NULL,
    plot_range      TEXT,
    location        TEXT,
    source          TEXT,
    page            TEXT,
    utm_source      TEXT,
    utm_medium      TEXT,
    utm_campaign    TEXT,
    utm_term        TEXT,
    utm_content     TEXT,
    gclid           TEXT,
    status          TEXT    NOT NULL CHECK (status IN ('pending', 'sent', 'duplicate', 'spam')),
    received_at     INTEGER NOT NULL,
    attempts        INTEGER NOT NULL DEFAULT 0,
    next_attempt_at INTEGER NOT NULL,
    lease_owner     TEXT,
    lease_until     INTEGER,
    last_error      TEXT,
    sent_at         INTEGER,
    duplicate_of    INTEGER REFERENCES leads (id)
  ) STRICT;
  CREATE INDEX leads_due ON leads (status, next_attempt_at);
  CREATE INDEX leads_recent_by_mobile ON leads (mobile, kind, received_at);
  CREATE TABLE heartbeat (id INTEGER PRIMARY KEY CHECK (id = 1), at INTEGER NOT NULL) STRICT;
  `,
  `
  ALTER TABLE leads ADD COLUMN consent_notice TEXT;
  CREATE INDEX leads_by_age ON leads (received_at);
  `,
  `
  CREATE TABLE digests (
    day           TEXT    PRIMARY KEY,
    claimed_by    TEXT    NOT NULL,
    claimed_until INTEGER NOT NULL,
    sent_at       INTEGER
  ) STRICT;
  `,
  // One delivery row per lead and channel, so each channel retries on its own. The lead keeps
  // its status (pending until emailed, then sent); its own attempt and lease columns stay for
  // older tools but are no longer written. A status check cannot be altered in place, so the
  // table is copied whole, every column kept, to allow 'held'.
  `
  CREATE TABLE leads_next (
    id              INTEGER PRIMARY KEY,
    public_id       TEXT    NOT NULL UNIQUE,
    message_id      TEXT    NOT NULL UNIQUE,
    kind            TEXT    NOT NULL CHECK (kind IN ('brochure', 'contact')),
    name            TEXT    NOT NULL,
    mobile          TEXT    NOT NULL,
    plot_range      TEXT,
    location        TEXT,
    source          TEXT,
    page            TEXT,
    utm_source      TEXT,
    utm_medium      TEXT,
    utm_campaign    TEXT,
    utm_term        TEXT,
    utm_content     TEXT,
    gclid           TEXT,
    status          TEXT    NOT NULL
      CHECK (status IN ('pending', 'sent', 'duplicate', 'spam', 'held')),
    received_at     INTEGER NOT NULL,
    attempts        INTEGER NOT NULL DEFAULT 0,
    next_attempt_at INTEGER NOT NULL,
    lease_owner     TEXT,
    lease_until     INTEGER,
    last_error      TEXT,
    sent_at         INTEGER,
    duplicate_of    INTEGER REFERENCES leads (id),
    consent_notice  TEXT
  ) STRICT;
  INSERT INTO leads_next (${LEAD_COLUMNS}) SELECT ${LEAD_COLUMNS} FROM leads;
  DROP TABLE leads;
  ALTER TABLE leads_next RENAME TO leads;
  CREATE INDEX leads_by_status ON leads (status, received_at);
  CREATE INDEX leads_recent_by_mobile ON leads (mobile, kind, received_at);
  CREATE INDEX leads_by_age ON leads (received_at);
  DROP TABLE heartbeat;

  CREATE TABLE deliveries (
    id              INTEGER PRIMARY KEY,
    lead_id         INTEGER NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
    channel         TEXT    NOT NULL,
    status          TEXT    NOT NULL CHECK (status IN ('pending', 'sent', 'dead')),
    attempts        INTEGER NOT NULL DEFAULT 0,
    next_attempt_at INTEGER NOT NULL,
    lease_owner     TEXT,
    lease_until     INTEGER,
    last_error      TEXT,
    sent_at         INTEGER,
    UNIQUE (lead_id, channel)
  ) STRICT;
  CREATE INDEX deliveries_due ON deliveries (channel, status, next_attempt_at);
  INSERT INTO deliveries (lead_id, channel, status, attempts, next_attempt_at, last_error, sent_at)
    SELECT id, 'email', status, attempts, next_attempt_at, last_error, sent_at
    FROM leads WHERE status IN ('pending', 'sent');

  CREATE VIEW lead_rows AS
    SELECT l.id, l.public_id, l.message_id, l.kind, l.name, l.mobile, l.plot_range, l.location,
      l.source, l.page, l.utm_source, l.utm_medium, l.utm_campaign, l.utm_term, l.utm_content,
      l.gclid, l.status, l.received_at, d.attempts, d.next_attempt_at, d.last_error, l.sent_at,
      l.duplicate_of, l.consent_notice
    FROM leads l LEFT JOIN deliveries d ON d.lead_id = l.id AND d.channel = 'email';
  `,
  // When each delivery was queued, or queued again by hand: a webhook is given up a day after.
  `
  ALTER TABLE deliveries ADD COLUMN queued_at INTEGER;
  UPDATE deliveries
    SET queued_at = (SELECT received_at FROM leads WHERE leads.id = deliveries.lead_id);
  `,
  DESK_MIGRATION,
  // One row per message rather than per lead and channel, each with its own id and kind.
  OUTBOX_MESSAGES_MIGRATION,
  LEAD_EVENT_DETAIL_MIGRATION,
  ERASURE_ON_DISK_MIGRATION,
  PARTNER_SOURCES_MIGRATION,
  VISIT_ATTRIBUTION_MIGRATION,
  BUYERS_MIGRATION,
  ENQUIRY_MIGRATION,
  INTAKE_REFUSALS_MIGRATION,
  SOURCE_HEALTH_MIGRATION,
  MOBILE_E164_MIGRATION,
  PLOTS_MIGRATION,
  ROUTING_MIGRATION,
  VISITS_MIGRATION,
  ACCOUNT_PASSWORD_CHANGE_MIGRATION,
  PUSH_MIGRATION,
  PLOT_BOOKING_CANCEL_MIGRATION,
  LEAD_PROBLEMS_MIGRATION,
  MANAGER_ALERTS_MIGRATION,
];

/**
 * Creates the data folder (0700) and the database file (0600) for this user alone: leads are
 * personal data. SQLite gives the -wal and -shm files the database file's mode.
 */
function createPrivately(file: string): void {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  closeSync(openSync(file, 'a', 0o600));
}

export function openLeadStore(file: string, options: LeadStoreOptions = {}): LeadStore {
  const routes = options.routes ?? [SALES_EMAIL_ROUTE];
  createPrivately(file);
  const db = new Database(file, { timeout: 5_000 });
  db.pragma('journal_mode = WAL');
  // FULL: a lead acknowledged with "success" survives a power cut, not just a process crash.
  db.pragma('synchronous = FULL');
  // Deleted and overwritten content is zeroed in the file, not left in free space: an erased
  // mobile must not stay readable on disk or in a backup.
  db.pragma('secure_delete = ON');
  const version = db.pragma('user_version', { simple: true }) as number;
  migrate(db);
  // A file from before secure deletion still holds what was deleted then in its free pages:
  // rewritten once, without them.
  if (version > 0 && version <= MIGRATIONS.indexOf(ERASURE_ON_DISK_MIGRATION)) db.exec('VACUUM');
  db.pragma('foreign_keys = ON');
  const onLeadStored = options.onLeadStored?.(db);

  const insert = db.prepare<Record<string, unknown>, { id: number }>(`
    INSERT INTO leads (public_id, message_id, kind, name, mobile, plot_range, location,
      source, page, utm_source, utm_medium, utm_campaign, utm_term, utm_content, gclid,
      fbclid, landing_page, referrer,
      status, received_at, next_attempt_at, duplicate_of, consent_notice, buyer_id, origin, email,
      message, answers, external_id, problems)
    VALUES (@publicId, @messageId, @kind, @name, @mobile, @plotRange, @location,
      @source, @page, @utm_source, @utm_medium, @utm_campaign, @utm_term, @utm_content, @gclid,
      @fbclid, @landingPage, @referrer,
      @status, @receivedAt, @receivedAt, @duplicateOf, @consentNotice, @buyerId, @origin, @email,
      @message, @answers, @externalId, @problems)
    RETURNING id`);
  const byExternalId = db.prepare<[string, string], { id: number }>(
    `SELECT id FROM leads WHERE origin = ? AND external_id = ?`,
  );
  const buyerOfMobile = db.prepare<[string, number], { id: number }>(`
    INSERT INTO buyers (mobile, last_received_at) VALUES (?, ?)
    ON CONFLICT (mobile) DO UPDATE SET mobile = excluded.mobile
    RETURNING id`);
  // A lead without a usable number is a buyer of its own until a manager merges it.
  const buyerWithoutMobile = db.prepare<[number], { id: number }>(
    `INSERT INTO buyers (mobile, last_received_at) VALUES (NULL, ?) RETURNING id`,
  );
  // Spam and test leads are nobody's work: they belong to their buyer but never become their
  // latest enquiry.
  const latestEnquiry = db.prepare<{ buyerId: number; leadId: number; receivedAt: number }>(`
    UPDATE buyers SET latest_lead_id = @leadId, last_received_at = @receivedAt
    WHERE id = @buyerId AND (latest_lead_id IS NULL OR last_received_at <= @receivedAt)`);
  // Pinned to the mobile index: with the desk's (source, received_at) index the planner would
  // otherwise walk every recent lead of the same form, which slows each insert as leads pile up.
  const findRecentOriginal = db.prepare<
    [string, string, string | null, string, number],
    { id: number }
  >(`
    SELECT id FROM leads INDEXED BY leads_recent_by_mobile
    WHERE mobile = ? AND kind = ? AND source IS ? AND origin = ? AND received_at >= ?
      AND status IN ('pending', 'sent')
    ORDER BY received_at DESC LIMIT 1`);
  const byId = db.prepare<[number], LeadRow>(`SELECT * FROM lead_rows WHERE id = ?`);
  const byPublicId = db.prepare<[string], LeadRow>(`SELECT * FROM lead_rows WHERE public_id = ?`);
  const all = db.prepare<[], LeadRow>(`SELECT * FROM lead_rows ORDER BY id`);
  const outbox = createOutboxStatements(db);
  const leadEmailed = db.prepare<[number, number]>(
    `UPDATE leads SET status = 'sent', sent_at = ? WHERE id = ? AND status = 'pending'`,
  );
  const requeue = db.prepare<[number]>(
    `UPDATE leads SET status = 'pending', sent_at = NULL WHERE id = ?`,
  );
  // A newer duplicate may still point at an original that is old enough to go; it loses the
  // link, not its row.
  const unlinkExpired = db.prepare<[number]>(`
    UPDATE leads SET duplicate_of = NULL
    WHERE duplicate_of IN (
      SELECT id FROM leads WHERE received_at < ? AND status <> 'pending')`);
  const deleteExpired = db.prepare<[number]>(
    `DELETE FROM leads WHERE received_at < ? AND status <> 'pending'`,
  );

  let lastWriteFailed = false;
  /** Every write goes through here, so /readyz can tell a failing disk without writing itself. */
  function write<T>(run: () => T): T {
    try {
      const result = run();
      lastWriteFailed = false;
      return result;
    } catch (error) {
      lastWriteFailed = true;
      throw error;
    }
  }

  /**
   * Delivery bookkeeping (claims, sent marks, retries) commits without waiting for the disk:
   * WAL keeps it atomic and crash-safe for the process, and what a power cut may undo is a
   * lease or a "sent" mark, so a lead is sent again with the same Message-ID rather than lost.
   * The visitor's lead itself is always synced before "success".
   */
  function withoutSync<T>(run: () => T): T {
    db.pragma('synchronous = NORMAL');
    try {
      return write(run);
    } finally {
      db.pragma('synchronous = FULL');
    }
  }

  const read = (id: number): StoredLead => {
    const row = byId.get(id);
    if (!row) throw new Error(`lead ${id} vanished inside its own transaction`);
    return toLead(row);
  };

  const insertOne = (lead: NewLead, duplicateWindowMs: number): StoredLead => {
    const origin = lead.origin ?? 'site';
    if (lead.externalId !== undefined) {
      const known = byExternalId.get(origin, lead.externalId);
      if (known) return read(known.id);
    }
    const source = lead.attribution.source ?? null;
    const original =
      lead.spam || lead.test || lead.mobile === ''
        ? undefined
        : findRecentOriginal.get(
            lead.mobile,
            lead.kind,
            source,
            origin,
            lead.receivedAt - duplicateWindowMs,
          );
    const status: LeadStatus = lead.test
      ? 'test'
      : lead.spam
        ? 'spam'
        : original
          ? 'duplicate'
          : lead.held
            ? 'held'
            : 'pending';
    const campaign = Object.fromEntries(
      [...CAMPAIGN_FIELDS, ...VISIT_FIELDS].map((field) => [
        field,
        lead.attribution[field] ?? null,
      ]),
    );
    const buyer =
      lead.mobile === ''
        ? buyerWithoutMobile.get(lead.receivedAt)
        : buyerOfMobile.get(lead.mobile, lead.receivedAt);
    if (!buyer) throw new Error('the buyer was not stored');
    const row = insert.get({
      buyerId: buyer.id,
      publicId: lead.publicId,
      messageId: lead.messageId,
      kind: lead.kind,
      name: lead.name,
      mobile: lead.mobile,
      plotRange: lead.plotRange ?? null,
      location: lead.location ?? null,
      source,
      page: lead.attribution.page ?? null,
      ...campaign,
      status,
      receivedAt: lead.receivedAt,
      duplicateOf: original?.id ?? null,
      consentNotice: lead.consentNotice ?? null,
      origin,
      email: lead.email ?? null,
      message: lead.message ?? null,
      answers: lead.answers === undefined ? null : JSON.stringify(lead.answers),
      externalId: lead.externalId ?? null,
      problems: lead.problems?.length ? JSON.stringify(lead.problems) : null,
    });
    if (!row) throw new Error('the lead was not stored');
    if (status !== 'spam' && status !== 'test') {
      latestEnquiry.run({ buyerId: buyer.id, leadId: row.id, receivedAt: lead.receivedAt });
    }
    if (status === 'pending') {
      for (const route of routes) {
        outbox.queue({
          messageId: route.messageId(lead),
          leadId: row.id,
          channel: route.channel,
          kind: route.kind,
          dueAt: lead.receivedAt,
        });
      }
    }
    // After the lead's own messages, so a CRM hears of the lead before of its owner.
    onLeadStored?.({ id: row.id, buyerId: buyer.id, status, receivedAt: lead.receivedAt });
    return read(row.id);
  };
  // IMMEDIATE takes the write lock before the duplicate check, so two processes cannot both
  // decide that the same visitor's lead is the first one.
  const insertMany = db.transaction((leads: readonly NewLead[], duplicateWindowMs: number) =>
    leads.map((lead) => insertOne(lead, duplicateWindowMs)),
  );
  // The lead's own status follows its sales email, as the inbox, the CLI and the digest read it.
  const markSentTx = db.transaction((deliveryId: number, now: number) => {
    const sent = outbox.sent(deliveryId, now);
    if (sent?.kind === SALES_EMAIL_KIND && sent.leadId !== null) leadEmailed.run(now, sent.leadId);
  });
  const requeueTx = db.transaction((publicId: string, now: number, route: LeadMessageRoute) => {
    const row = byPublicId.get(publicId);
    if (!row) return undefined;
    if (route.kind === SALES_EMAIL_KIND) requeue.run(row.id);
    outbox.requeue(toLead(row), route, now);
    return read(row.id);
  });
  // A buyer whose latest enquiry went falls back on the newest one left, and goes with the last.
  const refreshLatest = db.prepare(`
    UPDATE buyers SET latest_lead_id = (SELECT l.id FROM leads l
      WHERE l.buyer_id = buyers.id AND l.status NOT IN ('spam', 'test')
      ORDER BY l.received_at DESC, l.id DESC LIMIT 1)
    WHERE latest_lead_id IS NULL`);
  const deleteLeadlessBuyers = db.prepare(`
    DELETE FROM buyers WHERE NOT EXISTS (SELECT 1 FROM leads l WHERE l.buyer_id = buyers.id)`);
  const queueOnceTx = db.transaction(
    (messages: readonly NewMessage[]) =>
      messages.filter((message) => outbox.queueOnce(message)).length,
  );
  const deleteSettled = db.transaction((cutoff: number): number => {
    unlinkExpired.run(cutoff);
    outbox.deleteSettledLeadlessBefore(cutoff);
    const deleted = deleteExpired.run(cutoff).changes;
    if (deleted > 0) {
      refreshLatest.run();
      deleteLeadlessBuyers.run();
    }
    return deleted;
  });

  return {
    db,
    insertLead: (lead, duplicateWindowMs) => {
      const [stored] = write(() => insertMany.immediate([lead], duplicateWindowMs));
      if (!stored) throw new Error('the lead was not stored');
      return stored;
    },
    insertLeads: (leads, duplicateWindowMs) =>
      write(() => insertMany.immediate(leads, duplicateWindowMs)),
    claimNextDue: (channel, owner, now, leaseMs) =>
      withoutSync(() => outbox.claim(channel, owner, now, leaseMs)),
    markSent(deliveryId, now) {
      withoutSync(() => markSentTx.immediate(deliveryId, now));
    },
    markFailed(deliveryId, owner, error, retryAt) {
      withoutSync(() => outbox.failed(deliveryId, owner, error, retryAt));
    },
    markDead(deliveryId, owner, error) {
      withoutSync(() => outbox.dead(deliveryId, owner, error));
    },
    takeBackLeases: () => write(() => outbox.takeBackLeases()),
    queueMessage(message) {
      write(() => outbox.queue(message));
    },
    queueNewMessages: (messages) => write(() => queueOnceTx.immediate(messages)),
    deadCount: (channel) => outbox.deadCount(channel),
    pendingSummary: (channel = EMAIL_CHANNEL, now) => outbox.pendingSummary(channel, now),
    isWritable() {
      if (lastWriteFailed) return false;
      const { bavail, bsize } = statfsSync(path.dirname(file));
      return bavail * bsize >= MIN_FREE_BYTES;
    },
    requeueLead: (publicId, now, route = SALES_EMAIL_ROUTE) =>
      write(() => requeueTx.immediate(publicId, now, route)),
    findByPublicId(publicId) {
      const row = byPublicId.get(publicId);
      return row ? toLead(row) : undefined;
    },
    listLeads: () => all.all().map(toLead),
    deleteSettledBefore: (cutoff) => write(() => deleteSettled.immediate(cutoff)),
    ...createLeadQueries(db),
    ...createDigestLog(db),
    close() {
      if (db.open) db.close();
    },
  };
}

function migrate(db: Database.Database): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > MIGRATIONS.length) {
    throw new Error(
      `The lead database has schema version ${current}, newer than this server knows (${MIGRATIONS.length}).`,
    );
  }
  if (current === MIGRATIONS.length) return;
  // Off while tables are rebuilt (SQLite's own recipe), then checked before the commit.
  db.pragma('foreign_keys = OFF');
  db.transaction(() => {
    MIGRATIONS.slice(current).forEach((sql, index) => {
      db.exec(sql);
      db.pragma(`user_version = ${current + index + 1}`);
    });
    const broken = db.pragma('foreign_key_check') as unknown[];
    if (broken.length > 0) throw new Error('the lead database migration broke a reference');
  }).immediate();
}
