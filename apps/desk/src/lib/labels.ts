import type { BuyerSaid, Campaign, DeliveryState, LeadDetail } from './types.ts';

export {
  enquirySourceLabel,
  FACING_LABELS,
  LEAD_SOURCE_LABELS as FORM_LABELS,
  PLOT_STATUS_LABELS,
  SITE_WITHOUT_FORM,
  STAGE_LABELS,
} from '@iconia/shared';

export const EMAIL_STATE_LABELS: Record<DeliveryState, string> = {
  pending: 'Waiting to be emailed',
  failing: 'Failing; will be retried',
  sent: 'Emailed to sales',
  dead: 'Given up after a day of retries',
  held: 'Held: over the limit for one address, not emailed until released',
  not_sent: 'Not emailed (duplicate, spam or erased)',
};

export const WEBHOOK_STATE_LABELS: Record<DeliveryState, string> = {
  pending: 'Waiting to be sent',
  failing: 'Failing; will be retried',
  sent: 'Sent to the CRM',
  dead: 'Given up after a day of retries',
  held: 'Held with the lead',
  not_sent: 'Not sent',
};

export const OUTBOX_STATUS_LABELS: Record<LeadDetail['status'], string> = {
  pending: 'Waiting',
  sent: 'Sent',
  duplicate: 'Duplicate of an earlier lead',
  spam: 'Spam',
  held: 'Held (over the limit for one address)',
  test: 'Test lead (kept, never delivered)',
};

/** A campaign as the desk writes it: "facebook / diwali-offer". */
export function campaignLabel({ utmSource, utmCampaign }: Campaign): string {
  return [utmSource, utmCampaign].filter(Boolean).join(' / ');
}

/** The plot range and location a buyer gave, in any of their enquiries; empty when none. */
export function plotAndPlace({ plotRange, location }: BuyerSaid): string {
  return [plotRange, location].filter(Boolean).join(' · ');
}
