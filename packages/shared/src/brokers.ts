import * as v from 'valibot';
import { isDay } from './day.ts';
import { jsonBody } from './desk-requests.ts';
import { parseMobile } from './mobile.ts';
import { PLOT_RANGES } from './plot-ranges.ts';
import { BROKER_STATUSES, BROKERAGE_STATUSES, CLIENT_STATUSES } from './broker-statuses.ts';

/*
 * Channel partners (brokers): what the partner app and the desk send about them, and what they
 * are answered (docs/partners.md). A registration claims a buyer for the broker under the rule
 * the desk enforces; the claim is proven at the site visit and earns brokerage on the booking.
 */

const text = v.string();

function requiredText(field: string, max: number) {
  const message = `"${field}" is required, at most ${max} characters.`;
  return v.pipe(v.string(message), v.trim(), v.nonEmpty(message), v.maxLength(max, message));
}

const MOBILE_MESSAGE =
  '"mobile" must be a ten-digit Indian mobile number or a number with its country code, such as +44 7911 123456.';

const mobile = v.pipe(
  v.string(MOBILE_MESSAGE),
  v.metadata({
    description: 'Ten Indian digits (+91, spaces and dashes are fine), or a number with its code.',
    examples: ['9876543210'],
  }),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const parsed = parseMobile(dataset.value);
    if (parsed !== undefined) return parsed;
    addIssue({ message: MOBILE_MESSAGE });
    return NEVER;
  }),
);

const EMAIL_MESSAGE = '"email" must be an email address, such as name@example.com.';
const email = v.pipe(
  v.string(EMAIL_MESSAGE),
  v.trim(),
  v.transform((value: string) => value.toLowerCase()),
  v.maxLength(254, EMAIL_MESSAGE),
  v.email(EMAIL_MESSAGE),
);

/**
 * A Telangana RERA agent registration number as the authority issues them, e.g.
 * `A02500002345`; letters are read in capitals and spaces dropped.
 */
export const RERA_AGENT_PATTERN = /^[A-Z]\d{5,15}$/;
const RERA_MESSAGE = '"rera" must be your TG-RERA agent registration number, such as A02500002345.';
const PAN_PATTERN = /^[A-Z]{5}\d{4}[A-Z]$/;
const PAN_MESSAGE = '"pan" must be a PAN such as ABCDE1234F, or left out.';

const upperNoSpaces = v.transform((value: string) => value.replace(/\s+/g, '').toUpperCase());

export const brokerApplicationSchema = jsonBody({
  firm: requiredText('firm', 120),
  person: requiredText('person', 80),
  mobile,
  email,
  rera: v.pipe(v.string(RERA_MESSAGE), upperNoSpaces, v.regex(RERA_AGENT_PATTERN, RERA_MESSAGE)),
  pan: v.optional(v.pipe(v.string(PAN_MESSAGE), upperNoSpaces, v.regex(PAN_PATTERN, PAN_MESSAGE))),
});
export type BrokerApplication = v.InferInput<typeof brokerApplicationSchema>;

export const partnerPasswordSchema = jsonBody({
  token: v.pipe(v.string('"token" is required: open the link from your email.'), v.nonEmpty()),
  // Its rule is the desk's (`passwordProblem`), said by the server in the same words.
  password: v.string('"password" is required.'),
});
export type PartnerPassword = v.InferInput<typeof partnerPasswordSchema>;

export const partnerLinkRequestSchema = jsonBody({ email });

const VISIT_DAY_MESSAGE = '"visitDay" must be a day like 2026-12-05, or left out.';
const CONSENT_MESSAGE =
  '"consent" must be true: the client agreed to be registered and called by the sales team.';

export const clientRegistrationSchema = jsonBody({
  name: requiredText('name', 80),
  mobile,
  plotRange: v.picklist(PLOT_RANGES, `"plotRange" must be one of ${PLOT_RANGES.join(', ')}.`),
  visitDay: v.optional(v.pipe(v.string(VISIT_DAY_MESSAGE), v.check(isDay, VISIT_DAY_MESSAGE))),
  consent: v.literal(true, CONSENT_MESSAGE),
});
export type ClientRegistration = v.InferInput<typeof clientRegistrationSchema>;

