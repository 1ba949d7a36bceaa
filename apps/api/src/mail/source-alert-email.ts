import type { MailAddress } from '../config.ts';
import { escapeHtml, formatIndiaTime, oneLine } from '../format/lead-format.ts';
import type { SourceAlertPayload } from '../store/source-health-schema.ts';
import { detailRow, renderEmailPage } from './email-page.ts';
import type { LeadEmail } from './lead-email.ts';

const TITLES = {
  quiet: { alert: 'has gone quiet', recovered: 'is delivering leads again' },
  failing: { alert: 'is failing', recovered: 'is working again' },
} as const;

/** What the managers can do first; docs/operations.md ("Lead source alerts") says more. */
const WHAT_TO_DO = {
  quiet:
    'Check that the campaign, form or partner feed is still running and that its leads are still sent here: an ad paused, a budget spent, a form unlinked or a partner that stopped sending all look the same from here.',
  failing:
    "Requests reach the server but are refused or cannot be read: usually a wrong or rotated key or secret, a changed form, or Meta's access token expired. The desk's Sources screen counts the refusals.",
} as const;

/** Pure: a source alert's payload in, the email to the managers out. */
export function renderSourceAlertEmail(
  alert: SourceAlertPayload & { messageId: string },
  from: MailAddress,
): LeadEmail {
  const label = oneLine(alert.label);
  const title = `${label} ${TITLES[alert.condition][alert.recovered ? 'recovered' : 'alert']}`;
  const rows: [string, string][] = [
    ['Source', `${label} (${alert.origin})`],
    [alert.recovered ? 'Alert raised' : 'Since', formatIndiaTime(alert.raisedAt)],
    ...(alert.recovered ? [['Recovered', formatIndiaTime(alert.at)] as [string, string]] : []),
    ['Last lead', alert.lastLeadAt === null ? 'None yet' : formatIndiaTime(alert.lastLeadAt)],
  ];
  const advice = alert.recovered
    ? 'Nothing to do. You get one email when a source goes quiet or fails, and one when it recovers.'
    : WHAT_TO_DO[alert.condition];
  const footer = "Each source's figures are on the desk's Sources screen (/desk/sources).";

  return {
    leadId: 'source-alert',
    messageId: alert.messageId,
    from,
    to: alert.to,
    subject: `Lead source: ${title}`,
    text: [
      title,
      '',
      alert.reason,
      '',
      ...rows.map(([name, value]) => `${name}: ${value}`),
      '',
      advice,
      '',
      footer,
      '',
    ].join('\n'),
    html: renderHtml(title, alert.reason, rows, advice, footer),
    date: new Date(alert.at),
    headers: { 'X-Lead-Source': alert.origin },
  };
}

function renderHtml(
  title: string,
  reason: string,
  rows: [string, string][],
  advice: string,
  footer: string,
): string {
  const e = escapeHtml;
  const detail = rows.map(([name, value]) => detailRow(name, value)).join('');
  return renderEmailPage({
    title,
    maxWidth: 560,
    rows: `<tr><td style="padding:20px;">
<p style="margin:0 0 4px;color:#8a6d1f;font-size:13px;font-weight:bold;letter-spacing:0.06em;text-transform:uppercase;">Lead source</p>
<h1 style="margin:0 0 12px;color:#1d232b;font-size:24px;line-height:1.25;">${e(title)}</h1>
<p style="margin:0 0 16px;color:#1d232b;font-size:16px;">${e(reason)}</p>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-top:1px solid #e3e6e8;">${detail}</table>
<p style="margin:16px 0 0;color:#1d232b;font-size:15px;">${e(advice)}</p>
<p style="margin:12px 0 0;color:#5b6470;font-size:14px;">${e(footer)}</p>
</td></tr>`,
    footer: 'Sent by the Elegant Iconia website.',
  });
}
