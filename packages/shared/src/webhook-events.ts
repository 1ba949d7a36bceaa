import * as v from 'valibot';
import { CONSENT_NOTICES, type ConsentNoticeVersion } from './consent.ts';
import { STAGES } from './desk.ts';
import { CAMPAIGN_FIELDS, LEAD_ENDPOINTS, type CampaignField, type LeadKind } from './lead.ts';
import { LEAD_SOURCES } from './lead-source.ts';
import { E164_MOBILE } from './mobile.ts';
import { ENQUIRY_KIND, ORIGIN_PATTERN } from './origin.ts';
import { PLOT_RANGES } from './plot-ranges.ts';
import { PROJECT_NAME } from './project.ts';

/*
 * The events the server posts to the endpoints in WEBHOOK_URL. Each event's schema is its one
 * description: the server's types are inferred from it and the OpenAPI `webhooks` section is
 * generated from it. Another event is one more schema and one more entry in WEBHOOK_EVENTS.
 */

/** A reply slower than this counts as a failed attempt. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/** Every event has the same envelope: its type, when it happened, and what it is about. */
function webhookEventSchema<
  const Type extends string,
  const Data extends v.GenericSchema<Record<string, unknown>>,
>(title: string, type: Type, timestamp: string, data: Data) {
  return v.pipe(
    v.strictObject({
      type: v.literal(type),
      timestamp: v.pipe(v.string(), v.isoTimestamp(), v.description(timestamp)),
      data,
    }),
    v.title(title),
  );
}

const nullable = <const Schema extends v.GenericSchema>(schema: Schema, description: string) =>
  v.pipe(v.nullable(schema), v.description(description));

export const LEAD_CREATED = 'lead.created';

/** The body of a `lead.created` post. Every key is present; null means the lead has no value. */
export const leadCreatedEventSchema = webhookEventSchema(
  'LeadCreatedEvent',
  LEAD_CREATED,
  'When the lead was received, UTC. The same on every retry.',
  v.pipe(
    v.strictObject({
      id: v.pipe(
        v.string(),
        v.description('The lead’s id, as in the sales email (X-Lead-Id) and `pnpm leads`.'),
      ),
      buyerId: v.pipe(
        v.number(),
        v.integer(),
        v.description(
          'The buyer the lead belongs to: everyone behind one mobile is one buyer, whose further leads carry the same id (see lead.updated).',
        ),
      ),
      kind: v.pipe(
        v.picklist([...(Object.keys(LEAD_ENDPOINTS) as LeadKind[]), ENQUIRY_KIND]),
        v.description(
          'brochure: a brochure request · contact: a contact enquiry · enquiry: a lead from another channel (see origin).',
        ),
      ),
      origin: v.pipe(
        v.string(),
        v.regex(ORIGIN_PATTERN),
        v.metadata({
          description:
            'Where the lead entered: site (the site’s forms), google_ads, meta, whatsapp, broker (a channel partner’s registered client), partner:<name> (a partner’s push) or portal:<name> (a property portal polled).',
          examples: ['site', 'google_ads', 'partner:acme-realty'],
        }),
      ),
      name: v.pipe(v.string(), v.nonEmpty()),
      mobile: v.pipe(
        v.nullable(v.pipe(v.string(), v.regex(/^(?:\d{10}|\+[1-9]\d{7,14})$/))),
        v.metadata({
          description:
            'Ten digits for an Indian mobile number; E.164 for a number abroad. null when an ad platform sent no usable number (see problems).',
          examples: ['9876543210', '+14155550123'],
        }),
      ),
      mobileE164: v.pipe(
        v.nullable(v.pipe(v.string(), v.regex(E164_MOBILE))),
        v.metadata({
          description: 'The same number in E.164; null with mobile.',
          examples: ['+919876543210'],
        }),
      ),
      problems: v.pipe(
        v.array(v.string()),
        v.metadata({
          description:
            'What is wrong with the lead as an ad platform sent it, in words; the lead is kept all the same. Empty for most leads.',
          examples: [['Number not valid: +11234567890'], ['No number', 'No name']],
        }),
      ),
      email: nullable(
        v.string(),
        'The email address the person gave; channels other than the site only.',
      ),
      message: nullable(v.string(), 'What the person wrote; channels other than the site only.'),
      answers: v.pipe(
        v.record(v.string(), v.string()),
        v.description(
          'Every other question the lead form asked, as asked, with its answer (a Google Ads or Meta form’s own questions, a partner’s extra fields); empty for the site’s forms.',
        ),
      ),
      plotRange: nullable(
        v.picklist(PLOT_RANGES),
        'The plot range asked about; brochure requests only.',
      ),
      location: nullable(v.string(), 'Where the visitor lives or asks about; enquiries only.'),
      form: nullable(v.picklist(LEAD_SOURCES), 'The form on the site the lead was sent from.'),
      page: nullable(v.string(), 'Path of the page the form was on.'),
      campaign: v.pipe(
        v.strictObject(
          Object.fromEntries(CAMPAIGN_FIELDS.map((field) => [field, v.nullable(v.string())])) as {
            [Field in CampaignField]: v.NullableSchema<v.StringSchema<undefined>, undefined>;
          },
        ),
        v.description('Campaign parameters of the visitor’s landing (see `landingPage`).'),
      ),
      fbclid: nullable(v.string(), 'Meta’s click id (`fbclid`) in the link of the landing.'),
      landingPage: nullable(
        v.string(),
        'Path of the page the visitor landed on: the visit’s first page, or its first page opened through a campaign link (UTM, `gclid` or `fbclid`) when that came later.',
      ),
      referrer: nullable(
        v.string(),
        'The page that sent the visitor to the site on their landing, as their browser gave it.',
      ),
      project: v.pipe(
        v.string(),
        v.metadata({ description: 'The project the lead asked about.', examples: [PROJECT_NAME] }),
      ),
      consent: nullable(
        v.strictObject({
          notice: v.picklist(Object.keys(CONSENT_NOTICES) as ConsentNoticeVersion[]),
          text: v.string(),
        }),
        'The consent notice the visitor’s form showed, by version and in its exact words; null when the form did not say.',
      ),
      receivedAt: v.pipe(
        v.string(),
        v.isoTimestamp(),
        v.metadata({
          description: 'When the lead was received, India time with its offset.',
          examples: ['2026-11-21T15:45:30+05:30'],
        }),
      ),
    }),
    v.description('Every stored field of the lead. Every key is present; null means no value.'),
  ),
);

