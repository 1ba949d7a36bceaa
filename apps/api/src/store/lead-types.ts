import {
  CAMPAIGN_FIELDS,
  VISIT_FIELDS,
  isConsentNoticeVersion,
  isLeadSource,
  isPlotRange,
  type Attribution,
  type ConsentNoticeVersion,
  type LeadKind,
  type PlotRange,
  type VisitField,
} from '@iconia/shared';

/**
 * pending: waiting to be emailed · sent: emailed · duplicate: same visitor and form again within
 * the window, kept but not emailed · spam: the honeypot was filled, kept but not emailed ·
 * held: over the per-address limit, kept but not emailed until an operator releases it.
 */
export type LeadStatus = 'pending' | 'sent' | 'duplicate' | 'spam' | 'held';

/** Where a lead is delivered. Each channel has its own delivery row, retries and backlog. */
export const EMAIL_CHANNEL = 'email';

/** Each webhook endpoint is a channel of its own: this prefix and a key of its URL. */
export const WEBHOOK_CHANNEL_PREFIX = 'webhook:';

export interface NewLead {
  publicId: string;
  messageId: string;
  kind: LeadKind;
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
}

export interface StoredLead {
  id: number;
  publicId: string;
  messageId: string;
  kind: LeadKind;
  name: string;
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
  landing_page: string | null;
  referrer: string | null;
  buyer_id: number | null;
}

/** The column of each visit field. */
export const VISIT_COLUMNS = {
  fbclid: 'fbclid',
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
    kind: row.kind === 'contact' ? 'contact' : 'brochure',
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
