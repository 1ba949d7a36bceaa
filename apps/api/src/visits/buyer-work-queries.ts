import type Database from 'better-sqlite3';

/** The buyer's work that the visits move: their stage and how far they came. */
export interface BuyerWorkRow {
  id: number;
  stage: string;
  furthest_stage: number;
  owner_id: number | null;
  owner_name: string | null;
  lost_reason: string | null;
  first_contact_at: number | null;
  first_contact_by: number | null;
  erased_at: number | null;
}

/** The buyer's stage as the visits move it, and the lines they write on the buyer's timeline. */
export function createBuyerWorkQueries(db: Database.Database) {
  const buyerWork = db.prepare<[number], BuyerWorkRow>(
    `SELECT b.id, b.stage, b.furthest_stage, b.owner_id, u.name AS owner_name, b.lost_reason,
       b.first_contact_at, b.first_contact_by, b.erased_at
     FROM buyers b LEFT JOIN desk_users u ON u.id = b.owner_id WHERE b.id = ?`,
  );
  const saveBuyerWork = db.prepare<
    Pick<
      BuyerWorkRow,
      'id' | 'stage' | 'furthest_stage' | 'lost_reason' | 'first_contact_at' | 'first_contact_by'
    >
  >(
    `UPDATE buyers SET stage = @stage, furthest_stage = @furthest_stage,
       lost_reason = @lost_reason, first_contact_at = @first_contact_at,
       first_contact_by = @first_contact_by
     WHERE id = @id`,
  );
  const insertEvent = db.prepare<[number, number, string, number | null, string, string | null]>(
    `INSERT INTO lead_events (lead_id, at, type, actor_id, text, detail) VALUES (?, ?, ?, ?, ?, ?)`,
  );

  return {
    buyerWork: (buyerId: number) => buyerWork.get(buyerId),
    saveBuyerWork: (work: BuyerWorkRow) => {
      saveBuyerWork.run({
        id: work.id,
        stage: work.stage,
        furthest_stage: work.furthest_stage,
        lost_reason: work.lost_reason,
        first_contact_at: work.first_contact_at,
        first_contact_by: work.first_contact_by,
      });
    },
    addEvent(
      leadId: number,
      at: number,
      event: { type: 'visit' | 'stage'; actorId: number | null; text: string; detail?: string },
    ): void {
      insertEvent.run(leadId, at, event.type, event.actorId, event.text, event.detail ?? null);
    },
  };
}
