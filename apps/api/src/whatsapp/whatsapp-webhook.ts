import { createHash } from 'node:crypto';
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
  reaction: v.optional(
    v.object({ message_id: v.optional(v.string()), emoji: v.optional(v.string()) }),
  ),
  contacts: v.optional(
    v.array(v.object({ name: v.optional(v.object({ formatted_name: v.optional(v.string()) })) })),
  ),
  /** Why WhatsApp could not pass the message on (`type: unsupported`). */
  errors: v.optional(
    v.array(
      v.object({
        code: v.optional(v.number()),
        title: v.optional(v.string()),
        error_data: v.optional(v.object({ details: v.optional(v.string()) })),
      }),
    ),
  ),
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

const ContactSchema = v.object({
  wa_id: v.string(),
  profile: v.optional(v.object({ name: v.string() })),
});

/** A post is a WhatsApp Business Account webhook when it says so and carries entries. */
export const WhatsappWebhookSchema = v.object({
  object: v.literal('whatsapp_business_account'),
  entry: v.pipe(
    v.array(v.unknown()),
    v.description(
      'Each with `changes` as Meta documents them (field `messages`: `metadata`, `contacts`, `messages`, `statuses`). Read one by one: what is not as documented is kept or skipped, never refused.',
    ),
  ),
});

/** One event of a post, as it is applied before the post is answered. */
export type WhatsappEvent =
  | {
      type: 'message';
      message: WebhookMessage;
      name: string;
      receivedAt: number;
      /** What is not as documented, in words; empty for a message read in full. */
      problems: string[];
    }
  | { type: 'status'; status: WebhookStatus; receivedAt: number }
  | {
      /** A message with no usable sender or id: kept as an enquiry for a manager to look at. */
      type: 'unreadable';
      /** Its id when it has one, else a digest of its JSON: a redelivery is the same enquiry. */
      key: string;
      name: string;
      /** Its JSON as sent, cut to a length a lead's answer keeps. */
      json: string;
      problems: string[];
      receivedAt: number;
    };

/** What a post held for our number, and what was skipped (paths and reasons, no values). */
export interface ParsedWebhook {
  events: WhatsappEvent[];
  skipped: string[];
}

/** Longest JSON of an unreadable message kept with its enquiry. */
export const UNREADABLE_JSON_MAX_LENGTH = 1_500;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

type Issues = [v.BaseIssue<unknown>, ...v.BaseIssue<unknown>[]];

/** Each issue as a reader of the desk understands it, naming the field but never its value. */
function inWords(issues: Issues, prefix = ''): string[] {
  return issues.map((issue) => {
    const path = `${prefix}${v.getDotPath(issue) ?? ''}` || 'the message';
    return issue.input === undefined
      ? `"${path}" is missing`
      : `"${path}" is not as WhatsApp documents it (expected ${issue.expected ?? issue.kind})`;
  });
}

/**
 * What of `value` reads by `schema`: all of it, or, for an object, each field that reads on its
 * own (a caption kept when the media id is not as documented), if what is kept still reads.
 */
function readAsFarAsItGoes(schema: v.GenericSchema, value: unknown): unknown {
  const read = v.safeParse(schema, value);
  if (read.success) return read.output;
  const inner = schema.type === 'optional' ? (schema as { wrapped?: unknown }).wrapped : schema;
  const entries = (inner as { entries?: Record<string, v.GenericSchema> } | undefined)?.entries;
  if (!entries || !isObject(value)) return undefined;
  const kept: Record<string, unknown> = {};
  for (const [field, fieldSchema] of Object.entries(entries)) {
    const part = readAsFarAsItGoes(fieldSchema, value[field]);
    if (part !== undefined) kept[field] = part;
  }
  return v.safeParse(schema, kept).success ? kept : undefined;
}

/**
 * A message that is not as documented but names its sender and id: what reads of it is kept (a
 * referral, a caption), the rest left out and said in words.
 */
function salvage(item: Record<string, unknown>, receivedAt: number, issues: Issues) {
  const kept: Record<string, unknown> = {};
  for (const [field, schema] of Object.entries(MessageSchema.entries)) {
    const part = readAsFarAsItGoes(schema, item[field]);
    if (part !== undefined) kept[field] = part;
  }
  kept.timestamp ??= String(Math.floor(receivedAt / 1000));
  kept.type ??= 'unknown';
  return { message: kept as WebhookMessage, problems: inWords(issues) };
}

function digest(json: string): string {
  return `sha256:${createHash('sha256').update(json).digest('hex')}`;
}

/**
 * One message of a change: read in full, read in part (a usable sender and id), or unreadable.
 * Nothing that might be a buyer's message is dropped.
 */
