import * as v from 'valibot';
import { LEAD_SOURCES, type LeadSource } from './lead-source.ts';
import { MESSAGES, notTextMessage } from './messages.ts';
import { INDIAN_MOBILE, normalizeMobile } from './mobile.ts';
import { PLOT_RANGES, type PlotRange } from './plot-ranges.ts';
import { characterCount, cleanText, hasControlCharacters, hasEncodedWord } from './text.ts';

export const NAME_MAX_LENGTH = 100;
export const LOCATION_MAX_LENGTH = 200;
export const ATTRIBUTION_MAX_LENGTH = 500;

/** The two kinds of lead and the endpoint each is posted to. */
export const LEAD_ENDPOINTS = {
  brochure: '/send-email',
  contact: '/contact-form',
} as const;

export type LeadKind = keyof typeof LEAD_ENDPOINTS;

/** Campaign parameters of the visitor's landing (see `landingPage`). */
export const CAMPAIGN_FIELDS = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'gclid',
] as const;

export type CampaignField = (typeof CAMPAIGN_FIELDS)[number];

/**
 * The rest of the visitor's landing: Meta's click id (`fbclid` in the link), Google's click ids
 * for iOS (`gbraid`, `wbraid`, sent where Apple's rules keep `gclid` out), the path of the page
 * they landed on and the address of the page that sent them there.
 */
export const VISIT_FIELDS = ['fbclid', 'gbraid', 'wbraid', 'landingPage', 'referrer'] as const;

export type VisitField = (typeof VISIT_FIELDS)[number];

export type Attribution = Partial<Record<CampaignField | VisitField, string>> & {
  source?: LeadSource;
  page?: string;
};

/** Attribution fields a form may send with a lead: the form, the page, the campaign, the visit. */
export const ATTRIBUTION_FIELDS = ['source', 'page', ...CAMPAIGN_FIELDS, ...VISIT_FIELDS] as const;

/** A field hidden from people: a form that arrives with it filled was sent by a bot. */
export const HONEYPOT_FIELD = 'website';

export interface BrochureLead {
  name: string;
  /** Ten digits. */
  mobile: string;
  plotRange?: PlotRange;
}

export interface ContactEnquiry {
  name: string;
  /** Ten digits. */
  mobile: string;
  location?: string;
}

export type LeadFields =
  ({ kind: 'brochure' } & BrochureLead) | ({ kind: 'contact' } & ContactEnquiry);

export type FieldError = { field: string; message: string };

export type ParseResult<T> = { ok: true; value: T } | { ok: false; error: FieldError };

const atMost = (max: number) => (value: string) => characterCount(value) <= max;
const emptyToUndefined = <T extends string>(value: T | '' | undefined) => value || undefined;

/*
 * The field schemas read text that `readFields` has already cleaned: own values only, invisible
 * formatting characters removed, white space trimmed; a value that is not text is refused before
 * them. The `metadata` entries are what the API's OpenAPI document shows for each field.
 */

export const nameSchema = v.pipe(
  v.string(MESSAGES.nameRequired),
  v.nonEmpty(MESSAGES.nameRequired),
  v.check((name) => !hasControlCharacters(name), MESSAGES.nameInvalid),
  v.check((name) => !hasEncodedWord(name), MESSAGES.namePlainText),
  v.check(atMost(NAME_MAX_LENGTH), MESSAGES.nameTooLong),
  v.metadata({
    maxLength: NAME_MAX_LENGTH,
    description: `Trimmed; 1 to ${NAME_MAX_LENGTH} characters, no control characters, line breaks or =?…?= encoded words. Invisible formatting characters (bidi controls, zero-width spaces) are removed.`,
  }),
);

export const mobileSchema = v.pipe(
  v.string(MESSAGES.invalidMobile),
  v.metadata({
    description:
      'An Indian mobile number. Spaces, dashes, dots, brackets, a leading +91, 0091 or 91 and a trunk 0 are removed and Indic or full-width digits read; what remains must be 10 digits starting with 6, 7, 8 or 9. JSON may send a number.',
    examples: ['9876543210', '+91 98765 43210', '+91 (0) 98765 43210'],
  }),
  v.transform(normalizeMobile),
  v.regex(INDIAN_MOBILE, MESSAGES.invalidMobile),
);

export const plotRangeSchema = v.pipe(
  v.optional(v.picklist([...PLOT_RANGES, ''], MESSAGES.plotRangeInvalid)),
  v.description('Optional; when given, one of the three ranges exactly.'),
  v.transform(emptyToUndefined),
);