const OWNER_MESSAGE = '"ownerId" must be the id of an active desk account.';
const RATE_MESSAGE = '"ratePercent" must be a percentage from 0 to 10, at most two decimals.';
const ratePercent = v.pipe(
  v.number(RATE_MESSAGE),
  v.minValue(0, RATE_MESSAGE),
  v.maxValue(10, RATE_MESSAGE),
  v.check((rate) => Math.abs(rate * 100 - Math.round(rate * 100)) < 1e-9, RATE_MESSAGE),
);

export const brokerApprovalSchema = jsonBody({
  ownerId: v.pipe(v.number(OWNER_MESSAGE), v.safeInteger(OWNER_MESSAGE)),
  ratePercent: v.optional(ratePercent),
});
export type BrokerApproval = v.InferInput<typeof brokerApprovalSchema>;

export const reasonSchema = jsonBody({ reason: requiredText('reason', 500) });
export type ReasonBody = v.InferInput<typeof reasonSchema>;

const DAYS_MESSAGE = '"claimDays" must be a whole number of days from 1 to 365.';
export const brokerSettingsSchema = jsonBody({
  claimDays: v.pipe(
    v.number(DAYS_MESSAGE),
    v.safeInteger(DAYS_MESSAGE),
    v.minValue(1, DAYS_MESSAGE),
    v.maxValue(365, DAYS_MESSAGE),
  ),
  defaultRatePercent: ratePercent,
});
export type BrokerSettings = v.InferOutput<typeof brokerSettingsSchema>;

const CODE_MESSAGE = '"code" must be the six digits the client received.';
export const claimCodeSchema = jsonBody({
  code: v.pipe(v.string(CODE_MESSAGE), v.trim(), v.regex(/^\d{6}$/, CODE_MESSAGE)),
});

export const brokeragePaymentSchema = jsonBody({ reference: requiredText('reference', 120) });

export const brokerSchema = v.object({
  id: v.number(),
  firm: text,
  person: text,
  mobile: text,
  email: text,
  rera: text,
  pan: v.nullable(text),
  status: v.picklist(BROKER_STATUSES),
  appliedAt: v.pipe(text, v.description('ISO time, India offset.')),
  owner: v.nullable(v.object({ id: v.number(), name: text })),
  ratePercent: v.pipe(v.number(), v.description("The broker's brokerage rate, % of the price.")),
  refusal: v.nullable(text),
});
export type Broker = v.InferOutput<typeof brokerSchema>;

export const partnerClientSchema = v.object({
  id: v.number(),
  name: text,
  mobile: text,
  plotRange: v.nullable(text),
  status: v.picklist(CLIENT_STATUSES),
  registeredAt: text,
  until: v.pipe(text, v.description('The claim runs until this day (India), unless proven.')),
  proven: v.boolean(),
});
export type PartnerClient = v.InferOutput<typeof partnerClientSchema>;

export const brokerageSchema = v.object({
  id: v.number(),
  broker: v.object({ id: v.number(), firm: text }),
  client: text,
  plot: text,
  pricePaise: v.number(),
  rateBasisPoints: v.number(),
  amountPaise: v.pipe(v.number(), v.description('Rate × price, in paise, exactly.')),
  status: v.picklist(BROKERAGE_STATUSES),
  reference: v.nullable(text),
  at: text,
});
export type Brokerage = v.InferOutput<typeof brokerageSchema>;

/** A claim as the desk shows it on the buyer's page and in the inbox. */
export const buyerClaimSchema = v.object({
  id: v.number(),
  broker: v.object({ id: v.number(), firm: text, person: text }),
  since: text,
  until: text,
  proven: v.boolean(),
  codeIssued: v.boolean(),
});
export type BuyerClaim = v.InferOutput<typeof buyerClaimSchema>;

export const claimRefusalSchema = v.object({
  id: v.number(),
  broker: v.object({ id: v.number(), firm: text }),
  name: text,
  mobile: text,
  reason: text,
  at: text,
  overridden: v.nullable(v.object({ by: text, reason: text })),
});
export type ClaimRefusal = v.InferOutput<typeof claimRefusalSchema>;

export const brokerReportRowSchema = v.object({
  broker: v.object({ id: v.number(), firm: text }),
  registrations: v.number(),
  lapsed: v.number(),
  visits: v.number(),
  bookings: v.number(),
  brokerageDuePaise: v.number(),
  brokeragePaidPaise: v.number(),
});
export type BrokerReportRow = v.InferOutput<typeof brokerReportRowSchema>;