function readMessage(
  item: unknown,
  names: ReadonlyMap<string, string>,
  receivedAt: number,
): WhatsappEvent {
  const parsed = v.safeParse(MessageSchema, item);
  if (parsed.success) {
    const name = names.get(parsed.output.from) ?? '';
    return { type: 'message', message: parsed.output, name, receivedAt, problems: [] };
  }
  const fields = isObject(item) ? item : {};
  const from = v.safeParse(MessageSchema.entries.from, fields.from);
  const id = v.safeParse(MessageSchema.entries.id, fields.id);
  if (from.success && id.success) {
    const { message, problems } = salvage(fields, receivedAt, parsed.issues);
    return { type: 'message', message, name: names.get(from.output) ?? '', receivedAt, problems };
  }
  const json = JSON.stringify(item) ?? 'null';
  const problems = [
    ...(from.success ? [] : ['WhatsApp sent a message with no usable sender number']),
    ...(id.success ? [] : ['WhatsApp sent a message with no usable message id']),
    ...inWords(parsed.issues),
  ];
  return {
    type: 'unreadable',
    key: id.success ? id.output : digest(json),
    name: typeof fields.from === 'string' ? (names.get(fields.from) ?? '') : '',
    json: json.slice(0, UNREADABLE_JSON_MAX_LENGTH),
    problems,
    receivedAt,
  };
}

/** A change names the business number it is for in `metadata`; with none usable, it is ours. */
function isForNumber(metadata: unknown, phoneNumberId: string): boolean {
  const named = isObject(metadata) ? metadata.phone_number_id : undefined;
  if (typeof named === 'string' || typeof named === 'number')
    return String(named) === phoneNumberId;
  return true;
}

/** The senders' profile names by their WhatsApp number; a contact not as documented is left out. */
function profileNames(contacts: unknown): Map<string, string> {
  const names = new Map<string, string>();
  for (const contact of Array.isArray(contacts) ? contacts : []) {
    const read = v.safeParse(ContactSchema, contact);
    if (read.success && read.output.profile) names.set(read.output.wa_id, read.output.profile.name);
  }
  return names;
}

/** A change of field `messages` for our number: its messages, and its statuses that read. */
function readChange(
  value: Record<string, unknown>,
  where: string,
  receivedAt: number,
  parsed: ParsedWebhook,
): void {
  const names = profileNames(value.contacts);
  const messages = value.messages ?? [];
  for (const item of Array.isArray(messages) ? messages : [messages]) {
    parsed.events.push(readMessage(item, names, receivedAt));
  }
  const statuses = value.statuses ?? [];
  if (!Array.isArray(statuses)) {
    parsed.skipped.push(`${where}.statuses: not a list`);
    return;
  }
  for (const [s, item] of statuses.entries()) {
    const status = v.safeParse(StatusSchema, item);
    if (status.success) parsed.events.push({ type: 'status', status: status.output, receivedAt });
    else parsed.skipped.push(...inWords(status.issues, `${where}.statuses.${s}.`));
  }
}

/**
 * The events of a post for our business number: each message with its sender's profile name,
 * and each status. Undefined when the post is not a WhatsApp Business Account webhook at all (the
 * first field that is not as documented is named). Past that nothing is refused: each change,
 * message and status is read on its own; a message not as documented is kept with its problems
 * in words, a status not as documented is skipped (and named in `skipped`). Changes of other
 * fields, and for another business number, are skipped; a change with no `metadata` is ours.
 */
export function parseWhatsappWebhook(
  body: unknown,
  phoneNumberId: string,
  receivedAt: number,
): ParsedWebhook | { field: string } {
  const post = v.safeParse(WhatsappWebhookSchema, body);
  if (!post.success) return { field: v.getDotPath(post.issues[0]) ?? 'body' };
  const parsed: ParsedWebhook = { events: [], skipped: [] };
  for (const [e, entry] of post.output.entry.entries()) {
    const changes = isObject(entry) ? entry.changes : undefined;
    if (!Array.isArray(changes)) {
      parsed.skipped.push(`entry.${e}.changes: not a list`);
      continue;
    }
    for (const [c, change] of changes.entries()) {
      const where = `entry.${e}.changes.${c}.value`;
      if (!isObject(change) || change.field !== 'messages') continue;
      if (!isObject(change.value)) {
        parsed.skipped.push(`${where}: not an object`);
        continue;
      }
      if (!isForNumber(change.value.metadata, phoneNumberId)) continue;
      readChange(change.value, where, receivedAt, parsed);
    }
  }
  return parsed;
}

/** The outbox id of an event: a message by its wamid, a status by its message and state. */
export function eventMessageId(event: WhatsappEvent): string {
  if (event.type === 'message') return `whatsapp-in:${event.message.id}`;
  if (event.type === 'unreadable') return `whatsapp-in:${event.key}`;
  return `whatsapp-status:${event.status.id}:${event.status.status}`;
}
