import type Database from 'better-sqlite3';
import {
  EMAIL_CHANNEL,
  type LeadRow as StoredLeadRow,
  type LeadStatus,
} from '../store/lead-types.ts';
import { SALES_EMAIL_KIND, type DeliveryStatus } from '../store/outbox-store.ts';
import type { LeadCursor, LeadFilter, Stage } from '../desk/desk-types.ts';

/**
 * The inbox's reads: a lead with its buyer's work (`InboxRow`), a page of the inbox under any
 * filter, a lead by id, a buyer's enquiries, the held leads, the new ones, and Today's lists. The
 * desk reads the `leads` table the capture path writes and the outbox's email delivery of each.
 */

/** A lead as the inbox lists it: the lead's own columns and the desk's work on it. */
export type InboxRow = Omit<
  StoredLeadRow,
  'message_id' | 'status' | 'attempts' | 'next_attempt_at' | 'duplicate_of' | 'buyer_id'
> & {
  buyer_id: number;
  /** The buyer's enquiries, spam aside. */
  enquiries: number;
  /**
   * A JSON array of what each of the buyer's enquiries said (plot range, location, message,
   * campaign), newest first, spam and test leads aside but this lead always in.
   */
  buyer_said: string;
  /** The buyer's WhatsApp messages waiting for our reply, and since when. */
  whatsapp_waiting: number;
  whatsapp_waiting_since: number | null;
  /** JSON: the live claim's firm, end and proof. */
  broker_claim: string | null;
  /** The table's check keeps it to these. */
  status: LeadStatus;
  /** The email delivery's state; null when the lead was never queued for email. */
  email_status: DeliveryStatus | null;
  attempts: number;
  stage: Stage;
  owner_id: number | null;
  owner_name: string | null;
  follow_up_at: number | null;
  lost_reason: string | null;
  first_contact_at: number | null;
  erased_at: number | null;
};

/**
 * A buyer's WhatsApp messages waiting for our reply: the ones that came after the last message
 * someone on the desk wrote them (automatic messages answer nothing). `{buyer}` is the buyer's id.
 */
const waitingMessages = (buyer: string) => `
  FROM whatsapp_messages wm WHERE wm.buyer_id = ${buyer} AND wm.direction = 'in'
    AND wm.created_at > coalesce((SELECT max(wo.created_at) FROM whatsapp_messages wo
      WHERE wo.buyer_id = ${buyer} AND wo.direction = 'out' AND wo.sent_by IS NOT NULL), 0)`;

const INBOX_COLUMNS = `
  l.id, l.public_id, l.kind, l.name, l.mobile, l.plot_range, l.location, l.source, l.page,
  l.utm_source, l.utm_medium, l.utm_campaign, l.utm_term, l.utm_content, l.gclid, l.fbclid,
  l.gbraid, l.wbraid, l.landing_page, l.referrer, l.status, l.received_at, email.status AS email_status, coalesce(email.attempts, 0) AS attempts,
  email.last_error, email.sent_at, l.consent_notice, l.origin, l.message, l.answers,
  l.email, l.problems, l.buyer_id, w.stage, w.owner_id, owner.name AS owner_name, w.follow_up_at, w.lost_reason,
  w.first_contact_at, w.erased_at,
  (SELECT count(*) FROM leads e WHERE e.buyer_id = l.buyer_id AND e.status NOT IN ('spam', 'test'))
    AS enquiries,
  (SELECT json_group_array(json_object('plotRange', e.plot_range, 'location', e.location,
      'message', e.message, 'utmSource', e.utm_source, 'utmCampaign', e.utm_campaign)
      ORDER BY e.received_at DESC, e.id DESC)
    FROM leads e
    WHERE e.buyer_id = l.buyer_id AND (e.status NOT IN ('spam', 'test') OR e.id = l.id))
    AS buyer_said,
  (SELECT count(*) ${waitingMessages('l.buyer_id')}) AS whatsapp_waiting,
  (SELECT min(wm.created_at) ${waitingMessages('l.buyer_id')}) AS whatsapp_waiting_since,
  (SELECT json_object('firm', k.firm, 'until', c.until, 'proven', c.status = 'proven')
     FROM broker_claims c JOIN brokers k ON k.id = c.broker_id
     WHERE c.mobile = w.mobile AND c.status IN ('active', 'proven')) AS broker_claim`;
