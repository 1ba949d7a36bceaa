import type Database from 'better-sqlite3';
import type { Stage } from '../desk/desk-types.ts';
import type { WorkRow } from './work-queries.ts';

/** A buyer as a merge reads them: their work, mobile and the enquiry that names them. */
export interface MergingBuyerRow extends WorkRow {
  id: number;
  mobile: string | null;
  erased_at: number | null;
  last_received_at: number;
  latest_lead_id: number | null;
  /** Their newest enquiry of any status (a buyer of spam alone has no latest one). */
  newest_lead_id: number;
  /** The name and mobile of their latest enquiry, else their newest. */
  name: string;
  lead_mobile: string;
  owner_name: string | null;
  stage: Stage;
}

/**
 * The statements of merging two buyers on the desk's connection: the buyers' rows and which
 * buyer each lead belongs to. Callers run them in one transaction; the other features move their
 * own rows (plots, visits, routing).
 */
export function createBuyerMergeStore(db: Database.Database) {
  const buyer = db.prepare<[number], MergingBuyerRow>(
    `SELECT b.id, b.mobile, b.erased_at, b.last_received_at, b.latest_lead_id, b.stage,
       b.furthest_stage, b.owner_id, u.name AS owner_name, b.follow_up_at, b.lost_reason,
       b.first_contact_at, b.first_contact_by, n.id AS newest_lead_id,
       shown.name AS name, shown.mobile AS lead_mobile
     FROM buyers b
     JOIN leads n ON n.id = (SELECT id FROM leads WHERE buyer_id = b.id
       ORDER BY received_at DESC, id DESC LIMIT 1)
     JOIN leads shown ON shown.id = coalesce(b.latest_lead_id, n.id)
     LEFT JOIN desk_users u ON u.id = b.owner_id
     WHERE b.id = ?`,
  );
  const moveLeads = db.prepare<{ from: number; into: number }>(
    `UPDATE leads SET buyer_id = @into WHERE buyer_id = @from`,
  );
  // buyers.mobile is unique: the buyer who goes gives theirs up before the other may take it.
  const clearMobile = db.prepare<[number]>(`UPDATE buyers SET mobile = NULL WHERE id = ?`);
  // The latest enquiry as the capture path keeps it: spam and test leads are nobody's work.
  const saveMerged = db.prepare<
    WorkRow & { id: number; mobile: string | null; lastReceivedAt: number }
  >(
    `UPDATE buyers SET stage = @stage, furthest_stage = @furthest_stage, owner_id = @owner_id,
       follow_up_at = @follow_up_at, lost_reason = @lost_reason,
       first_contact_at = @first_contact_at, first_contact_by = @first_contact_by,
       mobile = coalesce(mobile, @mobile),
       latest_lead_id = (SELECT l.id FROM leads l WHERE l.buyer_id = buyers.id
         AND l.status NOT IN ('spam', 'test') ORDER BY l.received_at DESC, l.id DESC LIMIT 1),
       last_received_at = coalesce((SELECT max(l.received_at) FROM leads l
         WHERE l.buyer_id = buyers.id AND l.status NOT IN ('spam', 'test')),
         max(last_received_at, @lastReceivedAt))
     WHERE id = @id`,
  );
  const deleteBuyer = db.prepare<[number]>(`DELETE FROM buyers WHERE id = ?`);

  return {
    buyer: (id: number) => buyer.get(id),
    /** Moves every lead of `from` to `into`; returns how many. */
    moveLeads: (from: number, into: number) => moveLeads.run({ from, into }).changes,
    clearMobile: (id: number) => {
      clearMobile.run(id);
    },
    /**
     * The merged work on `into`, their mobile (or `from`'s when they had none) and their latest
     * enquiry among both buyers' leads.
     */
    saveMerged: (
      id: number,
      work: WorkRow,
      from: Pick<MergingBuyerRow, 'mobile' | 'last_received_at'>,
    ) => {
      saveMerged.run({ ...work, id, mobile: from.mobile, lastReceivedAt: from.last_received_at });
    },
    deleteBuyer: (id: number) => {
      deleteBuyer.run(id);
    },
  };
}