export const locationSchema = v.pipe(
  v.optional(
    v.pipe(
      v.string(),
      // A location may span lines; other control characters are refused.
      v.check(
        (location) => !hasControlCharacters(location.replace(/[\r\n\t]/g, ' ')),
        MESSAGES.locationInvalid,
      ),
      v.check(atMost(LOCATION_MAX_LENGTH), MESSAGES.locationTooLong),
      v.metadata({
        maxLength: LOCATION_MAX_LENGTH,
        description: `Optional; up to ${LOCATION_MAX_LENGTH} characters.`,
      }),
    ),
  ),
  v.transform(emptyToUndefined),
);

/** Attribution is best effort: a value that is not a short single line is dropped, never refused. */
const attributionValue = (description: string) =>
  v.fallback(
    v.optional(
      v.pipe(
        v.string(),
        v.maxLength(ATTRIBUTION_MAX_LENGTH),
        v.check((value) => !hasControlCharacters(value)),
        v.description(description),
      ),
    ),
    undefined,
  );

const campaignEntries = Object.fromEntries(
  CAMPAIGN_FIELDS.map((field) => [
    field,
    attributionValue('Campaign parameter of the landing; a longer or multi-line value is dropped.'),
  ]),
) as Record<CampaignField, ReturnType<typeof attributionValue>>;

export const attributionSchema = v.object({
  source: v.fallback(
    v.optional(
      v.pipe(
        v.picklist(LEAD_SOURCES),
        v.description('Which form sent the lead. Unknown values are dropped, not refused.'),
      ),
    ),
    undefined,
  ),
  page: attributionValue('Path of the page the form was on.'),
  ...campaignEntries,
  fbclid: attributionValue(
    'Meta click id (`fbclid`) of the landing; a longer or multi-line value is dropped.',
  ),
  gbraid: attributionValue(
    'Google click id (`gbraid`) of a landing from an ad on iOS, where Google sends it instead of `gclid`; a longer or multi-line value is dropped.',
  ),
  wbraid: attributionValue(
    'Google click id (`wbraid`) of a landing from an ad on iOS, where Google sends it instead of `gclid`; a longer or multi-line value is dropped.',
  ),
  landingPage: attributionValue(
    "Path of the page the visitor landed on: the visit's first page, or its first page opened through a campaign link (UTM, `gclid` or `fbclid`) when that came later.",
  ),
  referrer: attributionValue(
    'Address of the page that sent the visitor to the site on their landing, as the browser gave it.',
  ),
});

export const brochureLeadFieldsSchema = v.object({
  name: nameSchema,
  mobile: mobileSchema,
  plotRange: plotRangeSchema,
});

export const contactEnquiryFieldsSchema = v.object({
  name: nameSchema,
  mobile: mobileSchema,
  location: locationSchema,
});

/** Fields the site's forms send besides the lead and its attribution. */
const formExtras = {
  agree: v.optional(
    v.pipe(
      v.string(),
      v.description('Consent checkbox of the forms; accepted and ignored, never required.'),
    ),
  ),
  [HONEYPOT_FIELD]: v.optional(
    v.pipe(
      v.string(),
      v.description(
        'Hidden from people. When filled the reply is still `success`, but the lead is kept as spam and not emailed.',
      ),
    ),
  ),
};

/** Everything a brochure form posts: the lead, the form's extras and the attribution. */
export const brochureLeadFormSchema = v.pipe(
  v.object({ ...brochureLeadFieldsSchema.entries, ...formExtras, ...attributionSchema.entries }),
  v.title('Brochure lead'),
);

/** Everything the contact form posts: the enquiry, the form's extras and the attribution. */
export const contactEnquiryFormSchema = v.pipe(
  v.object({ ...contactEnquiryFieldsSchema.entries, ...formExtras, ...attributionSchema.entries }),
  v.title('Contact enquiry'),
);

/** Lead fields a JSON client may send as a number: a mobile is digits either way. */
export const NUMERIC_LEAD_FIELDS: readonly string[] = ['mobile'];

/**
 * Reads the fields a schema knows from any input: own properties only (a `__proto__` key or an
 * inherited value is never a field), text cleaned of invisible formatting and trimmed, a finite
 * number as its digits where `numeric` allows one, null as absent. Anything else is left as it
 * came, for the schema to refuse.
 */
export function readFields(
  keys: readonly string[],
  input: unknown,
  numeric: readonly string[] = [],
): Record<string, unknown> {
  const fields: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  const object: object = input !== null && typeof input === 'object' ? input : {};
  for (const key of keys) {
    const value: unknown = Object.hasOwn(object, key)
      ? (object as Record<string, unknown>)[key]
      : undefined;
    if (typeof value === 'string') fields[key] = cleanText(value);
    // JSON's way of sending no value.
    else if (value === null) fields[key] = undefined;
    else if (typeof value === 'number' && Number.isFinite(value) && numeric.includes(key)) {
      fields[key] = String(value);
    } else fields[key] = value;
  }
  return fields;
}

