import type { MailAddress } from '../config.ts';
import { escapeHtml, formatIndiaTime, oneLine } from '../format/lead-format.ts';
import type { ManagerSummaryItem, ManagerSummaryPayload } from '../store/routing-alert-payloads.ts';
import { deskLeadUrl, emailButton, renderEmailPage } from './email-page.ts';
import type { LeadEmail } from './lead-email.ts';

/** The buyers an email lists at most; the desk's Overdue now shows them all. */
const LISTED = 30;

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** What happened, in a line per item: who was moved from whom, what was held or requested. */
function itemLine(item: ManagerSummaryItem, name: string): string {
  const at = formatIndiaTime(item.at);
  switch (item.kind) {
    case 'late': {
      const missedBy = oneLine(item.missedBy);
      const nowWith = oneLine(item.nowWith);
      const target = plural(item.targetMinutes, 'working minute', 'working minutes');
      if (item.event === 'reassigned') {
        return `${name}: moved from ${missedBy} to ${nowWith}, not called within ${target} (${at})`;
      }
      if (item.event === 'no-one-else-on-duty') {
        return `${name}: not called within ${target} by ${missedBy}, and no one else is on duty (${at})`;
      }
      return `${name}: left with ${nowWith} after 3 reassignments without a call (${at})`;
    }
    case 'held':
      return `${name}: a lead held over the per-address limit (${at})`;
    case 'booking':
      return `${name}: booking of plot ${oneLine(item.plot)} requested by ${oneLine(item.by)} (${at})`;
  }
}

function subjectOf(items: readonly ManagerSummaryItem[]): string {
  const late = items.filter((item) => item.kind === 'late');
  const moved = late.filter((item) => item.event === 'reassigned').length;
  const held = items.filter((item) => item.kind === 'held').length;
  const bookings = items.filter((item) => item.kind === 'booking').length;
  const parts = [
    ...(moved > 0 ? [plural(moved, 'buyer moved', 'buyers moved')] : []),
    ...(late.length > moved
      ? [plural(late.length - moved, 'buyer not called in time', 'buyers not called in time')]
      : []),
    ...(held > 0 ? [plural(held, 'lead held', 'leads held')] : []),
    ...(bookings > 0 ? [plural(bookings, 'booking requested', 'bookings requested')] : []),
  ];
  return `Waiting for a manager: ${parts.join(', ')}`;
}

/**
 * Pure: the summary's payload and the buyers' names (read when it is sent; an erased buyer has
 * none) in, the email to the managers out: what happened since the last alert, the buyers still
 * waiting for a first call, and links to the desk's Overdue now, Held and Plots.
 */
export function renderManagerSummaryEmail(
  summary: ManagerSummaryPayload & { messageId: string },
  names: ReadonlyMap<number, string>,
  from: MailAddress,
  siteUrl: string,
): LeadEmail {
  const nameOf = (leadId: number) => oneLine(names.get(leadId) || 'A buyer');
  const happened = summary.items.map((item) => ({
    text: itemLine(item, nameOf(item.leadId)),
    href: deskLeadUrl(siteUrl, item.leadId),
  }));
  const overdue = summary.overdue.slice(0, LISTED).map((buyer) => ({
    text: `${nameOf(buyer.leadId)}: with ${oneLine(buyer.with)}, ${plural(buyer.workingMinutesLate, 'working minute', 'working minutes')} late`,
    href: deskLeadUrl(siteUrl, buyer.leadId),
  }));
  const more = summary.overdue.length - overdue.length;
  const overdueUrl = `${siteUrl}/desk/overdue`;
  const heldUrl = `${siteUrl}/desk/held`;
  const plotsUrl = `${siteUrl}/desk/plots`;
  const stillWaiting =
    summary.overdue.length === 0
      ? 'No buyer is past their first-call target now.'
      : `${plural(summary.overdue.length, 'buyer is', 'buyers are')} past their first-call target now.`;
  const waiting = [
    ...(summary.waiting.held > 0
      ? [
          `${plural(summary.waiting.held, 'held lead waits', 'held leads wait')} for release: ${heldUrl}`,
        ]
      : []),
    ...(summary.waiting.bookings > 0
      ? [
          `${plural(summary.waiting.bookings, 'booking waits', 'bookings wait')} for a decision: ${plotsUrl}`,
        ]
      : []),
  ];
  const subject = subjectOf(summary.items);
  const lead = `${plural(summary.items.length, 'alert', 'alerts')} since the last one. ${stillWaiting}`;

  const e = escapeHtml;
  const list = (rows: ReadonlyArray<{ text: string; href: string }>) =>
    `<ul style="margin:0 0 16px;padding-left:20px;color:#1d232b;font-size:15px;">${rows
      .map(
        (row) =>
          `<li style="margin:0 0 6px;"><a href="${e(row.href)}" style="color:#1d232b;">${e(row.text)}</a></li>`,
      )
      .join('')}</ul>`;
  const heading = (text: string) =>
    `<h2 style="margin:16px 0 8px;color:#1d232b;font-size:18px;">${e(text)}</h2>`;

  return {
    leadId: 'manager-summary',
    messageId: summary.messageId,
    from,
    to: summary.to,
    subject,
    text: [
      subject,
      '',
      lead,
      '',
      'What happened:',
      ...happened.map((row) => `- ${row.text}`),
      '',
      `Still unanswered (${summary.overdue.length}):`,
      ...overdue.map((row) => `- ${row.text}`),
      ...(more > 0 ? [`- and ${more} more`] : []),
      '',
      `Overdue now: ${overdueUrl}`,
      ...waiting,
      '',
    ].join('\n'),
    html: renderEmailPage({
      title: subject,
      preheader: lead,
      maxWidth: 560,
      rows: `<tr><td style="padding:20px 20px 20px;">
<p style="margin:0 0 4px;color:#8a6d1f;font-size:13px;font-weight:bold;letter-spacing:0.06em;text-transform:uppercase;">Waiting for a manager</p>
<h1 style="margin:0 0 8px;color:#1d232b;font-size:24px;line-height:1.25;">${e(subject.replace('Waiting for a manager: ', ''))}</h1>
<p style="margin:0 0 16px;color:#1d232b;font-size:16px;">${e(lead)}</p>
${emailButton(overdueUrl, 'Open Overdue now', '#1d232b')}
${heading('What happened')}${list(happened)}
${overdue.length > 0 ? `${heading(`Still unanswered (${summary.overdue.length})`)}${list(overdue)}` : ''}
${more > 0 ? `<p style="margin:0 0 16px;color:#5b6470;font-size:14px;">and ${more} more in the desk</p>` : ''}
${waiting.map((line) => `<p style="margin:0 0 8px;color:#1d232b;font-size:15px;">${e(line)}</p>`).join('')}
</td></tr>`,
      footer: 'Sent by the Elegant Iconia sales desk.',
    }),
    date: new Date(summary.at),
    headers: { 'X-Routing-Alert': 'summary' },
  };
}