// The email's delivery row, found through its (lead_id, channel) key.
const EMAIL_JOIN = `
  LEFT JOIN deliveries email ON email.lead_id = l.id AND email.channel = '${EMAIL_CHANNEL}'
    AND email.kind = '${SALES_EMAIL_KIND}'`;
const INBOX_FROM = `
  FROM leads l
  JOIN buyers w ON w.id = l.buyer_id
  LEFT JOIN desk_users owner ON owner.id = w.owner_id ${EMAIL_JOIN}`;
/**
 * The same, read from the leads' side first: SQLite keeps the order of a CROSS JOIN. Without it,
 * a sparse filter such as a name search sorts every buyer instead of reading leads newest first.
 */
const LEADS_FIRST_FROM = INBOX_FROM.replace('JOIN buyers w', 'CROSS JOIN buyers w');
/** The statuses that are nobody's work: kept, never listed with a buyer nor reported. */
const NOT_WORK = `NOT IN ('spam', 'test')`;
/** Each buyer once, on their latest enquiry. */
const BUYERS_FROM = `
  FROM buyers w
  JOIN leads l ON l.id = w.latest_lead_id
  LEFT JOIN desk_users owner ON owner.id = w.owner_id ${EMAIL_JOIN}`;

/**
 * Conditions on a lead (aliased `alias`) of an inbox filter: what the person sent, where from,
 * when, and who they are by name or mobile.
 */
