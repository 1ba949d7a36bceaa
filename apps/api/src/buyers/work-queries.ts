import type Database from 'better-sqlite3';
import { createOutboxStatements } from '../store/outbox-store.ts';
import type { Stage } from '../desk/desk-types.ts';
import type { NewEvent, TimelineQueries } from './timeline-queries.ts';

/**
 * The desk's work on a buyer (`buyers`): their stage, furthest stage, owner, follow-up, Lost
 * reason and first contact, written with the timeline entries that say what changed.
 */

export interface WorkRow {
  stage: Stage;
  furthest_stage: number;
  owner_id: number | null;
  follow_up_at: number | null;
  lost_reason: string | null;
  first_contact_at: number | null;
  first_contact_by: number | null;
}

export type WorkChange = 'stage' | 'owner';

export function createWorkQueries(
  db: Database.Database,
  timeline: TimelineQueries,
  webhookChannels: readonly string[],
) {
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
  const outbox = createOutboxStatements(db);

  /**
   * Tells the CRM endpoints of a change of the buyer's stage or owner (`changed`), as the buyer is
   * now; nothing when nothing changed.
   */
  const announceBuyerChange = (leadId: number, changed: readonly WorkChange[], at: number) => {
    const buyer = changed.length > 0 ? buyerOfLead.get(leadId) : undefined;
    if (!buyer) return;
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
  };

  return {
    workOf: (leadId: number) => workOf.get(leadId),
    /** The number of a plot booked for the buyer by an approved booking, if any. */
    bookedPlotOf: (buyerId: number) => bookedPlot.get(buyerId),
    announceBuyerChange,
    /**
     * Writes the work of the lead's buyer and its timeline entries together; returns the entries'
     * ids. With `changed`, also tells the CRM endpoints of that change of stage or owner, in the
     * same transaction (`announceBuyerChange`).
     */
    saveWork: db.transaction(
      (
        leadId: number,
        work: WorkRow,
        at: number,
        events: readonly NewEvent[],
        changed: readonly WorkChange[] = [],
      ): number[] => {
        saveWorkRow.run({ ...work, leadId });
        announceBuyerChange(leadId, changed, at);
        return timeline.addEvents(leadId, at, events);
      },
    ),
  };
}
