import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import {
  CAMPAIGN_FIELDS,
  isConsentNoticeVersion,
  isLeadSource,
  isPlotRange,
  type Attribution,
  type ConsentNoticeVersion,
  type LeadKind,
  type PlotRange,
} from '@iconia/shared';
import { DESK_MIGRATION } from '../desk/desk-schema.ts';
import { createDigestLog, type DigestLog } from './digest-log.ts';
import { createLeadQueries, type LeadQueries } from './lead-queries.ts';

/**
 * pending: waiting to be emailed · sent: emailed · duplicate: same visitor and form again within
 * the window, kept but not emailed · spam: the honeypot was filled, kept but not emailed.
 */
export type LeadStatus = 'pending' | 'sent' | 'duplicate' | 'spam';

export interface NewLead {
  publicId: string;
  messageId: string;
  kind: LeadKind;
  name: string;
  mobile: string;
  plotRange?: PlotRange | undefined;
  location?: string | undefined;
  attribution: Attribution;
  receivedAt: number;
  spam: boolean;
  /** Version of the consent notice the visitor's form showed; see `CONSENT_NOTICES`. */
  consentNotice?: ConsentNoticeVersion | undefined;
}

export interface StoredLead {
  id: number;
  publicId: string;
  messageId: string;
  kind: LeadKind;
  name: string;
  mobile: string;
  plotRange?: PlotRange;
  location?: string;
  attribution: Attribution;
  status: LeadStatus;
  receivedAt: number;
  attempts: number;
  nextAttemptAt: number;
  lastError?: string;
  sentAt?: number;
  duplicateOf?: number;
  consentNotice?: ConsentNoticeVersion;
}

export interface PendingSummary {
  count: number;
  /** Receipt time of the oldest pending lead, or undefined when none is pending. */
  oldestReceivedAt: number | undefined;
}

/** The outbox behind the two endpoints and the delivery worker. */
export interface LeadStore extends LeadQueries, DigestLog {
  /**
   * Stores a lead durably and decides its status: spam when flagged, duplicate when the same
   * mobile sent the same kind of lead from the same form within `duplicateWindowMs`, else pending.
   */
  insertLead(lead: NewLead, duplicateWindowMs: number): StoredLead;
  /**
   * Stores several leads in one transaction and one disk sync, in order, as `insertLead` would
   * one by one. Either all are stored or none.
   */
  insertLeads(leads: readonly NewLead[], duplicateWindowMs: number): StoredLead[];
  /**
   * Takes the next due pending lead for `owner` until `now + leaseMs`. Atomic across processes
   * sharing the file: a lead under someone else's live lease is never handed out.
   */
  claimNextDue(owner: string, now: number, leaseMs: number): StoredLead | undefined;
  markSent(id: number, now: number): void;
  /** Releases the lease and schedules the next attempt. */
  markFailed(id: number, owner: string, error: string, retryAt: number): void;
  pendingSummary(): PendingSummary;
  /** Throws when the database cannot take a write. */
  checkWritable(now: number): void;
  findByPublicId(publicId: string): StoredLead | undefined;
  listLeads(): StoredLead[];
  /**
   * Deletes every lead received before `cutoff` that no longer waits for delivery (sent,
   * duplicate, spam); pending leads are kept whatever their age. Returns how many went.
   */
  deleteSettledBefore(cutoff: number): number;
  close(): void;
}

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
  DESK_MIGRATION,
];

export interface LeadRow {
  id: number;
  public_id: string;
  message_id: string;
  kind: string;
  name: string;
  mobile: string;
  plot_range: string | null;
  location: string | null;
  source: string | null;
  page: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_term: string | null;
  utm_content: string | null;
  gclid: string | null;
  status: string;
  received_at: number;
  attempts: number;
  next_attempt_at: number;
  last_error: string | null;
  sent_at: number | null;
  duplicate_of: number | null;
  consent_notice: string | null;
}

