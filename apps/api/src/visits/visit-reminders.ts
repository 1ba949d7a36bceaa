import { addDays, indiaDayStart } from '../format/india-day.ts';
import { EMAIL_CHANNEL } from '../store/lead-types.ts';
import { VISIT_REMINDER_KIND, type VisitReminderPayload } from '../store/visit-schema.ts';
import type { VisitContext } from './visit-context.ts';
import { queueVisitNews } from './visit-whatsapp.ts';

/** The two reminders of a visit: the evening before at 18:00 India time, and two hours before. */
export const REMINDERS = ['day_before', 'two_hours'] as const;
export type Reminder = (typeof REMINDERS)[number];

const HOUR_MS = 3_600_000;
const EVENING_HOUR = 18;

export interface PlannedReminder {
  which: Reminder;
  dueAt: number;
}

/**
 * When each reminder of a visit on `day` starting at `startsAt` goes out. A reminder whose time
 * has already passed when the visit is booked or moved is not sent late: a visit booked at 19:00
 * for tomorrow morning gets only its two-hour reminder.
 */
export function planReminders(day: string, startsAt: number, now: number): PlannedReminder[] {
  const times: PlannedReminder[] = [
    { which: 'day_before', dueAt: indiaDayStart(addDays(day, -1)) + EVENING_HOUR * HOUR_MS },
    { which: 'two_hours', dueAt: startsAt - 2 * HOUR_MS },
  ];
  return times.filter((reminder) => reminder.dueAt > now);
}

/**
 * The reminder's Message-ID: one per visit, plan (its revision) and reminder, so the outbox
 * queues each once and a retry after a restart is the same email to the inbox.
 */
export function reminderMessageId(
  visitId: number,
  revision: number,
  which: Reminder,
  domain: string,
): string {
  return `<visit-${visitId}-${revision}-${which.replace('_', '-')}@${domain}>`;
}

/**
 * The visit's reminders: an email, and a push to each device of the person it reminds (the
 * buyer's owner, else who booked it) that turned alerts on, and with WhatsApp set a template to
 * the buyer. The email finds its person when it goes out; a push that finds the buyer in other
 * hands by then is not sent.
 */
export function queueReminders(
  ctx: VisitContext,
  visit: { id: number; revision: number; day: string },
  remind: number | null,
  startsAt: number,
  now: number,
): void {
  const { outbox, pushes, deps } = ctx;
  for (const reminder of planReminders(visit.day, startsAt, now)) {
    const payload: VisitReminderPayload = {
      visitId: visit.id,
      revision: visit.revision,
      which: reminder.which,
    };
    if (remind !== null) {
      pushes.queueToUser(remind, {
        alertId: `visit-${visit.id}-${visit.revision}-${reminder.which}`,
        alert: { kind: 'visit', ...payload },
        dueAt: reminder.dueAt,
      });
    }
    outbox.queueOnce({
      messageId: reminderMessageId(visit.id, visit.revision, reminder.which, deps.messageIdDomain),
      channel: EMAIL_CHANNEL,
      kind: VISIT_REMINDER_KIND,
      payload,
      dueAt: reminder.dueAt,
    });
    queueVisitNews(ctx, payload, reminder.dueAt);
  }
}
