import type Database from 'better-sqlite3';
import { LEAD_CREATED_KIND, type DeliveryStatus } from '../store/outbox-store.ts';
import type { DeskEventType } from '../desk/desk-types.ts';

/**
 * A buyer's timeline: the desk's entries (`lead_events`) on each of their enquiries, their notes,
 * each enquiry's webhook deliveries, and the newest ids the live events poll from.
 */

export type { DeliveryStatus } from '../store/outbox-store.ts';

/** A lead's delivery to a channel other than the email (a webhook endpoint). */
export interface DeliveryRow {
  channel: string;
  status: DeliveryStatus;
  attempts: number;
  last_error: string | null;
  sent_at: number | null;
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

export interface NewEvent {
  type: DeskEventType;
  /** Null when the server itself acted (an erasure replayed after a restore). */
  actorId: number | null;
  text: string;
  detail?: string;
}

export function createTimelineQueries(db: Database.Database) {
  const insertEvent = db.prepare<[number, number, string, number | null, string, string | null]>(
    `INSERT INTO lead_events (lead_id, at, type, actor_id, text, detail) VALUES (?, ?, ?, ?, ?, ?)
     RETURNING id`,
  );
  const eventsOf = db.prepare<[number], EventRow>(
    `SELECT e.at, e.type, e.actor_id, u.name AS actor_name, e.text, e.detail, e.lead_id
     FROM lead_events e JOIN leads l ON l.id = e.lead_id
     LEFT JOIN desk_users u ON u.id = e.actor_id
     WHERE l.buyer_id = ? ORDER BY e.at, e.id`,
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
  const otherDeliveries = db.prepare<[number], DeliveryRow>(
    `SELECT channel, status, attempts, last_error, sent_at FROM deliveries
     WHERE lead_id = ? AND kind = '${LEAD_CREATED_KIND}' ORDER BY channel`,
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

  /** Writes the entries on the lead; returns their ids. */
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
    addEvents,
    addEvent: db.transaction((leadId: number, at: number, event: NewEvent) => {
      return addEvents(leadId, at, [event]);
    }),
    /** The desk's timeline entries on every enquiry of the buyer, oldest first. */
    eventsOf: (buyerId: number) => eventsOf.all(buyerId),
    /** The notes written on any enquiry of the buyer, oldest first (an erasure empties them). */
    notesOfBuyer: (buyerId: number) => notesOfBuyer.all(buyerId),
    /** The lead's webhook deliveries, one per endpoint (the email's is on its row). */
    webhookDeliveries: (leadId: number) => otherDeliveries.all(leadId),
    latestIds() {
      const row = latestIds.get();
      return { lead: row?.lead ?? 0, event: row?.event ?? 0 };
    },
    /** Buyers with desk events newer than `eventId`, and the newest event id seen. */
    changedBuyersAfter: (eventId: number) => changedBuyers.all(eventId),
  };
}

export type TimelineQueries = ReturnType<typeof createTimelineQueries>;