/** Refuses the first field that came as something other than text, naming it. */
function onlyText(keys: readonly string[]) {
  return v.rawCheck<Record<string, unknown>>(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const input = dataset.value;
    const key = keys.find((name) => input[name] !== undefined && typeof input[name] !== 'string');
    if (key === undefined) return;
    addIssue({
      message: notTextMessage(key),
      path: [{ type: 'object', origin: 'value', input, key, value: input[key] }],
    });
  });
}

/**
 * A lead schema that first reads its fields from untrusted input with `readFields`: a field the
 * schema reads as text refuses any other type. A mobile may be a JSON number; as anything else
 * it gets the mobile's own refusal.
 */
function fromInput<TEntries extends v.ObjectEntries>(schema: v.ObjectSchema<TEntries, undefined>) {
  const keys = Object.keys(schema.entries);
  return v.pipe(
    v.unknown(),
    v.transform((input) => readFields(keys, input, NUMERIC_LEAD_FIELDS)),
    onlyText(keys.filter((key) => !NUMERIC_LEAD_FIELDS.includes(key))),
    schema,
  );
}

/** The refusal of each lead field sent as something other than text, for the API's description. */
export function notTextRefusals(schema: v.ObjectSchema<v.ObjectEntries, undefined>): string[] {
  return Object.keys(schema.entries)
    .filter((key) => !NUMERIC_LEAD_FIELDS.includes(key))
    .map(notTextMessage);
}

/** A brochure lead from a form post, JSON or FormData entries: the API's and the forms' rules. */
export const brochureLeadSchema = fromInput(brochureLeadFieldsSchema);
/** A contact enquiry from a form post, JSON or FormData entries. */
export const contactEnquirySchema = fromInput(contactEnquiryFieldsSchema);
/**
 * The attribution a form sends with a lead; never fails, bad values are left out. A number is
 * read as its digits (a campaign term may be one).
 */
export const leadAttributionSchema = v.pipe(
  v.unknown(),
  v.transform((input) => {
    const keys = Object.keys(attributionSchema.entries);
    return readFields(keys, input, keys);
  }),
  attributionSchema,
);

type RawInput = Record<string, unknown>;

/** Runs a schema and answers with the first problem, named by its field, in visitor's words. */
function parseWith<TSchema extends v.GenericSchema>(
  schema: TSchema,
  input: unknown,
  field: string,
): ParseResult<v.InferOutput<TSchema>> {
  const result = v.safeParse(schema, input, { abortEarly: true });
  if (result.success) return { ok: true, value: result.output };
  const issue = result.issues[0];
  const key = issue.path?.[0]?.key;
  return {
    ok: false,
    error: { field: typeof key === 'string' ? key : field, message: issue.message },
  };
}

/** Copies the entries that have a value, so an absent optional field is absent, not undefined. */
function withoutEmpty<T extends object>(value: T): T {
  return Object.fromEntries(
    Object.entries(value).filter(([, entry]) => entry !== undefined && entry !== ''),
  ) as T;
}

const single = (raw: string) => cleanText(raw);

export function parseName(raw: string): ParseResult<string> {
  return parseWith(nameSchema, single(raw), 'name');
}

export function parsePlotRange(raw: string): ParseResult<PlotRange | undefined> {
  return parseWith(plotRangeSchema, single(raw), 'plotRange');
}

export function parseLocation(raw: string): ParseResult<string | undefined> {
  return parseWith(locationSchema, single(raw), 'location');
}

/** Server-side reading of a brochure lead: name and mobile required, plot range optional. */
export function parseBrochureLead(input: RawInput): ParseResult<BrochureLead> {
  const result = parseWith(brochureLeadSchema, input, 'name');
  return result.ok ? { ok: true, value: withoutEmpty(result.value) } : result;
}

/** Server-side reading of a contact enquiry: name and mobile required, location optional. */
export function parseContactEnquiry(input: RawInput): ParseResult<ContactEnquiry> {
  const result = parseWith(contactEnquirySchema, input, 'name');
  return result.ok ? { ok: true, value: withoutEmpty(result.value) } : result;
}

/**
 * Attribution is best effort: a value that is not a short single line is dropped rather than
 * costing the visitor their lead.
 */
export function parseAttribution(input: RawInput): Attribution {
  return withoutEmpty(v.parse(leadAttributionSchema, input));
}
