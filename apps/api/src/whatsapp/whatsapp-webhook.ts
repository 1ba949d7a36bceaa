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

/** What a message needs to be kept in a conversation at all: who sent it and its id. */
const MessageKeySchema = v.looseObject({
  from: v.pipe(v.string(), v.regex(/^\d{6,15}$/)),
  id: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
});

const ContactSchema = v.object({
  wa_id: v.string(),
  profile: v.optional(v.object({ name: v.string() })),
});

const ChangeValueSchema = v.looseObject({
  metadata: v.optional(v.looseObject({ phone_number_id: v.optional(v.unknown()) })),
  contacts: v.optional(v.array(v.unknown())),
  messages: v.optional(v.array(v.unknown())),
  statuses: v.optional(v.array(v.unknown())),
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

/** How much of an unreadable item is kept for the desk to see. */
const KEPT_ITEM_LENGTH = 2_000;

/** One event of a post, as the outbox keeps it until it is applied. */
export type WhatsappEvent =
  | {
      type: 'message';
      message: WebhookMessage;
      name: string;
      receivedAt: number;
      /** What about the message is not as documented, in words; it is kept all the same. */
      problem?: string;
    }
  | { type: 'status'; status: WebhookStatus; receivedAt: number }
  | {
      /** A message with no sender or id we can read: kept as an enquiry for the desk to look at. */
      type: 'unreadable';
      /** The item as WhatsApp sent it (its first 2,000 characters). */
      item: string;
      /** The sender's number when it could be read. */
      from: string | undefined;
      problem: string;
      receivedAt: number;
    };

const where = (path: string, issues: readonly v.BaseIssue<unknown>[]) => {
  const field = v.getDotPath(issues[0] as v.BaseIssue<unknown>);
  return field ? `${path}.${field}` : path;
};

/** A message, strictly as documented or else kept with what is wrong with it. */
function readMessage(
  item: unknown,
  path: string,
  names: Map<string, string>,
  receivedAt: number,
): WhatsappEvent {
  const message = v.safeParse(MessageSchema, item);
  if (message.success) {
    const name = names.get(message.output.from) ?? '';
    return { type: 'message', message: message.output, name, receivedAt };
  }
  const problem = `WhatsApp sent a message whose ${where(path, message.issues)} is not as documented`;
  const key = v.safeParse(MessageKeySchema, item);
  if (!key.success) {
    const from = (item as { from?: unknown } | null)?.from;
    return {
      type: 'unreadable',
      item: JSON.stringify(item ?? null).slice(0, KEPT_ITEM_LENGTH),
      from: typeof from === 'string' && /^\d{6,15}$/.test(from) ? from : undefined,
      problem,
      receivedAt,
    };
  }
  const type = (item as { type?: unknown }).type;
  return {
    type: 'message',
    message: {
      from: key.output.from,
      id: key.output.id,
      timestamp: String(Math.floor(receivedAt / 1000)),
      type: typeof type === 'string' ? `unreadable ${type}` : 'unreadable',
    },
    name: names.get(key.output.from) ?? '',
    receivedAt,
    problem,
  };
}

/**
 * The events of a post for our business number: each message with its sender's profile name, and
 * each status. A signed post is never refused for what is inside it: a message not as documented
 * is kept with what is wrong in words (as an enquiry when even its sender cannot be read), and a
 * status that cannot be read is skipped and named in `skipped`. Only a body that is not a
 * WhatsApp Business Account webhook at all is refused (the first field not as documented is
 * named); changes of other fields and of other business numbers are skipped.
 */
export function parseWhatsappWebhook(
  body: unknown,
  phoneNumberId: string,
  receivedAt: number,
): { events: WhatsappEvent[]; skipped: string[] } | { field: string } {
  const post = v.safeParse(WhatsappWebhookSchema, body);
  if (!post.success) return { field: v.getDotPath(post.issues[0]) ?? 'body' };
  const events: WhatsappEvent[] = [];
  const skipped: string[] = [];
  for (const [e, entry] of post.output.entry.entries()) {
    for (const [c, change] of entry.changes.entries()) {
      if (change.field !== 'messages') continue;
      const path = `entry.${e}.changes.${c}.value`;
      const value = v.safeParse(ChangeValueSchema, change.value);
      if (!value.success) {
        skipped.push(where(path, value.issues));
        continue;
      }
      const { metadata, contacts = [], messages = [], statuses = [] } = value.output;
      if (metadata?.phone_number_id !== undefined && metadata.phone_number_id !== phoneNumberId) {
        continue;
      }
      const names = new Map<string, string>();
      for (const contact of contacts) {
        const read = v.safeParse(ContactSchema, contact);
        if (read.success && read.output.profile)
          names.set(read.output.wa_id, read.output.profile.name);
      }
      for (const [m, item] of messages.entries()) {
        events.push(readMessage(item, `${path}.messages.${m}`, names, receivedAt));
      }
      for (const [s, item] of statuses.entries()) {
        const status = v.safeParse(StatusSchema, item);
        if (status.success) events.push({ type: 'status', status: status.output, receivedAt });
        else skipped.push(where(`${path}.statuses.${s}`, status.issues));
      }
    }
  }
  return { events, skipped };
}
