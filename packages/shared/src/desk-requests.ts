import * as v from 'valibot';
import { isDay } from './day.ts';
import { CONTACT_CHANNELS, REPORT_DAYS, STAGES, type ReportDays } from './desk.ts';
import { LEAD_SOURCES } from './lead-source.ts';
import { parseMobile } from './mobile.ts';
import { PARTNER_NAME_PATTERN } from './origin.ts';

/*
 * What the sales desk sends its API (docs/desk-api.md): one schema per request body and query.
 * The API validates with them and writes its OpenAPI document from them; the desk app's requests
 * are typed by them. Each refusal is a sentence for people naming the field.
 */

export const NOTE_MAX_LENGTH = 2_000;
export const LOST_REASON_MAX_LENGTH = 200;
export const SEARCH_MAX_LENGTH = 100;
export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 100;

export const NOT_A_JSON_OBJECT = 'Send a JSON object with content-type: application/json.';

/** Where the next page of leads starts: the last lead shown. */
export interface LeadCursor {
  receivedAt: number;
  id: number;
}

/** The opaque `nextCursor` of a page of leads. */
export function encodeLeadCursor(cursor: LeadCursor): string {
  return `${cursor.receivedAt.toString(36)}.${cursor.id.toString(36)}`;
}

function decodeLeadCursor(value: string): LeadCursor | undefined {
  const match = /^([0-9a-z]{1,11})\.([0-9a-z]{1,11})$/.exec(value);
  if (!match) return undefined;
  const cursor = { receivedAt: parseInt(match[1]!, 36), id: parseInt(match[2]!, 36) };
  return Number.isSafeInteger(cursor.receivedAt) && Number.isSafeInteger(cursor.id)
    ? cursor
    : undefined;
}

/**
 * A JSON body of exactly these fields. A missing field is refused with its own rule's sentence,
 * an unknown one with the list of fields the endpoint takes.
 */
// Pure: a bundle that uses some of these schemas drops the others (and what they import).
/* @__NO_SIDE_EFFECTS__ */
export function jsonBody<TEntries extends v.ObjectEntries>(entries: TEntries) {
  const fields = Object.keys(entries);
  return v.strictObject(entries, (issue) => {
    const at = issue.path?.[0];
    if (!at) return NOT_A_JSON_OBJECT;
    if (issue.expected === 'never') {
      const unknown = Object.keys(at.input as object).filter((key) => !fields.includes(key));
      return `Unknown field ${unknown.map((key) => `"${key}"`).join(', ')}; expected ${fields.join(', ')}.`;
    }
    const missing = v.safeParse(entries[String(at.key)] ?? v.never(), undefined);
    return missing.issues?.[0].message ?? `"${String(at.key)}" is required.`;
  });
}

/**
 * A query string: an empty parameter counts as absent, a repeated one is refused, then the
 * fields' own rules apply. Parameters the endpoint does not read are ignored.
 */
/* @__NO_SIDE_EFFECTS__ */
export function fromQuery<TSchema extends v.GenericSchema<Record<string, unknown>, unknown>>(
  fields: TSchema,
) {
  return v.pipe(
    v.record(v.string(), v.unknown()),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const query: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(dataset.value)) {
        if (typeof value !== 'string') {
          addIssue({ message: `Give "${key}" once.` });
          return NEVER;
        }
        if (value !== '') query[key] = value;
      }
      return query;
    }),
    fields,
  );
}

export const flag = (description: string) =>
  v.optional(
    v.pipe(
      v.string(),
      v.description(`${description} Only 1 turns it on.`),
      v.examples(['1']),
      v.transform((value) => value === '1'),
    ),
  );

const day = (name: string) => {
  const message = `"${name}" must be a day written YYYY-MM-DD.`;
  return v.optional(
    v.pipe(
      v.string(),
      v.isoDate(message),
      v.check(isDay, message),
      v.description('A day in India time, YYYY-MM-DD; both ends are included.'),
    ),
  );
};

const leadFilterEntries = {
  stage: v.optional(v.picklist(STAGES, (issue) => `"${String(issue.input)}" is not a stage.`)),
  form: v.optional(
    v.picklist(LEAD_SOURCES, (issue) => `"${String(issue.input)}" is not a form of the site.`),
  ),
  utmSource: v.optional(v.pipe(v.string(), v.description('The campaign source, exactly.'))),
  utmCampaign: v.optional(v.pipe(v.string(), v.description('The campaign name, exactly.'))),
  owner: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^(?:me|none|\d{1,15})$/, '"owner" must be me, none or an account id.'),
      v.description('`me`, `none` (unassigned) or an account id.'),
      v.transform((owner) => (owner === 'me' || owner === 'none' ? owner : Number(owner))),
    ),
  ),
  from: day('from'),
  to: day('to'),
  due: flag('Only leads whose follow-up is due (at or before now).'),
  spam: flag('Only the leads kept as spam (hidden otherwise).'),
  held: flag('Only the leads held over the per-address limit.'),
  waiting: flag('Only the buyers whose WhatsApp messages wait for our reply.'),
  test: flag(
    'Managers only: the test leads an ad platform sent (hidden otherwise; never emailed, routed, reported or sent to the CRM).',
  ),
  q: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.maxLength(SEARCH_MAX_LENGTH, 'The search is too long.'),
      v.description(
        'A mobile number or part of one, with or without its country code (98765, +9198765, +44 7911), matches any part of the stored number; anything else any part of the name, case-insensitive.',
      ),
    ),
  ),
};

