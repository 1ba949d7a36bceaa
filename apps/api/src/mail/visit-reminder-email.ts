import { formatSlotTime, formatVisitDate, PROJECT_NAME, SITE_ADDRESS_LINE } from '@iconia/shared';
import type { MailAddress } from '../config.ts';
import { escapeHtml, oneLine } from '../format/lead-format.ts';
import type { VisitRow } from '../store/visit-schema.ts';
import { deskLeadUrl, detailRow, renderEmailPage } from './email-page.ts';
import type { LeadEmail } from './lead-email.ts';

export type ReminderTiming = 'day_before' | 'two_hours';

const WHEN: Record<ReminderTiming, string> = {
  day_before: 'tomorrow',
  two_hours: 'in two hours',
};

/**
 * Pure: a visit as stored now in, the reminder to the buyer's owner out (or, for a buyer nobody
 * owns, to whoever booked the visit); undefined when there is no one to send it to.
 */
export function renderVisitReminderEmail(
  visit: VisitRow,
  which: ReminderTiming,
  email: { messageId: string; from: MailAddress; siteUrl: string; now: number },
): LeadEmail | undefined {
  const { messageId, from, now } = email;
  const to =
    visit.owner_email !== null
      ? { name: visit.owner_name ?? '', address: visit.owner_email }
      : visit.booked_by_email !== null
        ? { name: visit.booked_by_name ?? '', address: visit.booked_by_email }
        : undefined;
  if (!to) return undefined;
  const name = oneLine(visit.name) || 'A buyer';
  const when = `${formatVisitDate(visit.day)} at ${formatSlotTime(visit.time)}`;
  const title = `Site visit ${WHEN[which]}: ${name}, ${formatSlotTime(visit.time)}`;
  const rows: [string, string][] = [
    ['Buyer', name],
    ['Mobile', visit.mobile],
    ['When', when],
    ['People', String(visit.people)],
    ['Pickup', visit.pickup === 1 ? 'Needed' : 'Not needed'],
    ...(visit.notes !== '' ? [['Notes', visit.notes] as [string, string]] : []),
    ['Where', SITE_ADDRESS_LINE],
  ];
  const footer = `The buyer and the visit on the desk: ${deskLeadUrl(email.siteUrl, visit.lead_id)}`;
  const e = escapeHtml;
  return {
    leadId: `visit-${visit.id}`,
    messageId,
    from,
    to: [to],
    subject: title,
    text: [title, '', ...rows.map(([label, value]) => `${label}: ${value}`), '', footer, ''].join(
      '\n',
    ),
    html: renderEmailPage({
      title,
      preheader: `${name} visits ${PROJECT_NAME} ${when}.`,
      maxWidth: 560,
      rows: `<tr><td style="padding:20px;">
<p style="margin:0 0 4px;color:#8a6d1f;font-size:13px;font-weight:bold;letter-spacing:0.06em;text-transform:uppercase;">Site visit</p>
<h1 style="margin:0 0 12px;color:#1d232b;font-size:24px;line-height:1.25;">${e(title)}</h1>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-top:1px solid #e3e6e8;">${rows.map(([label, value]) => detailRow(label, value)).join('')}</table>
<p style="margin:16px 0 0;color:#5b6470;font-size:14px;">${e(footer)}</p>
</td></tr>`,
      footer: `Sent by the ${PROJECT_NAME} sales desk.`,
    }),
    date: new Date(now),
    headers: { 'X-Visit-Reminder': which },
  };
}
