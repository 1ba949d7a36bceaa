import { mobileOrProblem } from '@iconia/shared';
import record from '../../components/record.module.css';
import { ui } from '../../components/ui.ts';
import { formatDateTime } from '../../lib/format.ts';
import {
  EMAIL_STATE_LABELS,
  enquirySourceLabel,
  FORM_LABELS,
  OUTBOX_STATUS_LABELS,
  WEBHOOK_STATE_LABELS,
} from '../../lib/labels.ts';
import type { LeadDetail } from '../../lib/types.ts';

export function LeadFields({ lead, headingId }: { lead: LeadDetail; headingId: string }) {
  const fields: [string, string | number | null][] = [
    ['Name', lead.erased ? null : lead.name],
    ['Mobile', lead.erased ? null : mobileOrProblem(lead.mobile, lead.problems)],
    ['Email', lead.emailAddress],
    ['Plot range', lead.plotRange],
    ['Location', lead.location],
    ['Message', lead.message],
    ...lead.answers.map(({ question, answer }): [string, string] => [question, answer]),
    // A site post that named no form reads as it does everywhere: "Website, no form named".
    ['Came from', lead.origin === 'site' && lead.form ? 'Website' : enquirySourceLabel(lead)],
    ['Form', lead.origin === 'site' && lead.form ? FORM_LABELS[lead.form] : null],
    ['Kind', lead.kind === 'brochure' ? 'Brochure request' : 'Enquiry'],
    ['Page', lead.page],
    ['Received', formatDateTime(lead.receivedAt)],
    ['Reference', lead.publicId],
    [
      'Consent notice',
      lead.consentNotice
        ? `${lead.consentNotice.text} (version ${lead.consentNotice.version})`
        : null,
    ],
    ['Campaign source', lead.utmSource],
    ['Campaign medium', lead.utmMedium],
    ['Campaign name', lead.utmCampaign],
    ['Campaign term', lead.utmTerm],
    ['Campaign content', lead.utmContent],
    ['Google click ID', lead.gclid],
    ['Google click ID (iOS app, gbraid)', lead.gbraid],
    ['Google click ID (iOS web, wbraid)', lead.wbraid],
    ['Meta click ID', lead.fbclid],
    ['Landing page', lead.landingPage],
    ['Referrer', lead.referrer],
    ['Email to sales', EMAIL_STATE_LABELS[lead.email.state]],
    ['Email attempts', lead.email.attempts],
    ['Email sent', lead.email.sentAt ? formatDateTime(lead.email.sentAt) : null],
    ['Last email error', lead.email.lastError],
    ...lead.webhooks.flatMap((webhook, index): [string, string | number | null][] => {
      const name = lead.webhooks.length > 1 ? `CRM webhook ${index + 1}` : 'CRM webhook';
      return [
        [name, WEBHOOK_STATE_LABELS[webhook.state]],
        [`${name} attempts`, webhook.attempts],
        [`${name} sent`, webhook.sentAt ? formatDateTime(webhook.sentAt) : null],
        [`${name} last error`, webhook.lastError],
      ];
    }),
    ['Outbox status', OUTBOX_STATUS_LABELS[lead.status]],
    ['First contact', lead.firstContactAt ? formatDateTime(lead.firstContactAt) : null],
    ['Follow-up', lead.followUpAt ? formatDateTime(lead.followUpAt) : null],
    ['Lost reason', lead.lostReason],
  ];
  return (
    <section className={ui.card} aria-labelledby={headingId}>
      <h2 id={headingId}>Everything stored</h2>
      <dl className={record.facts}>
        {fields.map(([label, value]) => (
          <div key={label} className={record.pair}>
            <dt>{label}</dt>
            <dd>{value === null || value === '' ? '—' : value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
