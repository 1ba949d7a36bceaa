import {
  CAMPAIGN_FIELDS,
  VISIT_FIELDS,
  isConsentNoticeVersion,
  isLeadSource,
  isPlotRange,
  type Attribution,
  type ConsentNoticeVersion,
  isLeadOrigin,
  type LeadKind,
  type LeadOrigin,
  type PlotRange,
  type VisitField,
} from '@iconia/shared';

/**
 * pending: waiting to be emailed · sent: emailed · duplicate: same visitor and form again within
 * the window, kept but not emailed · spam: the honeypot was filled, kept but not emailed ·
 * held: over the per-address limit, kept but not emailed until an operator releases it ·
 * test: an ad platform's test lead, kept but never emailed, routed, reported or sent to the CRM.
 */
export type LeadStatus = 'pending' | 'sent' | 'duplicate' | 'spam' | 'held' | 'test';

/** The site's two forms, or an enquiry from another channel. */
export type StoredLeadKind = LeadKind | 'enquiry';

/** Question → answer, as a lead form's extra questions were answered. */
export type LeadAnswers = Record<string, string>;

/** What a lead from another channel than the site's forms may carry beyond the site's fields. */
interface ChannelFields {
  /** Where the lead entered; 'site' when absent. */
  origin?: LeadOrigin | undefined;
  email?: string | undefined;
  message?: string | undefined;
  answers?: LeadAnswers | undefined;
  /** The channel's own id of the lead, unique per origin: a repeat of it is the same lead. */
  externalId?: string | undefined;
  /**
   * What is wrong with the lead as the platform sent it, in words for the desk ("No number");
   * the lead is kept all the same. An empty `mobile` means it has no usable number.
   */
  problems?: readonly string[] | undefined;
  /**
   * The channel's own write that belongs with the lead (WhatsApp's first message from a new
   * number), run in the transaction that stores the lead, or finds it stored by an earlier
   * delivery: it reaches the disk in the same sync, or not at all.
   */
  alongside?: ((lead: { id: number; buyerId: number }) => void) | undefined;
}

/** Where a lead is delivered. Each channel has its own delivery row, retries and backlog. */
export const EMAIL_CHANNEL = 'email';

/** Each webhook endpoint is a channel of its own: this prefix and a key of its URL. */
export const WEBHOOK_CHANNEL_PREFIX = 'webhook:';

export interface NewLead extends ChannelFields {
  publicId: string;
  messageId: string;
  kind: StoredLeadKind;
  name: string;
  mobile: string;
  plotRange?: PlotRange | undefined;
  location?: string | undefined;
  attribution: Attribution;
  receivedAt: number;
  spam: boolean;
  /** Over the per-address rate limit: stored as held, delivered only once released. */
  held?: boolean | undefined;
  /** Version of the consent notice the visitor's form showed; see `CONSENT_NOTICES`. */
  consentNotice?: ConsentNoticeVersion | undefined;
  /** An ad platform's test lead: stored with status test, delivered nowhere. */
  test?: boolean | undefined;
}

export interface StoredLead {
  id: number;
  publicId: string;
  messageId: string;
  kind: StoredLeadKind;
  origin: LeadOrigin;
  email?: string;
  message?: string;
  answers?: LeadAnswers;
  externalId?: string;
  /** What is wrong with the lead as sent, in words; absent when nothing is. */
  problems?: string[];
  name: string;
  /** E.164; empty when erased or when the platform sent no usable number (see `problems`). */
  mobile: string;
  plotRange?: PlotRange;
  location?: string;
  attribution: Attribution;
  status: LeadStatus;
  receivedAt: number;
  /** Email attempts so far (the email delivery's; 0 for a lead never queued for email). */
  attempts: number;
  nextAttemptAt: number;
  /** Why the last email attempt failed, while the lead waits for a retry. */
  lastError?: string;
  sentAt?: number;
  duplicateOf?: number;
  consentNotice?: ConsentNoticeVersion;
  /** The buyer the lead belongs to (everyone behind its mobile). */
  buyerId: number;
}