/** The inbox's filters, which `/leads` and the CSV export take alike. */
export const leadFilterFields = v.object(leadFilterEntries);

/** `from` and `to` together, the first no later than the second. */
function daysInOrder<TFields extends { from?: string; to?: string }>() {
  return v.check<TFields, (issue: v.CheckIssue<TFields>) => string>(
    ({ from, to }) => from === undefined || to === undefined || from <= to,
    ({ input }) => `"from" (${input.from}) is after "to" (${input.to}).`,
  );
}

/** `/leads`: the filters, then where the page starts and how long it is. */
export const leadPageFields = v.object({
  ...leadFilterEntries,
  cursor: v.optional(
    v.pipe(
      v.string(),
      v.description('The `nextCursor` of the page before, with the same filters.'),
      v.rawTransform(({ dataset, addIssue, NEVER }) => {
        const cursor = decodeLeadCursor(dataset.value);
        if (cursor) return cursor;
        addIssue({ message: 'The page cursor is not valid; start from the first page.' });
        return NEVER;
      }),
    ),
  ),
  limit: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,3}$/, `"limit" must be a whole number from 1 to ${MAX_PAGE_SIZE}.`),
      v.description(`Leads per page, 1 to ${MAX_PAGE_SIZE}.`),
      v.transform(Number),
      v.minValue(1, `"limit" must be a whole number from 1 to ${MAX_PAGE_SIZE}.`),
      v.maxValue(MAX_PAGE_SIZE, `"limit" must be a whole number from 1 to ${MAX_PAGE_SIZE}.`),
    ),
    String(DEFAULT_PAGE_SIZE),
  ),
});

/** The query parameters of `/leads` as a client writes them. */
export type LeadPageParams = v.InferInput<typeof leadPageFields>;

export const leadPageQuerySchema = fromQuery(
  v.pipe(leadPageFields, daysInOrder<v.InferOutput<typeof leadPageFields>>()),
);
export type LeadPageQuery = v.InferOutput<typeof leadPageQuerySchema>;

/** The CSV export: the inbox's filters, and whether the buyers' notes go with the leads. */
export const exportFields = v.object({
  ...leadFilterEntries,
  notes: flag(
    "Adds a notes column: each lead's buyer's notes, oldest first, one a line, with when and who.",
  ),
});

export const exportQuerySchema = fromQuery(
  v.pipe(exportFields, daysInOrder<v.InferOutput<typeof exportFields>>()),
);
export type ExportQuery = v.InferOutput<typeof exportQuerySchema>;
export type LeadFilterQuery = v.InferOutput<typeof leadFilterFields>;

const reportPeriods = REPORT_DAYS.map((days) => `${days}` as const);

export const reportFields = v.object({
  days: v.optional(
    v.pipe(
      v.picklist(reportPeriods, `"days" must be ${REPORT_DAYS.join(' or ')}.`),
      v.description('The last 30 or 90 India days, today included.'),
      v.transform((days) => Number(days) as ReportDays),
    ),
    `${REPORT_DAYS[0]}` as const,
  ),
});
export const reportQuerySchema = fromQuery(reportFields);

export const usersFields = v.object({
  short: flag('Names of the accounts that are not disabled, for any signed-in person.'),
});
export const usersQuerySchema = fromQuery(usersFields);

/** A lead's or an account's id in a path; anything else names nothing (404). */
export const deskIdSchema = v.pipe(v.string(), v.regex(/^[1-9]\d{0,14}$/), v.transform(Number));

const SIGN_IN_MESSAGE = 'Enter your email and password.';

export const signInSchema = v.object(
  {
    email: v.pipe(v.string(SIGN_IN_MESSAGE), v.trim(), v.nonEmpty(SIGN_IN_MESSAGE)),
    password: v.pipe(v.string(SIGN_IN_MESSAGE), v.nonEmpty(SIGN_IN_MESSAGE)),
  },
  SIGN_IN_MESSAGE,
);
export type SignIn = v.InferInput<typeof signInSchema>;

/** An ISO 8601 time with its offset, e.g. 2026-11-21T15:45:00+05:30. */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;
const FOLLOW_UP_MESSAGE =
  '"followUpAt" must be a time like 2026-11-21T15:45:00+05:30, or null to clear it.';
const LOST_REASON_MESSAGE = `"lostReason" must be text of at most ${LOST_REASON_MAX_LENGTH} characters.`;
const OWNER_MESSAGE = '"ownerId" must be an account id or null.';

