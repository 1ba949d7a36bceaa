import { formatOrigin, isLeadOrigin } from '@iconia/shared';
import type { DeliveryState, Form, LeadDetail } from './types.ts';

export { FACING_LABELS, PLOT_STATUS_LABELS, STAGE_LABELS } from '@iconia/shared';

/** The words the sales email uses for each form, so the desk and the inbox agree. */
export const FORM_LABELS: Record<Form, string> = {
  'inline-brochure': 'Brochure form on the home page',
  'brochure-modal': 'Download Brochure pop-up',
  'location-modal': 'Location highlights enquiry pop-up',
  'contact-form': 'Contact form',
};

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

/** Where an enquiry came from: the site's form, or the channel it entered by. */
export function enquirySourceLabel(lead: { origin: string; form: Form | null }): string {
  return lead.origin === 'site' || !isLeadOrigin(lead.origin)
    ? formLabel(lead.form)
    : formatOrigin(lead.origin);
}

export function formLabel(form: Form | null): string {
  return form ? FORM_LABELS[form] : 'Unknown form';
}