/** One row of the `lead_rows` view: the lead with its email delivery's state. */
export interface LeadRow {
  id: number;
  public_id: string;
  message_id: string;
  kind: string;
  name: string;
  mobile: string;
  plot_range: string | null;
  location: string | null;
  source: string | null;
  page: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_term: string | null;
  utm_content: string | null;
  gclid: string | null;
  status: string;
  received_at: number;
  attempts: number | null;
  next_attempt_at: number | null;
  last_error: string | null;
  sent_at: number | null;
  duplicate_of: number | null;
  consent_notice: string | null;
  fbclid: string | null;
  gbraid: string | null;
  wbraid: string | null;
  landing_page: string | null;
  referrer: string | null;
  buyer_id: number | null;
  origin: string;
  email: string | null;
  message: string | null;
  answers: string | null;
  external_id: string | null;
  problems: string | null;
}

/** The column of each visit field. */
export const VISIT_COLUMNS = {
  fbclid: 'fbclid',
  gbraid: 'gbraid',
  wbraid: 'wbraid',
  landingPage: 'landing_page',
  referrer: 'referrer',
} as const satisfies Record<VisitField, keyof LeadRow>;

/** The visit fields a row holds, named as the shared `Attribution` names them. */
export function visitAttribution(
  row: Pick<LeadRow, (typeof VISIT_COLUMNS)[VisitField]>,
): Partial<Record<VisitField, string>> {
  const visit: Partial<Record<VisitField, string>> = {};
  for (const field of VISIT_FIELDS) {
    const value = row[VISIT_COLUMNS[field]];
    if (value !== null) visit[field] = value;
  }
  return visit;
}

/** The stored list of a lead's problems; empty when there are none. */
export function readProblems(json: string | null | undefined): string[] {
  if (!json) return [];
  const parsed = JSON.parse(json) as unknown;
  return Array.isArray(parsed)
    ? parsed.filter((problem): problem is string => typeof problem === 'string')
    : [];
}

export function readAnswers(json: string | null): LeadAnswers | undefined {
  if (json === null) return undefined;
  const parsed = JSON.parse(json) as unknown;
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  return Object.fromEntries(
    Object.entries(parsed).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}

function readKind(kind: string): StoredLeadKind {
  return kind === 'contact' || kind === 'enquiry' ? kind : 'brochure';
}

export function toLead(row: LeadRow): StoredLead {
  // Set in the insert's transaction and by the migration that brought buyers: never missing.
  if (row.buyer_id === null) throw new Error(`lead ${row.id} belongs to no buyer`);
  const attribution: Attribution = {};
  if (isLeadSource(row.source)) attribution.source = row.source;
  if (row.page !== null) attribution.page = row.page;
  for (const field of CAMPAIGN_FIELDS) {
    const value = row[field];
    if (value !== null) attribution[field] = value;
  }
  Object.assign(attribution, visitAttribution(row));
  return {
    id: row.id,
    publicId: row.public_id,
    messageId: row.message_id,
    kind: readKind(row.kind),
    origin: isLeadOrigin(row.origin) ? row.origin : 'site',
    ...(row.email !== null ? { email: row.email } : {}),
    ...(row.message !== null ? { message: row.message } : {}),
    ...(row.answers !== null ? { answers: readAnswers(row.answers) ?? {} } : {}),
    ...(row.external_id !== null ? { externalId: row.external_id } : {}),
    ...(row.problems ? { problems: readProblems(row.problems) } : {}),
    name: row.name,
    mobile: row.mobile,
    ...(isPlotRange(row.plot_range) ? { plotRange: row.plot_range } : {}),
    ...(row.location !== null ? { location: row.location } : {}),
    attribution,
    status: row.status as LeadStatus,
    receivedAt: row.received_at,
    attempts: row.attempts ?? 0,
    nextAttemptAt: row.next_attempt_at ?? row.received_at,
    ...(row.last_error !== null ? { lastError: row.last_error } : {}),
    ...(row.sent_at !== null ? { sentAt: row.sent_at } : {}),
    ...(row.duplicate_of !== null ? { duplicateOf: row.duplicate_of } : {}),
    ...(isConsentNoticeVersion(row.consent_notice) ? { consentNotice: row.consent_notice } : {}),
    buyerId: row.buyer_id,
  };
}
