import { WHATSAPP_MESSAGE, type WhatsappMessageEvent } from '@iconia/shared';
import * as v from 'valibot';
import { indiaTimestamp } from '../format/india-day.ts';

/** What the outbox keeps for a `whatsapp.message` message (`WhatsappMessagePayload`). */
const payloadSchema = v.object({
  ids: v.pipe(v.array(v.string()), v.minLength(1)),
  buyerId: v.pipe(v.number(), v.integer()),
  messageId: v.pipe(v.number(), v.integer()),
  direction: v.picklist(['in', 'out']),
  kind: v.string(),
  status: v.string(),
  text: v.nullable(v.string()),
  at: v.pipe(v.number(), v.integer()),
});

/** Pure: a stored `whatsapp.message` payload in, the event out; undefined when it is not one. */
export function whatsappMessageEvent(payload: unknown): WhatsappMessageEvent | undefined {
  const parsed = v.safeParse(payloadSchema, payload);
  if (!parsed.success) return undefined;
  const { ids, at, ...message } = parsed.output;
  return {
    type: WHATSAPP_MESSAGE,
    timestamp: new Date(at).toISOString(),
    data: { leadIds: ids, ...message, at: indiaTimestamp(at) },
  };
}
