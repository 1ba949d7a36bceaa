import type Database from 'better-sqlite3';
import type { LeadRow as StoredLeadRow } from '../store/lead-types.ts';
import { perLeadQueryOf, preparedOnce } from '../buyers/index.ts';
import type { LeadFilter, Stage } from '../desk/desk-types.ts';

/** The export's reads: every stored column of each lead with its buyer's work; and its log. */

/** A lead with every stored column and the desk's work, for the export. */
export type ExportRow = StoredLeadRow & {
  original_public_id: string | null;
  stage: Stage | null;
  owner_name: string | null;
  follow_up_at: number | null;
  lost_reason: string | null;
  first_contact_at: number | null;
};

export function createExportQueries(db: Database.Database) {
  const statement = preparedOnce(db);
  const insertExport = db.prepare<[number, number, string, number]>(
    `INSERT INTO desk_exports (at, actor_id, filters, rows) VALUES (?, ?, ?, ?)`,
  );
  return {
    exportLeads(filter: LeadFilter): ExportRow[] {
      const { sql, params } = perLeadQueryOf(filter);
      return statement(
        `SELECT l.id, l.public_id, l.message_id, l.kind, l.name, l.mobile, l.plot_range,
                l.location, l.source, l.page, l.utm_source, l.utm_medium, l.utm_campaign,
                l.utm_term, l.utm_content, l.gclid, l.fbclid, l.gbraid, l.wbraid, l.landing_page, l.referrer,
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
    recordExport: (actorId: number, now: number, filters: string, rows: number) => {
      insertExport.run(now, actorId, filters, rows);
    },
  };
}
