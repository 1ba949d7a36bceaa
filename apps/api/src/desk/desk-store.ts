import type Database from 'better-sqlite3';
import {
  EMAIL_CHANNEL,
  type LeadRow as StoredLeadRow,
  type LeadStatus,
} from '../store/lead-types.ts';
import {
  createOutboxStatements,
  LEAD_CREATED_KIND,
  SALES_EMAIL_KIND,
  type DeliveryStatus,
} from '../store/outbox-store.ts';
import { MANAGER_SUMMARY_KIND } from '../store/routing-alert-payloads.ts';
import { createVisitStore } from '../store/visit-store.ts';
import type {
  DeskEventType,
  DeskUser,
  LeadCursor,
  LeadFilter,
  Person,
  Role,
  Stage,
} from './desk-types.ts';

/**
 * Every SQL statement of the sales desk. The desk reads the `leads` table the capture path writes
 * and the outbox's `deliveries` (one row per message), and keeps its own work in
 * `buyers` (whose stage, owner and follow-up they are), `lead_events` and the `desk_*` tables.
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

const INBOX_COLUMNS = `
  l.id, l.public_id, l.kind, l.name, l.mobile, l.plot_range, l.location, l.source, l.page,
  l.utm_source, l.utm_medium, l.utm_campaign, l.utm_term, l.utm_content, l.gclid, l.fbclid,
  l.landing_page, l.referrer, l.status, l.received_at, email.status AS email_status, coalesce(email.attempts, 0) AS attempts,
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
    AS buyer_said`;
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
/** The statuses the reports leave out: nobody's work, and a lead held over the limit until released. */
const UNCOUNTED = `'spam', 'test', 'held'`;
/** Each buyer once, on their latest enquiry. */
const BUYERS_FROM = `
  FROM buyers w
  JOIN leads l ON l.id = w.latest_lead_id
  LEFT JOIN desk_users owner ON owner.id = w.owner_id ${EMAIL_JOIN}`;

export type { DeliveryStatus } from '../store/outbox-store.ts';

/** A lead's delivery to a channel other than the email (a webhook endpoint). */
export interface DeliveryRow {
  channel: string;
  status: DeliveryStatus;
  attempts: number;
  last_error: string | null;
  sent_at: number | null;
}

/** A lead with every stored column and the desk's work, for the export. */
export type ExportRow = StoredLeadRow & {
  original_public_id: string | null;
  stage: Stage | null;
  owner_name: string | null;
  follow_up_at: number | null;
  lost_reason: string | null;
  first_contact_at: number | null;
};

export interface UserRow {
  id: number;
  email: string;
  name: string;
  role: Role;
  password_hash: string;
  disabled_at: number | null;
  must_change_password: 0 | 1;
}

export interface SessionRow {
  user: DeskUser;
  createdAt: number;
  lastSeenAt: number;
}

export interface EventRow {
  at: number;
  type: DeskEventType;
  actor_id: number | null;
  actor_name: string | null;
  /** What the desk wrote: never personal data. */
  text: string;
  /** What a person typed (a note, a Lost reason); null when none, or once erased. */
  detail: string | null;
  /** The enquiry the entry was written on. */
  lead_id: number;
}

export interface WorkRow {
  stage: Stage;
  furthest_stage: number;
  owner_id: number | null;
  follow_up_at: number | null;
  lost_reason: string | null;
  first_contact_at: number | null;
  first_contact_by: number | null;
}

export interface NewEvent {
  type: DeskEventType;
  /** Null when the server itself acted (an erasure replayed after a restore). */
  actorId: number | null;
  text: string;
  detail?: string;
}

/** What one erasure reached in the database. */
export interface ErasedLeads {
  leadIds: number[];
  /** The Message-IDs of every email about those leads, for the copies kept outside it. */
  emailIds: string[];
}

export interface CampaignRow {
  origin: string;
  utm_source: string | null;
  utm_campaign: string | null;
  leads: number;
  site_visits: number;
  bookings: number;
}

