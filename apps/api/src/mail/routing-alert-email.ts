import { displayMobile, mobileOrProblem, telHref, whatsAppHref } from '@iconia/shared';
import type { MailAddress } from '../config.ts';
import { escapeHtml, formatIndiaTime, oneLine } from '../format/lead-format.ts';
import type {
  AgentAlertPayload,
  AssignmentReason,
  ManagerAlertPayload,
} from '../store/routing-alert-payloads.ts';
import { deskLeadUrl, detailRow, emailButton, renderEmailPage } from './email-page.ts';
import type { LeadEmail } from './lead-email.ts';

type Row = [label: string, value: string];

const AGENT_TITLES: Record<AssignmentReason, string> = {
  new: 'New buyer for you',
  returning: 'Your buyer enquired again',
  on_duty: 'A waiting buyer for you',
  reassigned: 'A buyer moved to you',
  manual: 'A buyer given to you',
};

/** What a buyer typed stays on its own line: no line break starts a new header or row. */
const oneLineRows = (rows: Row[]): Row[] =>
  rows.map(([label, value]) => [oneLine(label), oneLine(value)]);

const minutes = (count: number) => `${count} working minute${count === 1 ? '' : 's'}`;

function buyerRows(alert: AgentAlertPayload | ManagerAlertPayload): Row[] {
  return [
    ['Mobile', mobileOrProblem(alert.mobile)],
    ...alert.askedFor.map(({ label, value }): Row => [label, value]),
    ['Origin', alert.origin],
    ...(alert.campaign ? [['Campaign', alert.campaign] as Row] : []),
  ];
}

/** Pure: the alert's payload in, the email to the agent the buyer was assigned to out. */
export function renderAgentAlertEmail(
  alert: AgentAlertPayload & { messageId: string },
  from: MailAddress,
  siteUrl: string,
): LeadEmail {
  const name = oneLine(alert.name);
  const title = AGENT_TITLES[alert.reason];
  const callBy = formatIndiaTime(alert.dueAt);
  const deskUrl = deskLeadUrl(siteUrl, alert.leadId);
  const lead = `Call within ${minutes(alert.targetMinutes)}: by ${callBy}. The clock runs in working hours only; a call or WhatsApp logged in the desk, or a stage change, stops it.`;
  const rows = oneLineRows([
    ...buyerRows(alert),
    ['Assigned', formatIndiaTime(alert.assignedAt)],
    ['Call by', callBy],
  ]);

  return {
    leadId: String(alert.leadId),
    messageId: alert.messageId,
    from,
    to: [alert.to],
    subject: `${title}: call ${name} by ${callBy}`,
    text: [
      title,
      '',
      lead,
      '',
      `Name: ${name}`,
      ...(alert.mobile === ''
        ? []
        : [`Call: ${telHref(alert.mobile)}`, `WhatsApp: ${whatsAppHref(alert.mobile)}`]),
      `In the desk: ${deskUrl}`,
      '',
      ...rows.map(([label, value]) => `${label}: ${value}`),
      '',
    ].join('\n'),
    html: renderAlertHtml({
      kicker: title,
      heading: name,
      lead,
      buttons: [
        ...(alert.mobile === ''
          ? []
          : [
              emailButton(telHref(alert.mobile), `Call ${displayMobile(alert.mobile)}`, '#1f6f43'),
              emailButton(whatsAppHref(alert.mobile), 'Chat on WhatsApp', '#128c7e'),
            ]),
        emailButton(deskUrl, 'Open in the desk', '#1d232b'),
      ],
      rows,
    }),
    date: new Date(alert.assignedAt),
    headers: { 'X-Routing-Alert': 'agent' },
  };
}

/** Pure: the alert's payload in, the email to the managers out. */
export function renderManagerAlertEmail(
  alert: ManagerAlertPayload & { messageId: string },
  from: MailAddress,
  siteUrl: string,
): LeadEmail {
  const name = oneLine(alert.name);
  const missedBy = oneLine(alert.missedBy.name);
  const nowWith = oneLine(alert.nowWith.name);
  const deskUrl = deskLeadUrl(siteUrl, alert.leadId);
  const missed = `${missedBy} did not answer ${name} within ${minutes(alert.targetMinutes)} (by ${formatIndiaTime(alert.missedDueAt)}).`;
  const { title, lead } = {
    reassigned: {
      title: `moved to ${nowWith}`,
      lead: `${missed} The buyer is now with ${nowWith} (reassignment ${alert.attempt + 1} of 3).`,
    },
    'no-one-else-on-duty': {
      title: 'no one else on duty',
      lead: `${missed} No other agent is on duty, so the buyer stays with ${nowWith}: call them, or put another agent on duty.`,
    },
    'left-with-last': {
      title: `left with ${nowWith} after 3 reassignments`,
      lead: `${missed} The buyer was reassigned 3 times without an answer and stays with ${nowWith}: call them, or give the buyer to someone who can.`,
    },
  }[alert.event];
  const rows = oneLineRows([
    ...buyerRows(alert),
    ['Not answered by', missedBy],
    ['Now with', nowWith],
    ['Assigned', formatIndiaTime(alert.missedAssignedAt)],
  ]);

  return {
    leadId: String(alert.leadId),
    messageId: alert.messageId,
    from,
    to: alert.to,
    subject: `Buyer not called in time: ${name}, ${title}`,
    text: [
      `Not called in time: ${title}`,
      '',
      lead,
      '',
      `In the desk: ${deskUrl}`,
      '',
      ...rows.map(([label, value]) => `${label}: ${value}`),
      '',
    ].join('\n'),
    html: renderAlertHtml({
      kicker: 'Not called in time',
      heading: name,
      lead,
      buttons: [emailButton(deskUrl, 'Open in the desk', '#1d232b')],
      rows,
    }),
    date: new Date(alert.at),
    headers: { 'X-Routing-Alert': alert.event },
  };
}

/** The alerts' HTML: a kicker, the buyer's name, what to do, the buttons, then the details. */
export function renderAlertHtml(parts: {
  kicker: string;
  heading: string;
  lead: string;
  buttons: string[];
  rows: Row[];
}): string {
  const e = escapeHtml;
  const detail = parts.rows.map(([label, value]) => detailRow(label, value)).join('');
  return renderEmailPage({
    title: `${parts.kicker}: ${parts.heading}`,
    preheader: parts.lead,
    maxWidth: 560,
    rows: `<tr><td style="padding:20px 20px 4px;">
<p style="margin:0 0 4px;color:#8a6d1f;font-size:13px;font-weight:bold;letter-spacing:0.06em;text-transform:uppercase;">${e(parts.kicker)}</p>
<h1 style="margin:0 0 8px;color:#1d232b;font-size:26px;line-height:1.25;">${e(parts.heading)}</h1>
<p style="margin:0 0 16px;color:#1d232b;font-size:16px;">${e(parts.lead)}</p>
${parts.buttons.join('\n')}
</td></tr>
<tr><td style="padding:8px 20px 20px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-top:1px solid #e3e6e8;">${detail}</table>
</td></tr>`,
    footer: 'Sent by the Elegant Iconia sales desk.',
  });
}