function leadConditions(
  filter: LeadFilter,
  alias: string,
  params: Record<string, string | number>,
): string[] {
  const where: string[] = [];
  if (filter.held) where.push(`${alias}.status = 'held'`);
  if (filter.form !== undefined) {
    where.push(`${alias}.source = @form`);
    params.form = filter.form;
  }
  if (filter.utmSource !== undefined) {
    where.push(`${alias}.utm_source = @utmSource`);
    params.utmSource = filter.utmSource;
  }
  if (filter.utmCampaign !== undefined) {
    where.push(`${alias}.utm_campaign = @utmCampaign`);
    params.utmCampaign = filter.utmCampaign;
  }
  if (filter.since !== undefined) {
    where.push(`${alias}.received_at >= @since`);
    params.since = filter.since;
  }
  if (filter.until !== undefined) {
    where.push(`${alias}.received_at < @until`);
    params.until = filter.until;
  }
  if (filter.mobilePart !== undefined && filter.mobilePart.length >= 3) {
    // The trigram index answers three digits or more; the part is digits only, safe to quote.
    where.push(
      `${alias}.id IN (SELECT rowid FROM lead_mobiles WHERE lead_mobiles MATCH @mobilePhrase)`,
    );
    params.mobilePhrase = `"${filter.mobilePart}"`;
  } else if (filter.mobilePart !== undefined) {
    // One or two digits match most leads: reading newest first finds a page at once.
    where.push(`instr(${alias}.mobile, @mobilePart) > 0`);
    params.mobilePart = filter.mobilePart;
  }
  if (filter.namePart !== undefined) {
    where.push(`${alias}.name LIKE @namePattern ESCAPE '\\'`);
    params.namePattern = `%${filter.namePart.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  }
  return where;
}

/** Conditions on the buyer's work (aliased `w`): stage, owner, follow-up due. */
function workConditions(filter: LeadFilter, params: Record<string, string | number>): string[] {
  const where: string[] = [];
  if (filter.stage !== undefined) {
    where.push('w.stage = @stage');
    params.stage = filter.stage;
  }
  if (filter.owner === 'none') where.push('w.owner_id IS NULL');
  else if (filter.owner !== undefined) {
    where.push('w.owner_id = @owner');
    params.owner = filter.owner;
  }
  if (filter.dueBy !== undefined) {
    where.push(`w.follow_up_at <= @dueBy AND w.stage NOT IN ('booked', 'lost')`);
    params.dueBy = filter.dueBy;
  }
  if (filter.whatsappWaiting) where.push(`EXISTS (SELECT 1 ${waitingMessages('w.id')})`);
  return where;
}

/**
 * The FROM, WHERE and ORDER BY of an inbox page: one row per buyer, newest first. Without a
 * filter on what people sent, each buyer is shown on their latest enquiry, read in order from
 * the buyers' own indexes. With one (form, campaign, dates, name, mobile, held), the leads are
 * read newest first from their indexes as before buyers, and each buyer is shown on their
 * latest matching enquiry: one probe of the buyer's other leads per row skips the older ones.
 * Spam and test leads are nobody's work: they are listed lead by lead.
 */
function inboxQueryOf(
  filter: LeadFilter,
  cursor?: LeadCursor,
): { sql: string; params: Record<string, string | number> } {
  if (filter.spam || filter.test) return perLeadQueryOf(filter, cursor);
  const params: Record<string, string | number> = {};
  const onLeads = leadConditions(filter, 'l', params);
  if (onLeads.length > 0) {
    const newer = leadConditions(filter, 'n', params);
    const where = [
      `l.status ${NOT_WORK}`,
      ...onLeads,
      ...workConditions(filter, params),
      `NOT EXISTS (SELECT 1 FROM leads n INDEXED BY leads_by_buyer
        WHERE n.buyer_id = l.buyer_id AND n.status ${NOT_WORK}
          AND (n.received_at, n.id) > (l.received_at, l.id) AND ${newer.join(' AND ')})`,
    ];
    if (cursor !== undefined) {
      where.push('(l.received_at, l.id) < (@cursorAt, @cursorId)');
      params.cursorAt = cursor.receivedAt;
      params.cursorId = cursor.id;
    }
    return {
      sql: `${LEADS_FIRST_FROM} WHERE ${where.join(' AND ')} ORDER BY l.received_at DESC, l.id DESC`,
      params,
    };
  }
  const where = workConditions(filter, params);
  if (cursor !== undefined) {
    where.push('(w.last_received_at, w.latest_lead_id) < (@cursorAt, @cursorId)');
    params.cursorAt = cursor.receivedAt;
    params.cursorId = cursor.id;
  }
  return {
    sql: `${BUYERS_FROM} ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY w.last_received_at DESC, w.latest_lead_id DESC`,
    params,
  };
}

/** Lead by lead, newest first, each with its buyer's work: the spam list and the export. */
export function perLeadQueryOf(
  filter: LeadFilter,
  cursor?: LeadCursor,
): { sql: string; params: Record<string, string | number> } {
  const params: Record<string, string | number> = {};
  const where = [
    filter.spam
      ? `l.status = 'spam'`
      : filter.test
        ? `l.status = 'test'`
        : `l.status NOT IN ('spam', 'test')`,
    ...leadConditions(filter, 'l', params),
    ...workConditions(filter, params),
  ];
  if (cursor !== undefined) {
    where.push('(l.received_at, l.id) < (@cursorAt, @cursorId)');
    params.cursorAt = cursor.receivedAt;
    params.cursorId = cursor.id;
  }
  return {
    sql: `${INBOX_FROM} WHERE ${where.join(' AND ')} ORDER BY l.received_at DESC, l.id DESC`,
    params,
  };
}

/** Prepares each shape of a query once: inbox queries differ by which filters are set. */
export function preparedOnce(db: Database.Database): (sql: string) => Database.Statement {
  const prepared = new Map<string, Database.Statement>();
  return (sql) => {
    let found = prepared.get(sql);
    if (!found) {
      found = db.prepare(sql);
      prepared.set(sql, found);
    }
    return found;
  };
}

export function createInboxQueries(db: Database.Database) {
  const statement = preparedOnce(db);
  const leadById = db.prepare<[number], InboxRow>(
    `SELECT ${INBOX_COLUMNS} ${INBOX_FROM} WHERE l.id = ?`,
  );
  const enquiriesOf = db.prepare<[number], InboxRow>(
    `SELECT ${INBOX_COLUMNS} ${INBOX_FROM}
     WHERE l.buyer_id = ? AND l.status NOT IN ('spam', 'test') ORDER BY l.received_at, l.id LIMIT 200`,
  );
  const newLeads = db.prepare<[number], InboxRow>(
    `SELECT ${INBOX_COLUMNS} ${INBOX_FROM}
     WHERE l.id > ? AND l.status NOT IN ('spam', 'test') ORDER BY l.id LIMIT 100`,
  );
  // Held leads lead by lead (not per buyer): each is released on its own. An erased buyer's stay.
  const heldLeads = db.prepare<{ since: number; limit: number }, InboxRow>(
    `SELECT ${INBOX_COLUMNS} ${INBOX_FROM}
     WHERE l.status = 'held' AND w.erased_at IS NULL AND l.received_at >= @since
     ORDER BY l.received_at DESC, l.id DESC LIMIT @limit`,
  );
  const heldCount = db.prepare<[number], { held: number }>(
    `SELECT count(*) AS held FROM leads l JOIN buyers w ON w.id = l.buyer_id
     WHERE l.status = 'held' AND w.erased_at IS NULL AND l.received_at >= ?`,
  );

  const overdue = db.prepare<{ me: number; now: number }, InboxRow>(
    `SELECT ${INBOX_COLUMNS} ${BUYERS_FROM}
     WHERE w.owner_id = @me AND w.follow_up_at < @now AND w.stage NOT IN ('booked', 'lost')
     ORDER BY w.follow_up_at, l.id LIMIT 200`,
  );
  const dueBetween = db.prepare<{ me: number; from: number; to: number }, InboxRow>(
    `SELECT ${INBOX_COLUMNS} ${BUYERS_FROM}
     WHERE w.owner_id = @me AND w.follow_up_at >= @from AND w.follow_up_at < @to
       AND w.stage NOT IN ('booked', 'lost')
     ORDER BY w.follow_up_at, l.id LIMIT 200`,
  );
  // Buyers with a genuine enquiry (not a repeat, not held, not spam) that nobody called yet.
  const uncontacted = db.prepare<{ me: number; since: number }, InboxRow>(
    `SELECT ${INBOX_COLUMNS} ${BUYERS_FROM}
     WHERE w.last_received_at >= @since
       AND w.first_contact_at IS NULL AND w.stage = 'new' AND w.erased_at IS NULL
       AND (w.owner_id IS NULL OR w.owner_id = @me)
       AND EXISTS (SELECT 1 FROM leads g WHERE g.buyer_id = w.id
         AND g.status IN ('pending', 'sent'))
     ORDER BY w.last_received_at, w.latest_lead_id LIMIT 200`,
  );

  return {
    /** One page of the inbox, newest first; one row more than `limit` tells a next page exists. */
    listLeads(filter: LeadFilter, limit: number, cursor?: LeadCursor): InboxRow[] {
      const { sql, params } = inboxQueryOf(filter, cursor);
      return statement(`SELECT ${INBOX_COLUMNS} ${sql} LIMIT @limit`).all({
        ...params,
        limit,
      }) as InboxRow[];
    },
    leadById: (id: number) => leadById.get(id),
    /** The leads held over the address limit received since `since`, newest first. */
    heldLeads: (since: number, limit: number) => heldLeads.all({ since, limit }),
    heldCount: (since: number) => heldCount.get(since)?.held ?? 0,
    /** Every enquiry of the buyer, spam aside, oldest first. */
    enquiriesOf: (buyerId: number) => enquiriesOf.all(buyerId),
    newLeadsAfter: (id: number) => newLeads.all(id),
    today: (me: number, now: number, endOfToday: number, uncontactedSince: number) => ({
      overdue: overdue.all({ me, now }),
      dueToday: dueBetween.all({ me, from: now, to: endOfToday }),
      uncontacted: uncontacted.all({ me, since: uncontactedSince }),
    }),
  };
}
