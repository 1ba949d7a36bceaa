import type Database from 'better-sqlite3';
import { CAMPAIGN_FIELDS, VISIT_FIELDS } from '@iconia/shared';
import {
  toLead,
  type LeadRow,
  type LeadStatus,
  type NewLead,
  type StoredLead,
} from './lead-types.ts';
import type { LeadMessageRoute, OutboxStatements } from './outbox-store.ts';

/** A lead just stored, as a hook run inside the storing transaction sees it. */
export interface StoredLeadFacts {
  id: number;
  buyerId: number;
  status: LeadStatus;
  receivedAt: number;
}

export interface LeadInsertOptions {
  /** The messages every pending lead is sent as, one per route; the sales email first. */
  routes: readonly LeadMessageRoute[];
  outbox: Pick<OutboxStatements, 'queue'>;
  /** Runs inside the lead's transaction, once its own messages are queued. */
  onLeadStored: ((lead: StoredLeadFacts) => void) | undefined;
}

/** Stores leads in order, in one IMMEDIATE transaction (run it with `.immediate`). */
export type LeadInsert = Database.Transaction<
  (leads: readonly NewLead[], duplicateWindowMs: number) => StoredLead[]
>;

function prepareLeadInsert(db: Database.Database) {
  return {
    insert: db.prepare<Record<string, unknown>, { id: number }>(`
    INSERT INTO leads (public_id, message_id, kind, name, mobile, plot_range, location,
      source, page, utm_source, utm_medium, utm_campaign, utm_term, utm_content, gclid,
      fbclid, gbraid, wbraid, landing_page, referrer,
      status, received_at, next_attempt_at, duplicate_of, consent_notice, buyer_id, origin, email,
      message, answers, external_id, problems)
    VALUES (@publicId, @messageId, @kind, @name, @mobile, @plotRange, @location,
      @source, @page, @utm_source, @utm_medium, @utm_campaign, @utm_term, @utm_content, @gclid,
      @fbclid, @gbraid, @wbraid, @landingPage, @referrer,
      @status, @receivedAt, @receivedAt, @duplicateOf, @consentNotice, @buyerId, @origin, @email,
      @message, @answers, @externalId, @problems)
    RETURNING id`),
    byExternalId: db.prepare<[string, string], { id: number }>(
      `SELECT id FROM leads WHERE origin = ? AND external_id = ?`,
    ),
    buyerOfMobile: db.prepare<[string, number], { id: number }>(`
    INSERT INTO buyers (mobile, last_received_at) VALUES (?, ?)
    ON CONFLICT (mobile) DO UPDATE SET mobile = excluded.mobile
    RETURNING id`),
    // A lead without a usable number is a buyer of its own until a manager merges it.
    buyerWithoutMobile: db.prepare<[number], { id: number }>(
      `INSERT INTO buyers (mobile, last_received_at) VALUES (NULL, ?) RETURNING id`,
    ),
    // Spam and test leads are nobody's work: they belong to their buyer but never become their
    // latest enquiry.
    latestEnquiry: db.prepare<{ buyerId: number; leadId: number; receivedAt: number }>(`
    UPDATE buyers SET latest_lead_id = @leadId, last_received_at = @receivedAt
    WHERE id = @buyerId AND (latest_lead_id IS NULL OR last_received_at <= @receivedAt)`),
    // Pinned to the mobile index: with the desk's (source, received_at) index the planner would
    // otherwise walk every recent lead of the same form, which slows each insert as leads pile up.
    findRecentOriginal: db.prepare<
      [string, string, string | null, string, number],
      { id: number }
    >(`
    SELECT id FROM leads INDEXED BY leads_recent_by_mobile
    WHERE mobile = ? AND kind = ? AND source IS ? AND origin = ? AND received_at >= ?
      AND status IN ('pending', 'sent')
    ORDER BY received_at DESC LIMIT 1`),
    byId: db.prepare<[number], LeadRow>(`SELECT * FROM lead_rows WHERE id = ?`),
  };
}

function statusOf(lead: NewLead, original: { id: number } | undefined): LeadStatus {
  if (lead.test) return 'test';
  if (lead.spam) return 'spam';
  if (original) return 'duplicate';
  return lead.held ? 'held' : 'pending';
}

/** The lead's columns as the insert binds them, but for its status, buyer and duplicate link. */
function leadColumns(lead: NewLead, origin: string, source: string | null) {
  const campaign = Object.fromEntries(
    [...CAMPAIGN_FIELDS, ...VISIT_FIELDS].map((field) => [field, lead.attribution[field] ?? null]),
  );
  return {
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
    receivedAt: lead.receivedAt,
    consentNotice: lead.consentNotice ?? null,
    origin,
    email: lead.email ?? null,
    message: lead.message ?? null,
    answers: lead.answers === undefined ? null : JSON.stringify(lead.answers),
    externalId: lead.externalId ?? null,
    problems: lead.problems?.length ? JSON.stringify(lead.problems) : null,
  };
}

/**
 * Stores a lead with its buyer, decides its status (test, spam, duplicate, held or pending) and
 * queues a pending lead's messages, all in the caller's transaction.
 */
export function createLeadInsert(db: Database.Database, options: LeadInsertOptions): LeadInsert {
  const { routes, outbox, onLeadStored } = options;
  const statements = prepareLeadInsert(db);

  const read = (id: number): StoredLead => {
    const row = statements.byId.get(id);
    if (!row) throw new Error(`lead ${id} vanished inside its own transaction`);
    return toLead(row);
  };

  const insertOne = (lead: NewLead, duplicateWindowMs: number): StoredLead => {
    const origin = lead.origin ?? 'site';
    if (lead.externalId !== undefined) {
      const known = statements.byExternalId.get(origin, lead.externalId);
      if (known) {
        const stored = read(known.id);
        lead.alongside?.(stored);
        return stored;
      }
    }
    const source = lead.attribution.source ?? null;
    const original =
      lead.spam || lead.test || lead.mobile === ''
        ? undefined
        : statements.findRecentOriginal.get(
            lead.mobile,
            lead.kind,
            source,
            origin,
            lead.receivedAt - duplicateWindowMs,
          );
    const status = statusOf(lead, original);
    const buyer =
      lead.mobile === ''
        ? statements.buyerWithoutMobile.get(lead.receivedAt)
        : statements.buyerOfMobile.get(lead.mobile, lead.receivedAt);
    if (!buyer) throw new Error('the buyer was not stored');
    const row = statements.insert.get({
      ...leadColumns(lead, origin, source),
      buyerId: buyer.id,
      status,
      duplicateOf: original?.id ?? null,
    });
    if (!row) throw new Error('the lead was not stored');
    if (status !== 'spam' && status !== 'test') {
      statements.latestEnquiry.run({
        buyerId: buyer.id,
        leadId: row.id,
        receivedAt: lead.receivedAt,
      });
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
    lead.alongside?.({ id: row.id, buyerId: buyer.id });
    return read(row.id);
  };
  // IMMEDIATE takes the write lock before the duplicate check, so two processes cannot both
  // decide that the same visitor's lead is the first one.
  return db.transaction((leads: readonly NewLead[], duplicateWindowMs: number) =>
    leads.map((lead) => insertOne(lead, duplicateWindowMs)),
  );
}