/**
 * The visits booked in the period, counted per campaign of the buyer's first enquiry and per
 * person who booked them: the reports add these up three ways (campaign, origin, agent).
 */
export interface VisitReportRow {
  /** Null when none of the buyer's enquiries is kept any more. */
  origin: string | null;
  utm_source: string | null;
  utm_campaign: string | null;
  user_id: number;
  user_name: string;
  booked: number;
  visited: number;
  no_shows: number;
  cancelled: number;
}

export interface FirstContactRow {
  user_id: number;
  user_name: string;
  /** The buyer's first enquiry, and their first call or WhatsApp: reports count working minutes between. */
  received_at: number;
  first_contact_at: number;
}

/** An assignment with its person and the enquiry that started it, for the response report. */
export interface AssignmentReportRow {
  buyer_id: number;
  user_id: number;
  user_name: string;
  reason: string;
  assigned_at: number;
  due_at: number | null;
  answered_at: number | null;
  origin: string | null;
  source: string | null;
  received_at: number | null;
}

/** The routing settings the response report counts with. */
export interface ResponseSettingsRow {
  target_minutes: number;
  start_minute: number;
  end_minute: number;
}

export function toDeskUser(row: UserRow): DeskUser {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    disabled: row.disabled_at !== null,
    mustChangePassword: row.must_change_password === 1,
  };
}

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
function perLeadQueryOf(
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

export type DeskStore = ReturnType<typeof createDeskStore>;

export interface DeskStoreOptions {
  /** The outbox channels of the CRM endpoints, told of each change of a buyer's stage or owner. */
  webhookChannels?: readonly string[];
}

export function createDeskStore(db: Database.Database, options: DeskStoreOptions = {}) {
  const webhookChannels = options.webhookChannels ?? [];
  // Inbox queries differ by which filters are set; each shape is prepared once.
  const prepared = new Map<string, Database.Statement>();
  const statement = (sql: string): Database.Statement => {
    let found = prepared.get(sql);
    if (!found) {
      found = db.prepare(sql);
      prepared.set(sql, found);
    }
    return found;
  };

  const userColumns = 'id, email, name, role, password_hash, disabled_at, must_change_password';
  const userByEmail = db.prepare<[string], UserRow>(
    `SELECT ${userColumns} FROM desk_users WHERE email = ?`,
  );
  const userById = db.prepare<[number], UserRow>(
    `SELECT ${userColumns} FROM desk_users WHERE id = ?`,
  );
  const allUsers = db.prepare<[], UserRow>(
    `SELECT ${userColumns} FROM desk_users ORDER BY disabled_at IS NOT NULL, name, id`,
  );
  const insertUser = db.prepare<
    { email: string; name: string; role: Role; hash: string; now: number },
    UserRow
  >(`INSERT INTO desk_users (email, name, role, password_hash, created_at)
     VALUES (@email, @name, @role, @hash, @now) RETURNING ${userColumns}`);
  const disableUser = db.prepare<[number, number]>(
    `UPDATE desk_users SET disabled_at = coalesce(disabled_at, ?) WHERE id = ?`,
  );
  const setHash = db.prepare<{ id: number; hash: string; mustChange: 0 | 1 }>(
    `UPDATE desk_users SET password_hash = @hash, must_change_password = @mustChange WHERE id = @id`,
  );
  const enableUser = db.prepare<[number]>(`UPDATE desk_users SET disabled_at = NULL WHERE id = ?`);
  const forgetAccountFailures = db.prepare<[number]>(
    `DELETE FROM desk_sign_in_failures
     WHERE email = (SELECT email FROM desk_users WHERE id = ?)`,
  );

  const insertSession = db.prepare<[string, number, number, number]>(
    `INSERT INTO desk_sessions (token_hash, user_id, created_at, last_seen_at) VALUES (?, ?, ?, ?)`,
  );
  const sessionByHash = db.prepare<
    [string],
    UserRow & { created_at: number; last_seen_at: number }
  >(`SELECT u.id, u.email, u.name, u.role, u.password_hash, u.disabled_at, u.must_change_password,
            s.created_at, s.last_seen_at
     FROM desk_sessions s JOIN desk_users u ON u.id = s.user_id
     WHERE s.token_hash = ?`);
  const touchSession = db.prepare<[number, string]>(
    `UPDATE desk_sessions SET last_seen_at = ? WHERE token_hash = ?`,
  );
  const deleteSession = db.prepare<[string]>(`DELETE FROM desk_sessions WHERE token_hash = ?`);
  const deleteUserSessions = db.prepare<[number]>(`DELETE FROM desk_sessions WHERE user_id = ?`);

  const deleteStaleSessions = db.prepare<[number, number]>(
    `DELETE FROM desk_sessions WHERE last_seen_at < ? OR created_at < ?`,
  );

  const insertAttempt = db.prepare<[number, string, string], { id: number }>(
    `INSERT INTO desk_sign_in_failures (at, email, address) VALUES (?, ?, ?) RETURNING id`,
  );
  const deleteAttempt = db.prepare<[number]>(`DELETE FROM desk_sign_in_failures WHERE id = ?`);
  const failuresByEmail = db.prepare<[string, number], { count: number }>(
    `SELECT count(*) AS count FROM desk_sign_in_failures WHERE email = ? AND at >= ?`,
  );
  const failuresByAddress = db.prepare<[string, number], { count: number }>(
    `SELECT count(*) AS count FROM desk_sign_in_failures WHERE address = ? AND at >= ?`,
  );
  const forgetFailures = db.prepare<[number]>(`DELETE FROM desk_sign_in_failures WHERE at < ?`);

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
  const latestIds = db.prepare<[], { lead: number | null; event: number | null }>(
    `SELECT (SELECT max(id) FROM leads) AS lead, (SELECT max(id) FROM lead_events) AS event`,
  );
  // Named by the buyer's latest enquiry: the row the inbox shows for them.
  const changedBuyers = db.prepare<[number], { lead_id: number; buyer_id: number; id: number }>(
    `SELECT b.latest_lead_id AS lead_id, b.id AS buyer_id, max(e.id) AS id
     FROM lead_events e JOIN leads l ON l.id = e.lead_id JOIN buyers b ON b.id = l.buyer_id
     WHERE e.id > ? AND b.latest_lead_id IS NOT NULL GROUP BY b.id`,
  );

  const workOf = db.prepare<[number], WorkRow>(
    `SELECT stage, furthest_stage, owner_id, follow_up_at, lost_reason, first_contact_at,
            first_contact_by
     FROM buyers WHERE id = (SELECT buyer_id FROM leads WHERE id = ?)`,
  );
  const bookedPlot = db
    .prepare<[number], string>(
      `SELECT p.number FROM plot_bookings b INDEXED BY plot_bookings_by_buyer
       JOIN plots p ON p.id = b.plot_id
       WHERE b.buyer_id = ? AND b.status = 'approved' ORDER BY b.decided_at, b.id LIMIT 1`,
    )
    .pluck();
  const buyerOfLead = db.prepare<
    [number],
    { id: number; stage: Stage; owner_id: number | null; owner_name: string | null }
  >(`SELECT b.id, b.stage, b.owner_id, u.name AS owner_name
     FROM leads l JOIN buyers b ON b.id = l.buyer_id LEFT JOIN desk_users u ON u.id = b.owner_id
     WHERE l.id = ?`);
  const saveWorkRow = db.prepare<WorkRow & { leadId: number }>(
    `UPDATE buyers SET stage = @stage, furthest_stage = @furthest_stage,
       owner_id = @owner_id, follow_up_at = @follow_up_at, lost_reason = @lost_reason,
       first_contact_at = @first_contact_at, first_contact_by = @first_contact_by
     WHERE id = (SELECT buyer_id FROM leads WHERE id = @leadId)`,
  );
  const insertEvent = db.prepare<[number, number, string, number | null, string, string | null]>(
    `INSERT INTO lead_events (lead_id, at, type, actor_id, text, detail) VALUES (?, ?, ?, ?, ?, ?)
     RETURNING id`,
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
  const eventsOf = db.prepare<[number], EventRow>(
    `SELECT e.at, e.type, e.actor_id, u.name AS actor_name, e.text, e.detail, e.lead_id
     FROM lead_events e JOIN leads l ON l.id = e.lead_id
     LEFT JOIN desk_users u ON u.id = e.actor_id
     WHERE l.buyer_id = ? ORDER BY e.at, e.id`,
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

  // First touch: a buyer counts once, under their first enquiry, in the period that enquiry
  // arrived in; their stage and first contact are the buyer's. Spam and test leads never count,
  // a held lead only once it is released (its status is then pending).
  const FIRST_ENQUIRY = `
    l.received_at >= ? AND l.status NOT IN (${UNCOUNTED})
      AND NOT EXISTS (SELECT 1 FROM leads e INDEXED BY leads_by_buyer
        WHERE e.buyer_id = l.buyer_id AND e.status NOT IN (${UNCOUNTED})
          AND (e.received_at, e.id) < (l.received_at, l.id))`;
  // The same buyers as the funnel and the campaigns, by the India day of their first enquiry.
  const perDay = db.prepare<
    [number],
    { day_number: number; origin: string; source: string | null; count: number }
  >(
    // 19,800,000 ms is India's +05:30: whole-day numbers of India dates.
    `SELECT (l.received_at + 19800000) / 86400000 AS day_number, l.origin, l.source,
            count(*) AS count
     FROM leads l WHERE ${FIRST_ENQUIRY}
     GROUP BY day_number, l.origin, l.source ORDER BY day_number, l.origin, l.source`,
  );
  const byCampaign = db.prepare<[number], CampaignRow>(
    `SELECT l.origin, l.utm_source, l.utm_campaign, count(*) AS leads,
            coalesce(sum(EXISTS (SELECT 1 FROM visits v WHERE v.buyer_id = w.id
              AND v.status IN ('arrived', 'done'))), 0) AS site_visits,
            coalesce(sum((SELECT count(*) FROM plot_bookings b
              WHERE b.buyer_id = w.id AND b.status = 'approved')), 0) AS bookings
     FROM leads l JOIN buyers w ON w.id = l.buyer_id WHERE ${FIRST_ENQUIRY}
     GROUP BY l.origin, l.utm_source, l.utm_campaign
     ORDER BY leads DESC, l.origin <> 'site', l.origin, l.utm_source, l.utm_campaign`,
  );
  const furthest = db.prepare<[number], { rank: number; lost: number; count: number }>(
    `SELECT w.furthest_stage AS rank, w.stage = 'lost' AS lost, count(*) AS count
     FROM leads l JOIN buyers w ON w.id = l.buyer_id WHERE ${FIRST_ENQUIRY}
     GROUP BY rank, lost`,
  );
  const firstContacts = db.prepare<[number], FirstContactRow>(
    `SELECT u.id AS user_id, u.name AS user_name, l.received_at, w.first_contact_at
     FROM leads l JOIN buyers w ON w.id = l.buyer_id
     JOIN desk_users u ON u.id = w.first_contact_by
     WHERE ${FIRST_ENQUIRY}
     ORDER BY u.name, u.id`,
  );

  const bookingsByAgent = db.prepare<
    [number],
    { user_id: number; user_name: string; bookings: number }
  >(
    `SELECT u.id AS user_id, u.name AS user_name, count(*) AS bookings
     FROM plot_bookings b INDEXED BY plot_bookings_by_decision
     JOIN desk_users u ON u.id = b.requested_by
     WHERE b.status = 'approved' AND b.decided_at >= ?
     GROUP BY u.id ORDER BY bookings DESC, u.name, u.id`,
  );
  // Every assignment of the buyers assigned in the period, so a reassignment in the period of a
  // buyer first assigned before it is seen as such (and left out with its chain).
  const assignments = db.prepare<[number], AssignmentReportRow>(
    `SELECT a.buyer_id, a.user_id, u.name AS user_name, a.reason, a.assigned_at, a.due_at,
            a.answered_at, l.origin, l.source, l.received_at
     FROM buyer_assignments a JOIN desk_users u ON u.id = a.user_id
     LEFT JOIN leads l ON l.id = a.lead_id
     WHERE a.buyer_id IN (SELECT buyer_id FROM buyer_assignments WHERE assigned_at >= ?)
     ORDER BY a.buyer_id, a.id`,
  );
  const responseSettings = db.prepare<[], ResponseSettingsRow>(
    `SELECT target_minutes, start_minute, end_minute FROM routing_settings WHERE id = 1`,
  );

  // Visits booked in the period, by the first enquiry of their buyer (first touch, as every
  // report) and by who booked them: the same records the stages follow.
  const visitReport = db.prepare<[number], VisitReportRow>(
    `SELECT f.origin, f.utm_source, f.utm_campaign, u.id AS user_id, u.name AS user_name,
            count(*) AS booked,
            coalesce(sum(v.status IN ('arrived', 'done')), 0) AS visited,
            coalesce(sum(v.status = 'no_show'), 0) AS no_shows,
            coalesce(sum(v.status = 'cancelled'), 0) AS cancelled
     FROM visits v JOIN desk_users u ON u.id = v.booked_by
     LEFT JOIN leads f ON f.id = (SELECT e.id FROM leads e INDEXED BY leads_by_buyer
       WHERE e.buyer_id = v.buyer_id AND e.status NOT IN (${UNCOUNTED})
       ORDER BY e.received_at, e.id LIMIT 1)
     WHERE v.booked_at >= ?
     GROUP BY f.origin, f.utm_source, f.utm_campaign, u.id
     ORDER BY f.origin, f.utm_source, f.utm_campaign, u.name, u.id`,
  );
  const notesOfBuyer = db.prepare<
    [number],
    { at: number; actor_name: string | null; detail: string }
  >(
    `SELECT e.at, u.name AS actor_name, e.detail
     FROM lead_events e JOIN leads l ON l.id = e.lead_id
     LEFT JOIN desk_users u ON u.id = e.actor_id
     WHERE l.buyer_id = ? AND e.type = 'note' AND e.detail IS NOT NULL
     ORDER BY e.at, e.id`,
  );
  const insertExport = db.prepare<[number, number, string, number]>(
    `INSERT INTO desk_exports (at, actor_id, filters, rows) VALUES (?, ?, ?, ?)`,
  );
  const leadsOfMobile = db.prepare<[string, number], { id: number }>(
    `SELECT id FROM leads WHERE mobile = ? AND received_at <= ?`,
  );
  const distinctMobiles = db
    .prepare<[], string>(`SELECT DISTINCT mobile FROM leads WHERE mobile <> ''`)
    .pluck();
  const erasedMobiles = db.prepare<[], { hmac: string; at: number }>(
    `SELECT hmac, at FROM erased_mobiles`,
  );
  const insertErasedMobile = db.prepare<[string, number]>(
    `INSERT INTO erased_mobiles (hmac, at) VALUES (?, ?)
     ON CONFLICT (hmac) DO UPDATE SET at = max(at, excluded.at)`,
  );
  // Name and mobile are NOT NULL in `leads`: an erased lead keeps empty strings.
  const eraseLead = db.prepare<[number]>(
    `UPDATE leads SET name = '', mobile = '', plot_range = NULL, location = NULL, page = NULL,
       gclid = NULL, fbclid = NULL, landing_page = NULL, referrer = NULL, last_error = NULL,
       email = NULL, message = NULL, answers = NULL, problems = NULL
     WHERE id = ?`,
  );
  const eraseWork = db.prepare<[number, number]>(
    `UPDATE buyers SET erased_at = ?, lost_reason = NULL, mobile = NULL
     WHERE id = (SELECT buyer_id FROM leads WHERE id = ?)`,
  );
  // A managers' summary names every buyer late when it went out, whoever it was about.
  const sentSummaryIds = db
    .prepare<[], string>(
      `SELECT message_id FROM deliveries
       WHERE channel = '${EMAIL_CHANNEL}' AND kind = '${MANAGER_SUMMARY_KIND}' AND status = 'sent'`,
    )
    .pluck();
  const eraseEventDetails = db.prepare<[number]>(
    `UPDATE lead_events SET detail = NULL WHERE lead_id = ? AND detail IS NOT NULL`,
  );
  const outbox = createOutboxStatements(db);
  const visits = createVisitStore(db);
  const otherDeliveries = db.prepare<[number], DeliveryRow>(
    `SELECT channel, status, attempts, last_error, sent_at FROM deliveries
     WHERE lead_id = ? AND kind = '${LEAD_CREATED_KIND}' ORDER BY channel`,
  );
  const insertErasure = db.prepare<[number, number | null, number]>(
    `INSERT INTO desk_erasures (at, actor_id, leads) VALUES (?, ?, ?)`,
  );

  const addEvents = (leadId: number, at: number, events: readonly NewEvent[]): number[] =>
    events.map(
      (event) =>
        (
          insertEvent.get(
            leadId,
            at,
            event.type,
            event.actorId,
            event.text,
            event.detail ?? null,
          ) as {
            id: number;
          }
        ).id,
    );

  return {
    userByEmail: (email: string) => userByEmail.get(email),
    userById: (id: number) => userById.get(id),
    listUsers: () => allUsers.all(),
    insertUser: (user: { email: string; name: string; role: Role; hash: string; now: number }) =>
      insertUser.get(user) as UserRow,
    /** Disables the account and ends every session of it in one step. */
    disableUser: db.transaction((id: number, now: number) => {
      disableUser.run(now, id);
      deleteUserSessions.run(id);
    }),
    /** A new password ends every session that was signed in with the old one. */
    setPasswordHash: db.transaction((id: number, hash: string) => {
      setHash.run({ id, hash, mustChange: 0 });
      deleteUserSessions.run(id);
    }),
    /**
     * A manager's reset: a temporary password its owner must replace at the next sign-in. Every
     * session ends, and the failed sign-ins that may have locked the account are forgotten so
     * the temporary password works at once.
     */
    setTemporaryPasswordHash: db.transaction((id: number, hash: string) => {
      setHash.run({ id, hash, mustChange: 1 });
      deleteUserSessions.run(id);
      forgetAccountFailures.run(id);
    }),
    enableUser: (id: number) => {
      enableUser.run(id);
    },

    insertSession: (tokenHash: string, userId: number, now: number) => {
      insertSession.run(tokenHash, userId, now, now);
    },
    findSession(tokenHash: string): SessionRow | undefined {
      const row = sessionByHash.get(tokenHash);
      return row
        ? { user: toDeskUser(row), createdAt: row.created_at, lastSeenAt: row.last_seen_at }
        : undefined;
    },
    touchSession: (tokenHash: string, now: number) => {
      touchSession.run(now, tokenHash);
    },
    deleteSession: (tokenHash: string) => {
      deleteSession.run(tokenHash);
    },
    deleteUserSessions: (userId: number) => {
      deleteUserSessions.run(userId);
    },
    deleteStaleSessions: (idleBefore: number, createdBefore: number) =>
      deleteStaleSessions.run(idleBefore, createdBefore).changes,

    /**
     * Counts a sign-in attempt as failed before its password is checked, unless the account or
     * the address has reached its limit since `since`: then nothing is stored and undefined
     * comes back. Checking and counting in one transaction is what keeps a burst of requests
     * from all passing the check while the first ones are still being verified.
     */
    reserveSignInAttempt: db.transaction(
      (
        attempt: { email: string; address: string; now: number; since: number },
        limits: { perAccount: number; perAddress: number },
      ): number | undefined => {
        const byEmail = failuresByEmail.get(attempt.email, attempt.since)?.count ?? 0;
        const byAddress = failuresByAddress.get(attempt.address, attempt.since)?.count ?? 0;
        if (byEmail >= limits.perAccount || byAddress >= limits.perAddress) return undefined;
        return insertAttempt.get(attempt.now, attempt.email, attempt.address)?.id;
      },
    ),
    /** A correct password takes its attempt back: signing in correctly never locks anyone out. */
    releaseSignInAttempt: (id: number) => {
      deleteAttempt.run(id);
    },
    forgetSignInFailures: (before: number) => {
      forgetFailures.run(before);
    },

    /** One page of the inbox, newest first; one row more than `limit` tells a next page exists. */
    listLeads(filter: LeadFilter, limit: number, cursor?: LeadCursor): InboxRow[] {
      const { sql, params } = inboxQueryOf(filter, cursor);
      return statement(`SELECT ${INBOX_COLUMNS} ${sql} LIMIT @limit`).all({
        ...params,
        limit,
      }) as InboxRow[];
    },
    exportLeads(filter: LeadFilter): ExportRow[] {
      const { sql, params } = perLeadQueryOf(filter);
      return statement(
        `SELECT l.id, l.public_id, l.message_id, l.kind, l.name, l.mobile, l.plot_range,
                l.location, l.source, l.page, l.utm_source, l.utm_medium, l.utm_campaign,
                l.utm_term, l.utm_content, l.gclid, l.fbclid, l.landing_page, l.referrer,
                l.status, l.received_at,
                coalesce(email.attempts, 0) AS attempts,
                coalesce(email.next_attempt_at, l.received_at) AS next_attempt_at,
                email.last_error, email.sent_at, l.duplicate_of, l.consent_notice, l.buyer_id,
                l.origin, l.email, l.message, l.answers, l.external_id, l.problems,
                w.stage, owner.name AS owner_name, w.follow_up_at, w.lost_reason,
                w.first_contact_at,
                (SELECT public_id FROM leads WHERE id = l.duplicate_of) AS original_public_id
         ${sql}`,
      ).all(params) as ExportRow[];
    },
    leadById: (id: number) => leadById.get(id),
    /** The leads held over the address limit received since `since`, newest first. */
    heldLeads: (since: number, limit: number) => heldLeads.all({ since, limit }),
    heldCount: (since: number) => heldCount.get(since)?.held ?? 0,
    /** Every enquiry of the buyer, spam aside, oldest first. */
    enquiriesOf: (buyerId: number) => enquiriesOf.all(buyerId),
    /** The lead's webhook deliveries, one per endpoint (the email's is on its row). */
    webhookDeliveries: (leadId: number) => otherDeliveries.all(leadId),
    newLeadsAfter: (id: number) => newLeads.all(id),
    latestIds() {
      const row = latestIds.get();
      return { lead: row?.lead ?? 0, event: row?.event ?? 0 };
    },
    /** Buyers with desk events newer than `eventId`, and the newest event id seen. */
    changedBuyersAfter: (eventId: number) => changedBuyers.all(eventId),

    workOf: (leadId: number) => workOf.get(leadId),
    /** The number of a plot booked for the buyer by an approved booking, if any. */
    bookedPlotOf: (buyerId: number) => bookedPlot.get(buyerId),
    /** Runs `write` in one transaction (joining the caller's, if any). */
    transaction: <T>(write: () => T): T => db.transaction(write)(),
    /**
     * Writes the work of the lead's buyer and its timeline entries together, and tells the CRM
     * endpoints of a change of stage or owner (`changed`) in the same transaction; returns the
     * entries' ids.
     */
    saveWork: db.transaction(
      (
        leadId: number,
        work: WorkRow,
        at: number,
        events: readonly NewEvent[],
        changed: ReadonlyArray<'stage' | 'owner'> = [],
      ): number[] => {
        saveWorkRow.run({ ...work, leadId });
        const buyer = changed.length > 0 ? buyerOfLead.get(leadId) : undefined;
        if (buyer) {
          outbox.announceBuyerUpdate(
            {
              buyerId: buyer.id,
              stage: buyer.stage,
              owner:
                buyer.owner_id !== null && buyer.owner_name !== null
                  ? { id: buyer.owner_id, name: buyer.owner_name }
                  : null,
              changed: [...changed],
              at,
            },
            webhookChannels,
          );
        }
        return addEvents(leadId, at, events);
      },
    ),
    addEvent: db.transaction((leadId: number, at: number, event: NewEvent) => {
      return addEvents(leadId, at, [event]);
    }),
    /** The desk's timeline entries on every enquiry of the buyer, oldest first. */
    eventsOf: (buyerId: number) => eventsOf.all(buyerId),

    today: (me: number, now: number, endOfToday: number, uncontactedSince: number) => ({
      overdue: overdue.all({ me, now }),
      dueToday: dueBetween.all({ me, from: now, to: endOfToday }),
      uncontacted: uncontacted.all({ me, since: uncontactedSince }),
    }),

    reportRows: (since: number) => ({
      perDay: perDay.all(since),
      byCampaign: byCampaign.all(since),
      furthest: furthest.all(since),
      firstContacts: firstContacts.all(since),
      bookingsByAgent: bookingsByAgent.all(since),
      assignments: assignments.all(since),
      responseSettings: responseSettings.get(),
      visits: visitReport.all(since),
    }),

    /** The notes written on any enquiry of the buyer, oldest first (an erasure empties them). */
    notesOfBuyer: (buyerId: number) => notesOfBuyer.all(buyerId),
    recordExport: (actorId: number, now: number, filters: string, rows: number) => {
      insertExport.run(now, actorId, filters, rows);
    },
    /**
     * Removes the personal fields of every lead of `mobile` received up to `upTo`, and of every
     * message about them in the outbox, and records the erasure by the mobile's keyed hash.
     * Returns the leads' ids and the Message-IDs of every email about them (sales emails,
     * routing's alerts, visit reminders, sent or not; the managers' summaries sent so far). Without a mobile (a replayed erasure whose
     * leads this database never held) only the hash is recorded. `actor` is null when the server
     * replays an erasure after a restore.
     */
    erase: db.transaction(
      (
        target: { mobile: string | undefined; hmac: string; upTo: number },
        actor: Person | null,
        now: number,
      ): ErasedLeads => {
        const ids =
          target.mobile === undefined
            ? []
            : leadsOfMobile.all(target.mobile, target.upTo).map((row) => row.id);
        const emailIds = new Set<string>();
        // Each CRM that may hold one of the leads is told, before what has not gone out is dropped.
        outbox.announceErasure(ids, now);
        for (const id of ids) {
          outbox.deleteIntakeEvent(id);
          eraseLead.run(id);
          for (const emailId of outbox.messageIdsOfLead(id, EMAIL_CHANNEL)) emailIds.add(emailId);
          // A lead erased before it went out is not sent at all; what went out keeps no payload.
          outbox.forgetLead(id);
          eraseWork.run(now, id);
          eraseEventDetails.run(id);
          for (const emailId of visits.eraseOfLead(id)) emailIds.add(emailId);
          addEvents(id, now, [
            { type: 'erased', actorId: actor?.id ?? null, text: 'Personal data erased' },
          ]);
        }
        if (ids.length > 0) for (const emailId of sentSummaryIds.all()) emailIds.add(emailId);
        insertErasedMobile.run(target.hmac, target.upTo);
        insertErasure.run(now, actor?.id ?? null, ids.length);
        return { leadIds: ids, emailIds: [...emailIds] };
      },
    ),
    /** The keyed hashes of the mobiles erased in this database, and up to when. */
    erasedMobiles: () => erasedMobiles.all(),
    /** Every mobile a lead still holds: what a replayed erasure's hash is compared with. */
    distinctMobiles: () => distinctMobiles.all(),
    /**
     * Copies every change into the database file and empties the write-ahead log, so the pages
     * an erasure replaced leave the log at once. A reader in another process may keep the log
     * from emptying; it is then overwritten as the server goes on, and removed when it stops.
     */
    checkpoint: () => {
      db.pragma('wal_checkpoint(TRUNCATE)');
    },
  };
}
