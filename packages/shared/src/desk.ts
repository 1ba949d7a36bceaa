import * as v from 'valibot';
import { count, id, optionalText, text, time } from './desk-fields.ts';
import { LEAD_SOURCES } from './lead-source.ts';

/*
 * The sales desk's API contract (docs/desk-api.md): what the API answers with and the desk app
 * reads. Each answer is a schema; the API's OpenAPI document is written from it and the types
 * both sides use are inferred from it, so neither can drift from the other.
 */

export const STAGES = [
  'new',
  'contacted',
  'visit_scheduled',
  'visit_done',
  'booked',
  'lost',
] as const;
export type Stage = (typeof STAGES)[number];

export function isStage(value: string): value is Stage {
  return (STAGES as readonly string[]).includes(value);
}

export const STAGE_LABELS: Record<Stage, string> = {
  new: 'New',
  contacted: 'Contacted',
  visit_scheduled: 'Site visit scheduled',
  visit_done: 'Site visit done',
  booked: 'Booked',
  lost: 'Lost',
};

/** How far along the pipeline a stage is; Lost has no place on it (a buyer keeps their furthest). */
export const STAGE_RANK: Record<Exclude<Stage, 'lost'>, number> = {
  new: 0,
  contacted: 1,
  visit_scheduled: 2,
  visit_done: 3,
  booked: 4,
};

export const ROLES = ['manager', 'agent'] as const;
export type Role = (typeof ROLES)[number];

export const TIMELINE_TYPES = [
  'stored',
  'emailed',
  'email_failed',
  'stage',
  'owner',
  'follow_up',
  'note',
  'contact',
  'erased',
  'routing',
  'plot',
  'visit',
  'released',
  'merged',
  'whatsapp',
] as const;
export type TimelineType = (typeof TIMELINE_TYPES)[number];

/** How a contact with a lead was made. */
export const CONTACT_CHANNELS = ['call', 'whatsapp'] as const;
export type ContactChannel = (typeof CONTACT_CHANNELS)[number];

/** The periods the Reports screen covers, in India days including today. */
export const REPORT_DAYS = [30, 90] as const;
export type ReportDays = (typeof REPORT_DAYS)[number];

