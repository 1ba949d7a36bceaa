import { statfsSync } from 'node:fs';
import path from 'node:path';
import type Database from 'better-sqlite3';
import { createDigestLog, type DigestLog } from './digest-log.ts';
import { createLeadInsert, type StoredLeadFacts } from './lead-insert.ts';
import { createLeadQueries, type LeadQueries } from './lead-queries.ts';
import { openLeadDatabase } from './lead-schema.ts';
import {
  createOutboxStatements,
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
  type NewLead,
  type StoredLead,
} from './lead-types.ts';
import { createSettledLeadDeletion } from './settled-leads.ts';
import { createWriteGuard } from './write-guard.ts';

export type { LeadStatus, NewLead, StoredLead } from './lead-types.ts';
export type { StoredLeadFacts } from './lead-insert.ts';
export { MIGRATIONS } from './lead-schema.ts';

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

export function openLeadStore(file: string, options: LeadStoreOptions = {}): LeadStore {
  const db = openLeadDatabase(file);
  const outbox = createOutboxStatements(db);
  const insertMany = createLeadInsert(db, {
    routes: options.routes ?? [SALES_EMAIL_ROUTE],
    outbox,
    onLeadStored: options.onLeadStored?.(db),
  });
  const deleteSettled = createSettledLeadDeletion(db, outbox);
  const { write, withoutSync, lastWriteFailed } = createWriteGuard(db);
  const byPublicId = db.prepare<[string], LeadRow>(`SELECT * FROM lead_rows WHERE public_id = ?`);
  const all = db.prepare<[], LeadRow>(`SELECT * FROM lead_rows ORDER BY id`);
  const leadEmailed = db.prepare<[number, number]>(
    `UPDATE leads SET status = 'sent', sent_at = ? WHERE id = ? AND status = 'pending'`,
  );
  const requeue = db.prepare<[number]>(
    `UPDATE leads SET status = 'pending', sent_at = NULL WHERE id = ?`,
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
    const requeued = byPublicId.get(publicId);
    if (!requeued) throw new Error(`lead ${row.id} vanished inside its own transaction`);
    return toLead(requeued);
  });
  const queueOnceTx = db.transaction(
    (messages: readonly NewMessage[]) =>
      messages.filter((message) => outbox.queueOnce(message)).length,
  );

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
      if (lastWriteFailed()) return false;
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