export type LeadCreatedEvent = v.InferOutput<typeof leadCreatedEventSchema>;

export const LEAD_ERASED = 'lead.erased';

/** The body of a `lead.erased` post: which leads to forget, never who they were. */
export const leadErasedEventSchema = webhookEventSchema(
  'LeadErasedEvent',
  LEAD_ERASED,
  'When the personal data was erased, UTC. The same on every retry.',
  v.pipe(
    v.strictObject({
      ids: v.pipe(
        v.array(v.string()),
        v.minLength(1),
        v.description(
          'The erased leads this endpoint may have received, by the id their lead.created carried in data.id.',
        ),
      ),
      erasedAt: v.pipe(
        v.string(),
        v.isoTimestamp(),
        v.metadata({
          description: 'When the personal data was erased, India time with its offset.',
          examples: ['2026-11-25T18:40:00+05:30'],
        }),
      ),
    }),
    v.description(
      'Delete or anonymise what you keep of these leads: their name, mobile and every other personal field are gone from this server.',
    ),
  ),
);

export type LeadErasedEvent = v.InferOutput<typeof leadErasedEventSchema>;

/** How an event about a buyer names them and the leads of theirs the endpoint knows. */
const BUYER_FIELDS = {
  leadIds: v.pipe(
    v.array(v.string()),
    v.minLength(1),
    v.description(
      'The buyer’s leads this endpoint was sent, by the id their lead.created carried in data.id, oldest first.',
    ),
  ),
  buyerId: v.pipe(
    v.number(),
    v.integer(),
    v.description('The buyer, as data.buyerId of their lead.created.'),
  ),
};

export const LEAD_UPDATED = 'lead.updated';

/** What changed about a buyer in a `lead.updated` post. */
export const BUYER_CHANGES = ['stage', 'owner'] as const;
export type BuyerChange = (typeof BUYER_CHANGES)[number];

