import type Database from 'better-sqlite3';
import { EMAIL_CHANNEL } from '../store/lead-types.ts';
import { createOutboxStatements } from '../store/outbox-store.ts';
import { MANAGER_SUMMARY_KIND } from '../store/routing-alert-payloads.ts';
import { createVisitStore } from '../visits/index.ts';
import type { NewEvent } from '../buyers/index.ts';
import type { Person } from '../desk/desk-types.ts';

/**
 * An erasure's writes: the personal fields of a mobile's leads, of every message about them and
 * of the desk's work on them, and the record of it (`erased_mobiles`, `desk_erasures`).
 */

/** What one erasure reached in the database. */
export interface ErasedLeads {
  leadIds: number[];
  /** The Message-IDs of every email about those leads, for the copies kept outside it. */
  emailIds: string[];
}

export function createErasureQueries(
  db: Database.Database,
  timeline: { addEvents(leadId: number, at: number, events: readonly NewEvent[]): number[] },
) {
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
       gclid = NULL, fbclid = NULL, gbraid = NULL, wbraid = NULL, landing_page = NULL, referrer = NULL, last_error = NULL,
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
  const insertErasure = db.prepare<[number, number | null, number]>(
    `INSERT INTO desk_erasures (at, actor_id, leads) VALUES (?, ?, ?)`,
  );
  return {
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
          timeline.addEvents(id, now, [
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
