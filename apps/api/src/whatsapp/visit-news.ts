import { formatSlotTime, formatVisitDate } from '@iconia/shared';
import type { WhatsappVisitPayload } from '../store/whatsapp-schema.ts';
import type { VisitRow } from '../store/visit-schema.ts';
import type { TemplateKey } from './templates.ts';
import type { WhatsappStore } from './whatsapp-store.ts';

const TEMPLATE_OF: Record<WhatsappVisitPayload['which'], TemplateKey> = {
  booked: 'visit_confirmation',
  moved: 'visit_moved',
  cancelled: 'visit_cancelled',
  day_before: 'visit_reminder',
  two_hours: 'visit_reminder',
};

/** The visit's time as the buyer reads it: "Sunday, 22 November 2026 at 10:00 AM". */
const when = (visit: Pick<VisitRow, 'day' | 'time'>) =>
  `${formatVisitDate(visit.day)} at ${formatSlotTime(visit.time)}`;

/** Why news of a visit is no longer to be told, in words for the log; undefined: it is. */
function stale(news: WhatsappVisitPayload, visit: VisitRow | undefined): string | undefined {
  if (!visit) return 'the visit is gone';
  if (news.which === 'cancelled') {
    return visit.status === 'cancelled' ? undefined : 'the visit is no longer cancelled';
  }
  if (visit.revision !== news.revision) return 'the visit was moved since';
  if (visit.status !== 'scheduled') return 'the visit is no longer ahead';
  return undefined;
}

/**
 * News of a buyer's visit, come due in the outbox, written as its template message in the
 * buyer's conversation (confirmation, moved, cancelled, reminder: `TEMPLATE_OF`) and queued to
 * go, unless the visit changed since or the buyer opted out. `sendId` makes it once, however
 * often the news is delivered.
 */
export function createVisitNews(
  store: WhatsappStore,
  visits: { byId(id: number): VisitRow | undefined },
) {
  return function tellVisitNews(news: WhatsappVisitPayload, sendId: string, now: number): string {
    const visit = visits.byId(news.visitId);
    const notNow = stale(news, visit);
    if (notNow || !visit) return `not sent: ${notNow}`;
    if (store.optedOutAt(visit.buyer_id) !== undefined) return 'not sent: the buyer opted out';
    const id = store.queueOutgoing(
      {
        buyerId: visit.buyer_id,
        leadId: visit.lead_id,
        kind: 'template',
        template: TEMPLATE_OF[news.which],
        text: when(visit),
        at: now,
      },
      sendId,
    );
    return id === undefined ? 'written before' : 'written';
  };
}

export type VisitNews = ReturnType<typeof createVisitNews>;
