import * as v from 'valibot';
import { CAMPAIGN_FIELDS, NAME_MAX_LENGTH, type CampaignField } from './lead.ts';
import { parseMobile } from './mobile.ts';
import { characterCount, hasControlCharacters } from './text.ts';

/*
 * The JSON lead a partner or portal posts to `/intake/partners/<name>` (docs/lead-sources.md).
 * One schema validates it in the API and writes its OpenAPI entry; each refusal names the field.
 * Fields the schema does not know are ignored, so a partner's extra fields do no harm.
 */

export const PARTNER_MESSAGE_MAX_LENGTH = 2_000;
export const PARTNER_TEXT_MAX_LENGTH = 200;
const CAMPAIGN_VALUE_MAX_LENGTH = 500;

export const PARTNER_BODY_NOT_AN_OBJECT = 'Send the lead as a JSON object.';

/** The `webhook-id` is kept as the lead's idempotency key; the specification's ids are short. */
export const WEBHOOK_ID_MAX_LENGTH = 200;

/** What `/intake/partners/<name>` answers besides `success` and a field's sentence. */
export const PARTNER_REPLIES = {
  unknown: 'There is no partner source of this name.',
  disabled: 'This partner source is disabled.',
  unsigned: 'The request must be signed: webhook-id, webhook-timestamp and webhook-signature.',
  stale: 'The webhook-timestamp is more than 5 minutes from now.',
  badSignature: 'The webhook-signature does not match.',
  longId: `The webhook-id must be at most ${WEBHOOK_ID_MAX_LENGTH} characters.`,
} as const;

const oneLine = (field: string, max: number) =>
  v.pipe(
    v.string(`"${field}" must be text.`),
    v.trim(),
    v.check((value) => !hasControlCharacters(value), `"${field}" must be one line of text.`),
    v.check(
      (value) => characterCount(value) <= max,
      `"${field}" must be at most ${max} characters.`,
    ),
  );

const optionalLine = (field: string, max: number, description: string) =>
  v.optional(v.pipe(oneLine(field, max), v.description(description)));

export const PARTNER_MOBILE_RULE =
  '"mobile" must be a mobile number: 10 digits, +91 and 10 digits, or an international number in E.164 (+ and the country code).';

const campaignEntries = Object.fromEntries(
  CAMPAIGN_FIELDS.map((field) => [
    field,
    optionalLine(`campaign.${field}`, CAMPAIGN_VALUE_MAX_LENGTH, 'As the partner tracked it.'),
  ]),
) as Record<CampaignField, ReturnType<typeof optionalLine>>;

export const partnerLeadSchema = v.object(
  {
    name: v.pipe(
      v.string('"name" must be text.'),
      v.trim(),
      v.nonEmpty('"name" is required.'),
      v.check((name) => !hasControlCharacters(name), '"name" must be one line of text.'),
      v.check(
        (name) => characterCount(name) <= NAME_MAX_LENGTH,
        `"name" must be at most ${NAME_MAX_LENGTH} characters.`,
      ),
      v.description(`The buyer's name; 1 to ${NAME_MAX_LENGTH} characters.`),
      v.examples(['Ravi Kumar']),
    ),
    mobile: v.pipe(
      v.string('"mobile" must be text.'),
      v.description(
        '10 Indian digits (spaces, dashes and a leading 0 are fine), +91 and 10 digits, or any valid number in E.164. Stored in E.164.',
      ),
      v.examples(['9876543210', '+91 98765 43210', '+971501234567']),
      v.rawTransform(({ dataset, addIssue, NEVER }) => {
        const e164 = parseMobile(dataset.value);
        if (e164 !== undefined) return e164;
        addIssue({ message: PARTNER_MOBILE_RULE });
        return NEVER;
      }),
    ),
    email: v.optional(
      v.pipe(
        v.string('"email" must be an email address.'),
        v.trim(),
        v.email('"email" must be an email address.'),
        v.maxLength(254, '"email" must be an email address.'),
      ),
    ),
    plotRange: optionalLine(
      'plotRange',
      PARTNER_TEXT_MAX_LENGTH,
      'The plot size the buyer asked about, as the partner wrote it.',
    ),
    message: v.optional(
      v.pipe(
        v.string('"message" must be text.'),
        v.trim(),
        v.check(
          (message) => characterCount(message) <= PARTNER_MESSAGE_MAX_LENGTH,
          `"message" must be at most ${PARTNER_MESSAGE_MAX_LENGTH} characters.`,
        ),
        v.description('What the buyer wrote; may span lines.'),
      ),
    ),
    campaign: v.optional(
      v.object(campaignEntries, '"campaign" must be an object of utm_* and gclid values.'),
    ),
    externalId: optionalLine(
      'externalId',
      PARTNER_TEXT_MAX_LENGTH,
      "The lead's id at the partner, kept for reference. Repeats are told apart by webhook-id.",
    ),
  },
  // A missing required field is reported on the object itself, with the field in its path.
  (issue) => {
    const key = issue.path?.[0]?.key;
    return typeof key === 'string' ? `"${key}" is required.` : PARTNER_BODY_NOT_AN_OBJECT;
  },
);

export type PartnerLead = v.InferOutput<typeof partnerLeadSchema>;
export type PartnerLeadBody = v.InferInput<typeof partnerLeadSchema>;