export const leadChangeSchema = jsonBody({
  stage: v.optional(v.picklist(STAGES, '"stage" is not a stage.')),
  lostReason: v.optional(
    v.pipe(
      v.nullable(
        v.pipe(
          v.string(LOST_REASON_MESSAGE),
          v.maxLength(LOST_REASON_MAX_LENGTH, LOST_REASON_MESSAGE),
        ),
      ),
      v.description('Needed with `stage: "lost"`; null changes nothing.'),
      v.transform((reason) => reason ?? undefined),
    ),
  ),
  followUpAt: v.optional(
    v.nullable(
      v.pipe(
        v.string(FOLLOW_UP_MESSAGE),
        v.regex(ISO_TIME, FOLLOW_UP_MESSAGE),
        v.check((time) => !Number.isNaN(Date.parse(time)), FOLLOW_UP_MESSAGE),
        v.metadata({
          description:
            'A time with its offset (any offset, Z included; seconds optional); null clears it.',
          examples: ['2026-11-21T15:45:00+05:30'],
        }),
        v.transform(Date.parse),
      ),
    ),
  ),
  ownerId: v.optional(
    v.nullable(
      v.pipe(
        v.number(OWNER_MESSAGE),
        v.safeInteger(OWNER_MESSAGE),
        v.description('An active account; null unassigns the lead.'),
      ),
    ),
  ),
});
export type LeadChangeBody = v.InferInput<typeof leadChangeSchema>;

const NOTE_REQUIRED = '"text" is required.';

export const noteSchema = jsonBody({
  text: v.pipe(
    v.string(NOTE_REQUIRED),
    v.check((note) => note.trim() !== '', NOTE_REQUIRED),
    v.maxLength(NOTE_MAX_LENGTH, `"text" must be at most ${NOTE_MAX_LENGTH} characters.`),
    v.description('Not blank; kept trimmed.'),
    v.trim(),
  ),
});
export type NoteBody = v.InferInput<typeof noteSchema>;

export const contactSchema = jsonBody({
  channel: v.picklist(CONTACT_CHANNELS, `"channel" must be ${CONTACT_CHANNELS.join(' or ')}.`),
});
export type ContactBody = v.InferInput<typeof contactSchema>;

const ERASURE_MOBILE =
  '"mobile" must be a ten-digit Indian mobile number or a number with its country code, such as +44 7911 123456.';

export const erasureSchema = jsonBody({
  mobile: v.pipe(
    v.string(ERASURE_MOBILE),
    v.metadata({
      description:
        'Ten Indian digits, read as the site reads a mobile number (+91, spaces and dashes are fine), or any number with its country code.',
      examples: ['9876543210', '+91 98765 43210', '+44 7911 123456'],
    }),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const mobile = parseMobile(dataset.value);
      if (mobile !== undefined) return mobile;
      addIssue({ message: ERASURE_MOBILE });
      return NEVER;
    }),
  ),
});
export type ErasureBody = v.InferInput<typeof erasureSchema>;

export const newAgentSchema = jsonBody({
  email: v.string('"email" is required.'),
  name: v.string('"name" is required.'),
  role: v.optional(
    v.pipe(
      v.literal(
        'agent',
        'Managers can add agents here; a manager account is added with pnpm leads users add.',
      ),
      v.description('Only agents are added here.'),
    ),
  ),
  password: v.pipe(v.string('"password" is required.'), v.description('At least 10 characters.')),
});
export type NewAgentBody = v.InferInput<typeof newAgentSchema>;

export const PARTNER_NAME_RULE = 'A source name is 2 to 40 lowercase letters, digits and hyphens.';

export const newPartnerSourceSchema = jsonBody({
  name: v.pipe(
    v.string('"name" is required.'),
    v.regex(PARTNER_NAME_PATTERN, `"name": ${PARTNER_NAME_RULE}`),
    v.description('2 to 40 lowercase letters, digits and hyphens; it names the intake path.'),
    v.examples(['acme-realty']),
  ),
});
export type NewPartnerSourceBody = v.InferInput<typeof newPartnerSourceSchema>;

const portalLogin = v.pipe(
  v.record(
    v.string(),
    v.pipe(v.string('Each field of "credentials" is text.'), v.maxLength(500)),
    '"credentials" is required: an object of the login\'s fields.',
  ),
  v.description(
    "The portal's login: 99acres `userName`, `password`; Housing.com `profileId`, `key`; MagicBricks `key`. Stored encrypted and never shown again.",
  ),
);

export const newPortalSourceSchema = jsonBody({
  portal: v.pipe(
    v.string('"portal" is required.'),
    v.description('99acres, housing or magicbricks.'),
    v.examples(['99acres']),
  ),
  name: v.pipe(
    v.string('"name" is required.'),
    v.regex(PARTNER_NAME_PATTERN, `"name": ${PARTNER_NAME_RULE}`),
    v.description('2 to 40 lowercase letters, digits and hyphens; its leads are portal:<name>.'),
  ),
  credentials: portalLogin,
  url: v.optional(
    v.pipe(
      v.string('"url" is text.'),
      v.description("The portal's endpoint, when it is not the documented one."),
    ),
  ),
});
export type NewPortalSourceBody = v.InferInput<typeof newPortalSourceSchema>;

export const portalLoginSchema = jsonBody({ credentials: portalLogin });
export type PortalLoginBody = v.InferInput<typeof portalLoginSchema>;
