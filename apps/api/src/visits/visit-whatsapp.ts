import {
  WHATSAPP_CHANNEL,
  WHATSAPP_VISIT_KIND,
  type WhatsappVisitPayload,
} from '../store/whatsapp-schema.ts';
import type { VisitContext } from './visit-context.ts';

/**
 * With WhatsApp set, the buyer hears of their visit there too: the booking, a move and a
 * cancellation at once, the reminders at their time. Each is queued in the change's transaction,
 * once per visit, plan and news; the WhatsApp channel writes the template when it comes due, and
 * a reminder of a plan since moved or cancelled is dropped with the visit's other reminders.
 */
export function queueVisitNews(
  { outbox, deps }: VisitContext,
  news: WhatsappVisitPayload,
  dueAt: number,
): void {
  if (!deps.whatsapp) return;
  outbox.queueOnce({
    messageId: `whatsapp-visit:${news.visitId}-${news.revision}-${news.which}`,
    channel: WHATSAPP_CHANNEL,
    kind: WHATSAPP_VISIT_KIND,
    payload: news,
    dueAt,
  });
}
