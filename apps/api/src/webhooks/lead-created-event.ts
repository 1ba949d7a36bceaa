import {
  CAMPAIGN_FIELDS,
  CONSENT_NOTICES,
  type CampaignField,
  type ConsentNoticeVersion,
  type LeadKind,
  type LeadSource,
  type PlotRange,
} from '@iconia/shared';
import { indiaTimestamp } from '../reports/india-day.ts';
import type { StoredLead } from '../store/lead-store.ts';

export const LEAD_CREATED = 'lead.created';

/**
 * The body of every webhook post. Every key is always present (null when the lead has no value),
 * so a sheet or a CRM mapping can rely on its columns.
 */
export interface LeadCreatedEvent {
  type: typeof LEAD_CREATED;
  /** When the lead was received, UTC, ISO 8601. The same on every retry. */
  timestamp: string;
  data: {
    /** The lead's id, as in the sales email and `pnpm leads`. */
    id: string;
    kind: LeadKind;
    name: string;
    /** Ten digits, as stored. */
    mobile: string;
    /** The same number in E.164: +91 and the ten digits. */
    mobileE164: string;
    /** Brochure requests only. */
    plotRange: PlotRange | null;
    /** Contact enquiries only. */
    location: string | null;
    /** The form on the site the lead was sent from. */
    form: LeadSource | null;
    /** The page path the form was on. */
    page: string | null;
    campaign: Record<CampaignField, string | null>;
    /** The consent notice the visitor's form showed: its version and its exact words. */
    consent: { notice: ConsentNoticeVersion; text: string } | null;
    /** When the lead was received, India time with its offset, e.g. 2026-11-21T15:45:00+05:30. */
    receivedAt: string;
  };
}

/** What the event needs to know about a stored lead. */
export type LeadForWebhook = Pick<
  StoredLead,
  | 'publicId'
  | 'kind'
  | 'name'
  | 'mobile'
  | 'plotRange'
  | 'location'
  | 'attribution'
  | 'receivedAt'
  | 'consentNotice'
>;

/** Pure: a stored lead in, the `lead.created` event out. */
export function leadCreatedEvent(lead: LeadForWebhook): LeadCreatedEvent {
  const { attribution } = lead;
  return {
    type: LEAD_CREATED,
    timestamp: new Date(lead.receivedAt).toISOString(),
    data: {
      id: lead.publicId,
      kind: lead.kind,
      name: lead.name,
      mobile: lead.mobile,
      mobileE164: `+91${lead.mobile}`,
      plotRange: lead.plotRange ?? null,
      location: lead.location ?? null,
      form: attribution.source ?? null,
      page: attribution.page ?? null,
      campaign: Object.fromEntries(
        CAMPAIGN_FIELDS.map((field) => [field, attribution[field] ?? null]),
      ) as Record<CampaignField, string | null>,
      consent: lead.consentNotice
        ? { notice: lead.consentNotice, text: CONSENT_NOTICES[lead.consentNotice] }
        : null,
      receivedAt: indiaTimestamp(lead.receivedAt),
    },
  };
}