export function openLeadStore(file: string): LeadStore {
  mkdirSync(path.dirname(file), { recursive: true });
  const db = new Database(file, { timeout: 5_000 });
  db.pragma('journal_mode = WAL');
  // FULL: a lead acknowledged with "success" survives a power cut, not just a process crash.
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  migrate(db);
  // Delivery bookkeeping (claims, sent marks, retries, the readiness heartbeat) runs on its own
  // connection without a disk sync per commit: WAL keeps it atomic and crash-safe for the
  // process, and what a power cut may undo is a "sent" mark, so a lead is sent again with the
  // same Message-ID rather than lost. The visitor's lead itself is always synced before "success".
  const outbox = new Database(file, { timeout: 5_000 });
  outbox.pragma('synchronous = NORMAL');
  outbox.pragma('foreign_keys = ON');

  const insert = db.prepare<Record<string, unknown>>(`
    INSERT INTO leads (public_id, message_id, kind, name, mobile, plot_range, location,
      source, page, utm_source, utm_medium, utm_campaign, utm_term, utm_content, gclid,
      status, received_at, next_attempt_at, duplicate_of, consent_notice)
    VALUES (@publicId, @messageId, @kind, @name, @mobile, @plotRange, @location,
      @source, @page, @utm_source, @utm_medium, @utm_campaign, @utm_term, @utm_content, @gclid,
      @status, @receivedAt, @receivedAt, @duplicateOf, @consentNotice)
    RETURNING *`);
  const findRecentOriginal = db.prepare<[string, string, string | null, number], { id: number }>(`
    SELECT id FROM leads
    WHERE mobile = ? AND kind = ? AND source IS ? AND received_at >= ?
      AND status IN ('pending', 'sent')
    ORDER BY received_at DESC LIMIT 1`);
  const claim = outbox.prepare<[{ owner: string; until: number; now: number }], LeadRow>(`
    UPDATE leads SET lease_owner = @owner, lease_until = @until, attempts = attempts + 1
    WHERE id = (
      SELECT id FROM leads
      WHERE status = 'pending' AND next_attempt_at <= @now
        AND (lease_until IS NULL OR lease_until <= @now)
      ORDER BY next_attempt_at, id LIMIT 1)
    RETURNING *`);
  const sent = outbox.prepare<[number, number]>(`
    UPDATE leads SET status = 'sent', sent_at = ?, lease_owner = NULL, lease_until = NULL,
      last_error = NULL
    WHERE id = ? AND status = 'pending'`);
  const failed = outbox.prepare<[string, number, number, string]>(`
    UPDATE leads SET last_error = ?, next_attempt_at = ?, lease_owner = NULL, lease_until = NULL
    WHERE id = ? AND status = 'pending' AND lease_owner = ?`);
  const summary = db.prepare<[], { count: number; oldest: number | null }>(
    `SELECT COUNT(*) AS count, MIN(received_at) AS oldest FROM leads WHERE status = 'pending'`,
  );
  const heartbeat = outbox.prepare<[number]>(
    `INSERT INTO heartbeat (id, at) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET at = excluded.at`,
  );
  const byPublicId = db.prepare<[string], LeadRow>(`SELECT * FROM leads WHERE public_id = ?`);
  const all = db.prepare<[], LeadRow>(`SELECT * FROM leads ORDER BY id`);
  // A newer duplicate may still point at an original that is old enough to go; it loses the
  // link, not its row.
  const unlinkExpired = db.prepare<[number]>(`
    UPDATE leads SET duplicate_of = NULL
    WHERE duplicate_of IN (
      SELECT id FROM leads WHERE received_at < ? AND status IN ('sent', 'duplicate', 'spam'))`);
  const deleteExpired = db.prepare<[number]>(
    `DELETE FROM leads WHERE received_at < ? AND status IN ('sent', 'duplicate', 'spam')`,
  );
  const deleteSettled = db.transaction((cutoff: number): number => {
    unlinkExpired.run(cutoff);
    return deleteExpired.run(cutoff).changes;
  });

  const insertOne = (lead: NewLead, duplicateWindowMs: number): StoredLead => {
    const source = lead.attribution.source ?? null;
    const original = lead.spam
      ? undefined
      : findRecentOriginal.get(lead.mobile, lead.kind, source, lead.receivedAt - duplicateWindowMs);
    const status: LeadStatus = lead.spam ? 'spam' : original ? 'duplicate' : 'pending';
    const campaign = Object.fromEntries(
      CAMPAIGN_FIELDS.map((field) => [field, lead.attribution[field] ?? null]),
    );
    const row = insert.get({
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
    }) as LeadRow;
    return toLead(row);
  };
  // IMMEDIATE takes the write lock before the duplicate check, so two processes cannot both
  // decide that the same visitor's lead is the first one.
  const insertMany = db.transaction((leads: readonly NewLead[], duplicateWindowMs: number) =>
    leads.map((lead) => insertOne(lead, duplicateWindowMs)),
  );

  return {
    insertLead: (lead, duplicateWindowMs) => {
      const [stored] = insertMany.immediate([lead], duplicateWindowMs);
      if (!stored) throw new Error('the lead was not stored');
      return stored;
    },
    insertLeads: (leads, duplicateWindowMs) => insertMany.immediate(leads, duplicateWindowMs),
    claimNextDue(owner, now, leaseMs) {
      // all(), not get(): get() stops after the row it returns, and an autocommit that then
      // fails (a full disk) goes unreported, so a lead would be handed out without its lease.
      const [row] = claim.all({ owner, until: now + leaseMs, now });
      return row ? toLead(row) : undefined;
    },
    markSent(id, now) {
      sent.run(now, id);
    },
    markFailed(id, owner, error, retryAt) {
      failed.run(error.slice(0, 1_000), retryAt, id, owner);
    },
    pendingSummary() {
      const row = summary.get();
      return { count: row?.count ?? 0, oldestReceivedAt: row?.oldest ?? undefined };
    },
    checkWritable(now) {
      heartbeat.run(now);
    },
    findByPublicId(publicId) {
      const row = byPublicId.get(publicId);
      return row ? toLead(row) : undefined;
    },
    listLeads: () => all.all().map(toLead),
    deleteSettledBefore: (cutoff) => deleteSettled.immediate(cutoff),
    ...createLeadQueries(db, toLead),
    ...createDigestLog(db),
    close() {
      if (outbox.open) outbox.close();
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
  db.transaction(() => {
    MIGRATIONS.slice(current).forEach((sql, index) => {
      db.exec(sql);
      db.pragma(`user_version = ${current + index + 1}`);
    });
  }).immediate();
}

export function toLead(row: LeadRow): StoredLead {
  const attribution: Attribution = {};
  if (isLeadSource(row.source)) attribution.source = row.source;
  if (row.page !== null) attribution.page = row.page;
  for (const field of CAMPAIGN_FIELDS) {
    const value = row[field];
    if (value !== null) attribution[field] = value;
  }
  return {
    id: row.id,
    publicId: row.public_id,
    messageId: row.message_id,
    kind: row.kind === 'contact' ? 'contact' : 'brochure',
    name: row.name,
    mobile: row.mobile,
    ...(isPlotRange(row.plot_range) ? { plotRange: row.plot_range } : {}),
    ...(row.location !== null ? { location: row.location } : {}),
    attribution,
    status: row.status as LeadStatus,
    receivedAt: row.received_at,
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at,
    ...(row.last_error !== null ? { lastError: row.last_error } : {}),
    ...(row.sent_at !== null ? { sentAt: row.sent_at } : {}),
    ...(row.duplicate_of !== null ? { duplicateOf: row.duplicate_of } : {}),
    ...(isConsentNoticeVersion(row.consent_notice) ? { consentNotice: row.consent_notice } : {}),
  };
}
