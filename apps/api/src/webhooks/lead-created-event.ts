import {
  CAMPAIGN_FIELDS,
  CONSENT_NOTICES,
  LEAD_CREATED,
  localMobile,
  PROJECT_NAME,
  type CampaignField,
  type LeadCreatedEvent,
} from '@iconia/shared';
import { indiaTimestamp } from '../format/india-day.ts';
import type { StoredLead } from '../store/lead-store.ts';

/** What the event needs to know about a stored lead. */
export type LeadForWebhook = Pick<
  StoredLead,
  | 'publicId'
  | 'buyerId'
  | 'kind'
  | 'origin'
  | 'name'
  | 'mobile'
  | 'plotRange'
  | 'location'
  | 'attribution'
  | 'receivedAt'
  | 'consentNotice'
  | 'email'
  | 'message'
  | 'answers'
  | 'problems'
>;

/** Pure: a stored lead in, the `lead.created` event out. */
export function leadCreatedEvent(lead: LeadForWebhook): LeadCreatedEvent {
  const { attribution } = lead;
  // Every lead's mobile is stored in E.164 (`parseMobile`; older ones by MOBILE_E164_MIGRATION),
  // or empty when an ad platform sent no usable one.
  const mobileE164 = lead.mobile === '' ? null : lead.mobile;
  return {
    type: LEAD_CREATED,
    timestamp: new Date(lead.receivedAt).toISOString(),
    data: {
      id: lead.publicId,
      buyerId: lead.buyerId,
      kind: lead.kind,
      origin: lead.origin,
      name: lead.name,
      mobile: mobileE164 === null ? null : localMobile(mobileE164),
      mobileE164,
      problems: lead.problems ?? [],
      email: lead.email ?? null,
      message: lead.message ?? null,
      answers: lead.answers ?? {},
      plotRange: lead.plotRange ?? null,
      location: lead.location ?? null,
      form: attribution.source ?? null,
      page: attribution.page ?? null,
      campaign: Object.fromEntries(
        CAMPAIGN_FIELDS.map((field) => [field, attribution[field] ?? null]),
      ) as Record<CampaignField, string | null>,
      fbclid: attribution.fbclid ?? null,
      landingPage: attribution.landingPage ?? null,
      referrer: attribution.referrer ?? null,
      project: PROJECT_NAME,
      consent: lead.consentNotice
        ? { notice: lead.consentNotice, text: CONSENT_NOTICES[lead.consentNotice] }
        : null,
      receivedAt: indiaTimestamp(lead.receivedAt),
    },
  };
}
