import type Database from 'better-sqlite3';
import { PUSH_KIND } from '../store/push-schema.ts';
import { VISIT_REMINDER_KIND } from '../store/visit-schema.ts';
import { WHATSAPP_VISIT_KIND } from '../store/whatsapp-schema.ts';

/** The visits' reminders in the outbox, and what an erasure leaves of a buyer's visits. */
export function createReminderQueries(db: Database.Database) {
  const eraseOfLead = db.prepare<[number]>(
    `UPDATE visits SET notes = '', outcome = CASE WHEN outcome IS NULL THEN NULL ELSE '' END,
       cancel_reason = CASE WHEN cancel_reason IS NULL THEN NULL ELSE '' END
     WHERE buyer_id = (SELECT buyer_id FROM leads WHERE id = ?)`,
  );
  const visitIdsOfLead = db
    .prepare<[number], number>(
      `SELECT id FROM visits WHERE buyer_id = (SELECT buyer_id FROM leads WHERE id = ?)`,
    )
    .pluck();
  const reminderEmailIds = db
    .prepare<[number], string>(
      `SELECT message_id FROM deliveries
       WHERE kind = '${VISIT_REMINDER_KIND}' AND lead_id IS NULL
         AND json_extract(payload, '$.visitId') = ?
       ORDER BY id`,
    )
    .pluck();
  // The reminders are an email and a push to each of the owner's devices; with WhatsApp set, the
  // buyer's news of the visit not yet written as a message goes with them.
  const dropPendingReminders = db.prepare<{ visitId: number }>(
    `DELETE FROM deliveries WHERE status = 'pending' AND (
       (kind IN ('${VISIT_REMINDER_KIND}', '${WHATSAPP_VISIT_KIND}') AND lead_id IS NULL
         AND json_extract(payload, '$.visitId') = @visitId)
       OR (kind = '${PUSH_KIND}' AND json_extract(payload, '$.alert.kind') = 'visit'
         AND json_extract(payload, '$.alert.visitId') = @visitId))`,
  );

  return {
    /**
     * The erasure of a lead's person: the visits of its buyer keep their day, slot and status
     * (the reports count them) without the notes, outcome or reason anyone typed, and no
     * reminder about them goes out any more. Returns the Message-IDs of every reminder email
     * about them, sent or not, so that copies kept outside the database can go too.
     */
    eraseOfLead(leadId: number): string[] {
      const emailIds: string[] = [];
      for (const visitId of visitIdsOfLead.all(leadId)) {
        emailIds.push(...reminderEmailIds.all(visitId));
        dropPendingReminders.run({ visitId });
      }
      eraseOfLead.run(leadId);
      return emailIds;
    },
    /** Reminders of the visit that have not gone out: dropped when it moves or is cancelled. */
    dropPendingReminders: (visitId: number) => {
      dropPendingReminders.run({ visitId });
    },
  };
}
