import * as v from 'valibot';
import { id, optionalText, text, time } from './desk-fields.ts';
import { jsonBody } from './desk-requests.ts';

/*
 * The desk's WhatsApp conversation with a buyer (docs/whatsapp.md): the messages both ways with
 * their statuses, the 24-hour customer service window, and what the desk may send.
 */

/** Cloud API's limit on a text message's body. */
export const WHATSAPP_TEXT_MAX_LENGTH = 4_096;
export const OPT_OUT_NOTE_MAX_LENGTH = 2_000;

/** The approved templates the desk may send, by the key it names them with. */
export const WHATSAPP_TEMPLATES = ['welcome', 'visit_confirmation', 'follow_up'] as const;
export type WhatsappTemplate = (typeof WHATSAPP_TEMPLATES)[number];

export const WHATSAPP_MESSAGE_KINDS = [
  'welcome',
  'template',
  'text',
  'image',
  'document',
  'location',
  'button',
  'other',
] as const;
export const WHATSAPP_MESSAGE_STATUSES = [
  'queued',
  'sent',
  'delivered',
  'read',
  'failed',
  'received',
] as const;

export const whatsappMessageSchema = v.object({
  id,
  direction: v.picklist(['in', 'out']),
  kind: v.picklist(WHATSAPP_MESSAGE_KINDS),
  text: v.pipe(optionalText, v.description('The text, or the caption of a picture or document.')),
  what: v.pipe(text, v.description('What the message is, in words: "Image", "Location" …')),
  template: v.pipe(optionalText, v.description('The template sent, by its key.')),
  status: v.pipe(
    v.picklist(WHATSAPP_MESSAGE_STATUSES),
    v.description('`received` for a message from the buyer.'),
  ),
  failure: v.pipe(
    optionalText,
    v.description(
      "Why a failed message did not go, or why the buyer's file was not kept, in words.",
    ),
  ),
  media: v.pipe(
    v.nullable(
      v.object({
        type: v.pipe(text, v.description('Its content type: image/jpeg, application/pdf …')),
        size: v.pipe(v.number(), v.integer(), v.minValue(0), v.description('In bytes.')),
        url: v.pipe(text, v.description('Where the desk downloads it (signed in).')),
      }),
    ),
    v.description(
      'The file the buyer sent (an image, a document), once kept; null for a message without one, and while it is being fetched.',
    ),
  ),
  sentBy: v.pipe(optionalText, v.description('Who on the desk sent it; null for automatic ones.')),
  at: time,
  statusAt: time,
});
export type WhatsappMessage = v.InferOutput<typeof whatsappMessageSchema>;

export const whatsappConversationSchema = v.object({
  configured: v.pipe(v.boolean(), v.description('Whether WhatsApp is set up on this server.')),
  optedOutAt: v.pipe(
    v.nullable(time),
    v.description('Since when the buyer asked for no more messages; null when they did not.'),
  ),
  window: v.object({
    open: v.pipe(v.boolean(), v.description('Free text may go: the buyer wrote within 24 hours.')),
    until: v.pipe(v.nullable(time), v.description('24 hours after the buyer last wrote.')),
  }),
  messages: v.pipe(v.array(whatsappMessageSchema), v.description('Oldest first.')),
});
export type WhatsappConversation = v.InferOutput<typeof whatsappConversationSchema>;

export const whatsappMessageAnswerSchema = v.object({ message: whatsappMessageSchema });
export type WhatsappMessageAnswer = v.InferOutput<typeof whatsappMessageAnswerSchema>;

const REPLY_REQUIRED = '"text" must not be blank.';
export const whatsappReplySchema = jsonBody({
  text: v.pipe(
    v.string(REPLY_REQUIRED),
    v.check((body) => body.trim() !== '', REPLY_REQUIRED),
    v.maxLength(
      WHATSAPP_TEXT_MAX_LENGTH,
      `"text" must be at most ${WHATSAPP_TEXT_MAX_LENGTH} characters.`,
    ),
    v.trim(),
  ),
});

export const whatsappTemplateSendSchema = jsonBody({
  template: v.picklist(WHATSAPP_TEMPLATES, `"template" must be ${WHATSAPP_TEMPLATES.join(', ')}.`),
  detail: v.optional(
    v.pipe(
      v.string('"detail" must be text.'),
      v.maxLength(200, '"detail" must be at most 200 characters.'),
      v.description("The visit confirmation's time, as the buyer should read it."),
    ),
  ),
});

/** What the desk sends in one tap inside the window: the brochure, the site's pin, free slots. */
export const WHATSAPP_QUICK_REPLIES = ['brochure', 'location', 'slots'] as const;
export type WhatsappQuickReply = (typeof WHATSAPP_QUICK_REPLIES)[number];

export const whatsappQuickReplySchema = jsonBody({
  reply: v.pipe(
    v.picklist(WHATSAPP_QUICK_REPLIES, `"reply" must be ${WHATSAPP_QUICK_REPLIES.join(', ')}.`),
    v.description(
      '`brochure`: the brochure PDF as a document; `location`: the site office as a location pin; `slots`: the next free site visit slots as text.',
    ),
  ),
});

const OPT_OUT_NOTE_REQUIRED =
  '"reason" must record the buyer\'s written request to get WhatsApp messages again.';
export const clearOptOutSchema = jsonBody({
  reason: v.pipe(
    v.string(OPT_OUT_NOTE_REQUIRED),
    v.check((note) => note.trim() !== '', OPT_OUT_NOTE_REQUIRED),
    v.maxLength(OPT_OUT_NOTE_MAX_LENGTH, `"reason" must be at most 2000 characters.`),
    v.trim(),
  ),
});