export const DELIVERY_STATES = ['pending', 'failing', 'sent', 'dead', 'held', 'not_sent'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

export const deskUserSchema = v.object({
  id,
  email: text,
  name: text,
  role: v.picklist(ROLES),
  disabled: v.boolean(),
  mustChangePassword: v.pipe(
    v.boolean(),
    v.description(
      'A manager gave the account a temporary password: until its owner chooses their own, the desk answers them nothing but the password change, the session and signing out (403).',
    ),
  ),
});
export type DeskUser = v.InferOutput<typeof deskUserSchema>;

export const personSchema = v.object({ id, name: text });
export type Person = v.InferOutput<typeof personSchema>;

export const timelineEntrySchema = v.object({
  at: time,
  type: v.picklist(TIMELINE_TYPES),
  actor: v.nullable(personSchema),
  text: v.pipe(text, v.description('A readable sentence, or the note itself.')),
  leadId: v.pipe(id, v.description('The enquiry (lead id) the entry is about or was written on.')),
});
export type TimelineEntry = v.InferOutput<typeof timelineEntrySchema>;

/** A campaign of an advert's link: the `utm_source` and `utm_campaign` it was tagged with. */
export const campaignSchema = v.object({ utmSource: optionalText, utmCampaign: optionalText });
export type Campaign = v.InferOutput<typeof campaignSchema>;

/** What the buyer's enquiries said, read across all of them: the one a row shows may say nothing. */
export const buyerSaidSchema = v.pipe(
  v.object({
    plotRange: v.pipe(optionalText, v.description('The newest plot range any of them gave.')),
    location: v.pipe(optionalText, v.description('The newest location any of them gave.')),
    message: v.pipe(optionalText, v.description('The newest message any of them wrote.')),
    campaigns: v.pipe(
      v.array(campaignSchema),
      v.description(
        'Each campaign that brought them, newest first, once each; enquiries that came through none are left out.',
      ),
    ),
  }),
  v.description(
    "What the buyer's enquiries said (spam and test leads aside, this lead always included), newest first. Nothing once erased, but the campaigns.",
  ),
);
export type BuyerSaid = v.InferOutput<typeof buyerSaidSchema>;

/*
 * Schemas that extend others spread plain entry objects, not another schema's `entries`: a
 * property read keeps the whole contract in the desk's bundle, which needs only its types.
 */
const leadRowEntries = {
  id: v.pipe(id, v.description("The lead's id; in a list, the buyer's latest enquiry.")),
  buyerId: v.pipe(
    id,
    v.description(
      'Everyone behind one mobile is one buyer; stage, owner and follow-up are theirs.',
    ),
  ),
  enquiries: v.pipe(
    count,
    v.description('How many enquiries the buyer sent, spam and test leads aside.'),
  ),
  origin: v.pipe(
    v.string(),
    v.description(
      'Where the lead entered: site, google_ads, meta, whatsapp, broker, partner:<name> or portal:<name>; `form` is which of the site’s forms.',
    ),
  ),
  receivedAt: time,
  kind: v.pipe(
    v.picklist(['brochure', 'contact', 'enquiry']),
    v.description(
      'brochure or contact: a form of the site · enquiry: a lead from another channel.',
    ),
  ),
  form: v.nullable(v.picklist(LEAD_SOURCES)),
  name: v.pipe(text, v.description('Empty once the lead is erased.')),
  mobile: v.pipe(
    text,
    v.description(
      'E.164, such as +919876543210; empty once the lead is erased, or when an ad platform sent no usable number (see problems).',
    ),
  ),
  problems: v.pipe(
    v.array(text),
    v.description(
      'What is wrong with the lead as an ad platform sent it, in words ("Number not valid: +11234567890", "No number", "No name"); the lead is kept and worked all the same. Empty for most leads.',
    ),
  ),
  plotRange: v.pipe(optionalText, v.description('What this enquiry gave; see `buyerSaid`.')),
  location: v.pipe(optionalText, v.description('What this enquiry gave; see `buyerSaid`.')),
  utmSource: optionalText,
  utmCampaign: optionalText,
  buyerSaid: buyerSaidSchema,
  stage: v.pipe(v.picklist(STAGES), v.description("The buyer's stage.")),
  owner: v.pipe(v.nullable(personSchema), v.description("The buyer's owner.")),
  followUpAt: v.pipe(v.nullable(time), v.description("The buyer's follow-up.")),
  erased: v.boolean(),
  held: v.pipe(
    v.boolean(),
    v.description('Kept over the per-address limit; not delivered until an operator releases it.'),
  ),
  whatsappWaiting: v.pipe(
    count,
    v.description(
      "The buyer's WhatsApp messages since someone on the desk last wrote to them: waiting for our reply (the automatic welcome and visit messages do not answer them).",
    ),
  ),
  whatsappWaitingSince: v.pipe(
    v.nullable(time),
    v.description('When the oldest of those messages came; null when none waits.'),
  ),
  brokerClaim: v.pipe(
    v.nullable(v.object({ firm: text, until: text, proven: v.boolean() })),
    v.description(
      'The channel partner whose live claim the buyer is under (its end day, India, and whether it was proven at the visit); null when none.',
    ),
  ),
};

/** A buyer as the inbox lists them: their latest enquiry and their work. */
export const deskLeadRowSchema = v.object(leadRowEntries);
export type DeskLeadRow = v.InferOutput<typeof deskLeadRowSchema>;

const deliveryEntries = {
  state: v.picklist(DELIVERY_STATES),
  attempts: count,
  lastError: optionalText,
  sentAt: v.nullable(time),
};

export const emailDeliverySchema = v.object(deliveryEntries);
export type EmailDelivery = v.InferOutput<typeof emailDeliverySchema>;

/** The lead's delivery to one webhook endpoint (the builder's CRM). */
export const webhookDeliverySchema = v.object({
  ...deliveryEntries,
  channel: text,
});
export type WebhookDelivery = v.InferOutput<typeof webhookDeliverySchema>;

export const deskLeadDetailSchema = v.object({
  ...leadRowEntries,
  publicId: text,
  emailAddress: v.pipe(
    optionalText,
    v.description(
      'The email address the person gave on an ad platform’s or a partner’s form; null otherwise and once erased.',
    ),
  ),
  page: optionalText,
  utmMedium: optionalText,
  utmTerm: optionalText,
  utmContent: optionalText,
  gclid: optionalText,
  fbclid: optionalText,
  gbraid: v.pipe(
    optionalText,
    v.description('Google click id (`gbraid`) of a landing from an ad on iOS.'),
  ),
  wbraid: v.pipe(
    optionalText,
    v.description('Google click id (`wbraid`) of a landing from an ad on iOS.'),
  ),
  landingPage: v.pipe(
    optionalText,
    v.description(
      "Path of the page the visitor landed on: the visit's first page, or its first page opened through a campaign link (UTM, `gclid` or `fbclid`) when that came later.",
    ),
  ),
  referrer: v.pipe(
    optionalText,
    v.description('The page that sent the visitor to the site, as their browser gave it.'),
  ),
  consentNotice: v.nullable(v.object({ version: text, text })),
  status: v.pipe(
    v.picklist(['pending', 'sent', 'duplicate', 'spam', 'held', 'test']),
    v.description("The email outbox's verdict on the lead."),
  ),
  email: emailDeliverySchema,
  webhooks: v.array(webhookDeliverySchema),
  lostReason: optionalText,
  firstContactAt: v.nullable(time),
  message: v.pipe(
    optionalText,
    v.description('What the buyer wrote, on a lead from an advert or a partner.'),
  ),
  answers: v.pipe(
    v.array(v.object({ question: text, answer: text })),
    v.description("The answers to an advert's lead form's own questions, in the form's order."),
  ),
});
export type DeskLeadDetail = v.InferOutput<typeof deskLeadDetailSchema>;

export const leadPageSchema = v.object({
  leads: v.array(deskLeadRowSchema),
  nextCursor: v.pipe(
    v.nullable(text),
    v.description('Pass it back as `cursor`, with the same filters, for the next page.'),
  ),
});
export type LeadPage = v.InferOutput<typeof leadPageSchema>;

export const leadViewSchema = v.object({
  lead: v.pipe(
    deskLeadDetailSchema,
    v.description("The enquiry asked for, with its buyer's stage, owner and follow-up."),
  ),
  enquiries: v.pipe(
    v.array(deskLeadDetailSchema),
    v.description(
      'Every enquiry of the buyer (spam aside), oldest first, each with its own form and campaign.',
    ),
  ),
  timeline: v.pipe(
    v.array(timelineEntrySchema),
    v.description(
      "Every enquiry's arrival and delivery and the desk's work on the buyer, oldest first.",
    ),
  ),
  responseTarget: v.pipe(
    v.nullable(
      v.object({
        dueAt: time,
        workingMinutesLeft: v.pipe(
          v.number(),
          v.description('Working minutes to the target, negative once it has passed.'),
        ),
      }),
    ),
    v.description(
      "The first-response clock routing runs for the buyer's owner; null when none runs (answered, an owner chosen by hand, unassigned).",
    ),
  ),
});
export type LeadView = v.InferOutput<typeof leadViewSchema>;

export const todayListsSchema = v.object({
  overdue: v.array(deskLeadRowSchema),
  dueToday: v.array(deskLeadRowSchema),
  uncontacted: v.array(deskLeadRowSchema),
});
export type TodayLists = v.InferOutput<typeof todayListsSchema>;

export const userAnswerSchema = v.object({ user: deskUserSchema });
export type UserAnswer = v.InferOutput<typeof userAnswerSchema>;

/** `GET /session`: who is signed in on this browser; asking is never refused. */
export const sessionAnswerSchema = v.object({
  user: v.pipe(
    v.nullable(deskUserSchema),
    v.description('null: nobody is signed in here (no session cookie, or its session has ended).'),
  ),
});
export type SessionAnswer = v.InferOutput<typeof sessionAnswerSchema>;

export const usersAnswerSchema = v.object({ users: v.array(deskUserSchema) });
export type UsersAnswer = v.InferOutput<typeof usersAnswerSchema>;

export const peopleAnswerSchema = v.object({
  users: v.pipe(v.array(personSchema), v.description('The accounts that are not disabled.')),
});
export type PeopleAnswer = v.InferOutput<typeof peopleAnswerSchema>;

export const leadAnswerSchema = v.object({ lead: deskLeadDetailSchema });
export type LeadAnswer = v.InferOutput<typeof leadAnswerSchema>;

export const entryAnswerSchema = v.object({ entry: timelineEntrySchema });
export type EntryAnswer = v.InferOutput<typeof entryAnswerSchema>;

export const erasureAnswerSchema = v.object({
  erased: v.pipe(count, v.description('How many leads of the mobile were erased.')),
});
export type ErasureAnswer = v.InferOutput<typeof erasureAnswerSchema>;

export const deskErrorSchema = v.object({
  error: v.pipe(text, v.description('A sentence for people.')),
});
export type DeskErrorAnswer = v.InferOutput<typeof deskErrorSchema>;