/** The body of a `lead.updated` post: a buyer's stage or owner changed in the sales desk. */
export const leadUpdatedEventSchema = webhookEventSchema(
  'LeadUpdatedEvent',
  LEAD_UPDATED,
  'When the change was made, UTC. The same on every retry.',
  v.pipe(
    v.strictObject({
      ...BUYER_FIELDS,
      stage: v.pipe(
        v.picklist(STAGES),
        v.description(
          'The buyer’s stage now: new, contacted, visit_scheduled (site visit scheduled), visit_done (site visit done), booked or lost.',
        ),
      ),
      owner: nullable(
        v.strictObject({
          id: v.pipe(v.number(), v.integer()),
          name: v.string(),
        }),
        'The sales desk account that owns the buyer now; null when unassigned.',
      ),
      changed: v.pipe(
        v.array(v.picklist(BUYER_CHANGES)),
        v.minLength(1),
        v.description('What this change was about: the stage, the owner or both.'),
      ),
      updatedAt: v.pipe(
        v.string(),
        v.isoTimestamp(),
        v.metadata({
          description: 'When the change was made, India time with its offset.',
          examples: ['2026-11-25T18:40:00+05:30'],
        }),
      ),
    }),
    v.description(
      'The stage and owner of a buyer as they stand after the change. Several changes are several posts, in the order they were made.',
    ),
  ),
);

export type LeadUpdatedEvent = v.InferOutput<typeof leadUpdatedEventSchema>;

export const WHATSAPP_MESSAGE = 'whatsapp.message';

/** The body of a `whatsapp.message` post: a message to or from a buyer, or its new status. */
export const whatsappMessageEventSchema = webhookEventSchema(
  'WhatsappMessageEvent',
  WHATSAPP_MESSAGE,
  'When the message was stored or its status changed, UTC. The same on every retry.',
  v.pipe(
    v.strictObject({
      ...BUYER_FIELDS,
      messageId: v.pipe(
        v.number(),
        v.integer(),
        v.description('The message; each of its statuses is one more post with this id.'),
      ),
      direction: v.pipe(
        v.picklist(['in', 'out']),
        v.description('in: the buyer wrote; out: we sent it.'),
      ),
      kind: v.pipe(
        v.string(),
        v.description(
          'welcome, template, text, image, document, location, button (a button reply) or other.',
        ),
      ),
      status: v.pipe(
        v.string(),
        v.description(
          'received (the buyer’s message), or queued, sent, delivered, read or failed (ours).',
        ),
      ),
      text: nullable(
        v.string(),
        'The text or caption, only when the server is set to include it (WEBHOOK_INCLUDE_MESSAGES=true); otherwise null.',
      ),
      at: v.pipe(
        v.string(),
        v.isoTimestamp(),
        v.metadata({
          description:
            'When the message was stored or its status changed, India time with its offset.',
          examples: ['2026-11-25T18:40:00+05:30'],
        }),
      ),
    }),
    v.description('A WhatsApp message of the buyer’s conversation, as it stands now.'),
  ),
);

export type WhatsappMessageEvent = v.InferOutput<typeof whatsappMessageEventSchema>;

export interface WebhookEventDescription {
  /** One line for the OpenAPI operation. */
  summary: string;
  /** When the event is posted; how every post is signed and retried is said once for all. */
  description: string;
  schema: v.GenericSchema;
}

/** Every event the server posts, by its `type`. */
export const WEBHOOK_EVENTS = {
  [LEAD_CREATED]: {
    summary: 'A lead was received',
    description: 'Posted to every endpoint in WEBHOOK_URL once the lead is stored.',
    schema: leadCreatedEventSchema,
  },
  [LEAD_ERASED]: {
    summary: 'Leads’ personal data was erased',
    description:
      'Posted to every endpoint that may have received one of the leads (its lead.created went out, was tried, or was given up) once a manager erases a mobile number’s personal data in the sales desk.',
    schema: leadErasedEventSchema,
  },
  [LEAD_UPDATED]: {
    summary: 'A buyer’s stage or owner changed',
    description:
      'Posted, once the change is saved in the sales desk, to every endpoint that was sent one of the buyer’s leads. Its webhook-id is its own; it may arrive before a lead.created that is still being retried.',
    schema: leadUpdatedEventSchema,
  },
  [WHATSAPP_MESSAGE]: {
    summary: 'A WhatsApp message to or from a buyer, or its new status',
    description:
      'Posted to every endpoint that was sent one of the buyer’s leads, when a message is stored (the buyer’s, or ours queued) and each time WhatsApp reports a new status of ours.',
    schema: whatsappMessageEventSchema,
  },
} as const satisfies Record<string, WebhookEventDescription>;

export type WebhookEventType = keyof typeof WEBHOOK_EVENTS;

export type WebhookEvent = v.InferOutput<(typeof WEBHOOK_EVENTS)[WebhookEventType]['schema']>;
