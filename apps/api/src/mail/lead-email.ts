import {
  CAMPAIGN_FIELDS,
  CONSENT_NOTICES,
  displayMobile,
  mobileOrProblem,
  telHref,
  whatsAppHref,
  type Attribution,
  formatOrigin,
  type ConsentNoticeVersion,
  type LeadOrigin,
  SITE_WITHOUT_FORM,
} from '@iconia/shared';
import type { MailAddress } from '../config.ts';
import { escapeHtml, formatIndiaTime, oneLine, SOURCE_LABELS } from '../format/lead-format.ts';
import type { LeadAnswers, StoredLeadKind } from '../store/lead-types.ts';
import { deskLeadUrl, detailRow, emailButton, renderEmailPage } from './email-page.ts';

/** What the email needs to know about a lead. */
export interface LeadForEmail {
  /** The lead's row: its page in the desk is `/desk/leads/<id>`. */
  id: number;
  publicId: string;
  messageId: string;
  kind: StoredLeadKind;
  /** Where the lead entered; the site's when absent. */
  origin?: LeadOrigin | undefined;
  name: string;
  /** Empty when the platform sent no usable number: `problems` says why. */
  mobile: string;
  problems?: readonly string[] | undefined;
  plotRange?: string | undefined;
  location?: string | undefined;
  email?: string | undefined;
  message?: string | undefined;
  answers?: LeadAnswers | undefined;
  attribution: Attribution;
  receivedAt: number;
  consentNotice?: ConsentNoticeVersion | undefined;
}

/** A composed message, ready for any nodemailer transport. */
export interface LeadEmail {
  leadId: string;
  messageId: string;
  from: MailAddress;
  to: MailAddress[];
  subject: string;
  text: string;
  html: string;
  date: Date;
  headers: Record<string, string>;
}

export interface LeadEmailAddresses {
  from: MailAddress;
  to: MailAddress[];
}

/** Who sends and receives the sales email, and the site's public address its desk link uses. */
export interface LeadEmailSettings extends LeadEmailAddresses {
  siteUrl: string;
}

const KIND_TITLES: Record<Exclude<StoredLeadKind, 'enquiry'>, string> = {
  brochure: 'New brochure request',
  contact: 'New enquiry',
};

/** A channel's enquiry is titled by where it came from: "New enquiry via Google Ads". */
function titleOf(lead: LeadForEmail): string {
  if (lead.kind !== 'enquiry') return KIND_TITLES[lead.kind];
  return `New enquiry via ${formatOrigin(lead.origin ?? 'site')}`;
}

/** Pure: the lead in, the sales email out. */
export function renderLeadEmail(lead: LeadForEmail, settings: LeadEmailSettings): LeadEmail {
  const name = oneLine(lead.name);
  const title = titleOf(lead);
  const details = detailRows(lead);
  const deskUrl = deskLeadUrl(settings.siteUrl, lead.id);

  return {
    leadId: lead.publicId,
    messageId: lead.messageId,
    from: settings.from,
    to: settings.to,
    subject: `${title} from ${name}`,
    text: renderText(title, name, lead, deskUrl, details),
    html: renderHtml(title, name, lead, deskUrl, details),
    date: new Date(lead.receivedAt),
    headers: { 'X-Lead-Id': lead.publicId, 'X-Lead-Kind': lead.kind },
  };
}

type Row = [label: string, value: string];

function detailRows(lead: LeadForEmail): Row[] {
  const rows: Row[] = [];
  if (lead.kind === 'brochure') rows.push(['Plot range', lead.plotRange ?? 'Not chosen']);
  if (lead.kind === 'contact') rows.push(['Location', lead.location ?? 'Not given']);
  if (lead.kind === 'enquiry') {
    if (lead.plotRange) rows.push(['Plot range', lead.plotRange]);
    if (lead.email) rows.push(['Email', lead.email]);
    if (lead.message) rows.push(['Message', lead.message]);
    for (const [question, answer] of Object.entries(lead.answers ?? {})) {
      rows.push([question, answer]);
    }
  }
  const { source, page } = lead.attribution;
  if (lead.kind === 'enquiry') rows.push(['Origin', formatOrigin(lead.origin ?? 'site')]);
  else rows.push(['Form', source ? SOURCE_LABELS[source] : SITE_WITHOUT_FORM]);
  if (page) rows.push(['Page', page]);
  for (const field of CAMPAIGN_FIELDS) {
    const value = lead.attribution[field];
    if (value) rows.push([field, value]);
  }
  // When and how the visitor agreed to be called: what sales may need to show under TRAI's rules.
  rows.push(['Consent', consentLine(lead.consentNotice)]);
  rows.push(['Received', formatIndiaTime(lead.receivedAt)]);
  rows.push(['Lead ID', lead.publicId]);
  return rows.map(([label, value]) => [label, oneLine(value)]);
}

function consentLine(version: ConsentNoticeVersion | undefined): string {
  if (!version) return 'Not recorded (the form did not say which it was)';
  return `${CONSENT_NOTICES[version]} (notice ${version})`;
}

type Contact = Pick<LeadForEmail, 'mobile' | 'problems'>;

function renderText(
  title: string,
  name: string,
  contact: Contact,
  deskUrl: string,
  rows: Row[],
): string {
  const { mobile } = contact;
  return [
    `${title}`,
    '',
    `Name: ${name}`,
    `Mobile: ${mobileOrProblem(mobile, contact.problems)}`,
    ...(mobile === '' ? [] : [`Call: ${telHref(mobile)}`, `WhatsApp: ${whatsAppHref(mobile)}`]),
    `In the desk: ${deskUrl}`,
    '',
    ...rows.map(([label, value]) => `${label}: ${value}`),
    '',
    'Please call back soon: a quick reply wins the visit.',
    '',
  ].join('\n');
}

function renderHtml(
  title: string,
  name: string,
  contact: Contact,
  deskUrl: string,
  rows: Row[],
): string {
  const e = escapeHtml;
  const { mobile } = contact;
  const detail = rows.map(([label, value]) => detailRow(label, value)).join('');
  const reach =
    mobile === ''
      ? ''
      : `${emailButton(telHref(mobile), `Call ${displayMobile(mobile)}`, '#1f6f43')}
${emailButton(whatsAppHref(mobile), 'Chat on WhatsApp', '#128c7e')}
`;
  return renderEmailPage({
    title,
    preheader: `${name}, ${mobileOrProblem(mobile, contact.problems)}`,
    maxWidth: 560,
    rows: `<tr><td style="padding:20px 20px 4px;">
<p style="margin:0 0 4px;color:#8a6d1f;font-size:13px;font-weight:bold;letter-spacing:0.06em;text-transform:uppercase;">${e(title)}</p>
<h1 style="margin:0 0 4px;color:#1d232b;font-size:26px;line-height:1.25;">${e(name)}</h1>
<p style="margin:0 0 16px;color:#1d232b;font-size:20px;">${e(mobileOrProblem(mobile, contact.problems))}</p>
${reach}${emailButton(deskUrl, 'Open in the desk', '#1d232b')}
</td></tr>
<tr><td style="padding:8px 20px 20px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-top:1px solid #e3e6e8;">${detail}</table>
</td></tr>`,
    footer: 'Sent by the Elegant Iconia website.',
  });
}
