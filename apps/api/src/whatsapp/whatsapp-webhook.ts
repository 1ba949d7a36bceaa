import * as v from 'valibot';

/**
 * The WhatsApp Business Account webhook (field `messages`) as Meta's reference documents it: per
 * entry and change, the business number it is about, the senders' profiles, their messages and
 * the statuses of ours. Fields the desk does not use are ignored, and so are other fields' changes.
 */

export const WHATSAPP_INTAKE_PATH = '/intake/whatsapp';

const ReferralSchema = v.object({
  source_url: v.optional(v.string()),
  source_id: v.optional(v.string()),
  source_type: v.optional(v.string()),
  headline: v.optional(v.string()),
  body: v.optional(v.string()),
  ctwa_clid: v.optional(v.string()),
});
export type WhatsappReferral = v.InferOutput<typeof ReferralSchema>;

const MessageSchema = v.object({
  from: v.pipe(v.string(), v.regex(/^\d{6,15}$/)),
  id: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
  timestamp: v.pipe(v.string(), v.regex(/^\d{1,12}$/)),
  type: v.string(),
  text: v.optional(v.object({ body: v.string() })),
  button: v.optional(v.object({ payload: v.optional(v.string()), text: v.optional(v.string()) })),
  interactive: v.optional(
    v.object({
      button_reply: v.optional(v.object({ id: v.optional(v.string()), title: v.string() })),
      list_reply: v.optional(v.object({ id: v.optional(v.string()), title: v.string() })),
    }),
  ),
  image: v.optional(v.object({ id: v.optional(v.string()), caption: v.optional(v.string()) })),
  document: v.optional(
    v.object({
      id: v.optional(v.string()),
      caption: v.optional(v.string()),
      filename: v.optional(v.string()),
    }),
  ),
  location: v.optional(
    v.object({
      latitude: v.number(),
      longitude: v.number(),
      name: v.optional(v.string()),
      address: v.optional(v.string()),
    }),
  ),
  referral: v.optional(ReferralSchema),
});
export type WebhookMessage = v.InferOutput<typeof MessageSchema>;

const StatusSchema = v.object({
  id: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
  status: v.picklist(['sent', 'delivered', 'read', 'failed']),
  timestamp: v.pipe(v.string(), v.regex(/^\d{1,12}$/)),
  recipient_id: v.optional(v.string()),
  errors: v.optional(
    v.array(
      v.object({
        code: v.optional(v.number()),
        title: v.optional(v.string()),
        message: v.optional(v.string()),
      }),
    ),
  ),
});
export type WebhookStatus = v.InferOutput<typeof StatusSchema>;

const ValueSchema = v.object({
  messaging_product: v.literal('whatsapp'),
  metadata: v.object({ phone_number_id: v.string() }),
  contacts: v.optional(
    v.array(v.object({ wa_id: v.string(), profile: v.optional(v.object({ name: v.string() })) })),
    [],
  ),
  messages: v.optional(v.array(MessageSchema), []),
  statuses: v.optional(v.array(StatusSchema), []),
});

export const WhatsappWebhookSchema = v.object({
  object: v.literal('whatsapp_business_account'),
  entry: v.array(
    v.object({
      id: v.string(),
      changes: v.array(v.object({ field: v.string(), value: v.unknown() })),
    }),
  ),
});

/** One event of a post, as the outbox keeps it until it is applied. */
export type WhatsappEvent =
  | { type: 'message'; message: WebhookMessage; name: string; receivedAt: number }
  | { type: 'status'; status: WebhookStatus; receivedAt: number };

/**
 * The events of a post for our business number: each message with its sender's profile name, and
 * each status. Undefined when the post is not a WhatsApp Business Account webhook at all (the
 * first field that is not as documented is named); changes of other fields are skipped.
 */
export function parseWhatsappWebhook(
  body: unknown,
  phoneNumberId: string,
  receivedAt: number,
): { events: WhatsappEvent[] } | { field: string } {
  const post = v.safeParse(WhatsappWebhookSchema, body);
  if (!post.success) return { field: v.getDotPath(post.issues[0]) ?? 'body' };
  const events: WhatsappEvent[] = [];
  for (const [e, entry] of post.output.entry.entries()) {
    for (const [c, change] of entry.changes.entries()) {
      if (change.field !== 'messages') continue;
      const value = v.safeParse(ValueSchema, change.value);
      if (!value.success) {
        const path = v.getDotPath(value.issues[0]) ?? '';
        return { field: `entry.${e}.changes.${c}.value${path ? `.${path}` : ''}` };
      }
      if (value.output.metadata.phone_number_id !== phoneNumberId) continue;
      const names = new Map(value.output.contacts.map((contact) => [contact.wa_id, contact]));
      for (const message of value.output.messages) {
        const name = names.get(message.from)?.profile?.name ?? '';
        events.push({ type: 'message', message, name, receivedAt });
      }
      for (const status of value.output.statuses)
        events.push({ type: 'status', status, receivedAt });
    }
  }
  return { events };
}

/** The outbox id of an event: a message by its wamid, a status by its message and state. */
export function eventMessageId(event: WhatsappEvent): string {
  return event.type === 'message'
    ? `whatsapp-in:${event.message.id}`
    : `whatsapp-status:${event.status.id}:${event.status.status}`;
}
