import { renderEmailPage } from '../mail/email-page.ts';
import type { LeadEmail, LeadEmailAddresses } from '../mail/lead-email.ts';
import { dayLabel } from '../format/india-day.ts';
import { displayMobile, telHref } from '@iconia/shared';
import { escapeHtml, formatIndiaTime, oneLine, SOURCE_LABELS } from '../format/lead-format.ts';
import { countLeads, isGenuine, SOURCE_KEYS, type SourceKey } from '../format/lead-stats.ts';
import type { StoredLead } from '../store/lead-store.ts';

/** Enough for any real day of this site; the counts above the list are always complete. */
export const DIGEST_LIST_LIMIT = 200;

export interface DigestInput {
  /** The India day reported, YYYY-MM-DD. */
  day: string;
  /** Every lead received that day, oldest first, spam and duplicates included. */
  leads: readonly StoredLead[];
  /** Every lead still waiting to be emailed, whatever its day, oldest first. */
  waiting: readonly StoredLead[];
  addresses: LeadEmailAddresses;
  messageIdDomain: string;
  now: number;
}

const TIME = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Kolkata',
  hour: 'numeric',
  minute: '2-digit',
  hourCycle: 'h12',
});

function timeOfDay(epochMs: number): string {
  return TIME.format(epochMs)
    .replace(/\s?([ap])m$/i, ' $1m')
    .toLowerCase();
}

function sourceName(source: SourceKey): string {
  return source === 'unknown' ? 'Form not recorded' : SOURCE_LABELS[source];
}

function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

function detail(lead: StoredLead): string {
  return oneLine(lead.kind === 'brochure' ? (lead.plotRange ?? '') : (lead.location ?? ''));
}

function waitingNote(lead: StoredLead): string {
  if (lead.lastError === undefined) return 'not tried yet';
  return `${plural(lead.attempts, 'failed attempt')}, last: ${oneLine(lead.lastError)}`;
}

interface Section {
  title: string;
  leads: StoredLead[];
}

/** Pure: the day's leads in, the digest email out. */
export function renderDigestEmail(input: DigestInput): LeadEmail {
  const { day, addresses } = input;
  const stats = countLeads(input.leads, day, day);
  const counts = stats.days[0] ?? {
    byKind: { brochure: 0, contact: 0, enquiry: 0 },
    total: 0,
    duplicate: 0,
    spam: 0,
  };
  const genuine = input.leads.filter(isGenuine);
  let listed = 0;
  const sections: Section[] = SOURCE_KEYS.filter((source) => stats.bySource[source] > 0).map(
    (source) => {
      const leads = genuine
        .filter((lead) => (lead.attribution.source ?? 'unknown') === source)
        .slice(0, Math.max(0, DIGEST_LIST_LIMIT - listed));
      listed += leads.length;
      return { title: sourceName(source), leads };
    },
  );
  const unlisted = genuine.length - listed;
  const waiting = input.waiting.slice(0, DIGEST_LIST_LIMIT);

  const label = dayLabel(day);
  const subject = `Leads for ${label}: ${stats.total} new${
    input.waiting.length > 0 ? `, ${input.waiting.length} not yet emailed` : ''
  }`;
  const summary =
    stats.total === 0
      ? 'No new leads.'
      : `${plural(stats.total, 'new lead')}: ${plural(counts.byKind.brochure, 'brochure request')}, ${plural(counts.byKind.contact + counts.byKind.enquiry, 'enquiry', 'enquiries')}.`;
  const ignoredParts = [
    ...(counts.duplicate > 0 ? [`${plural(counts.duplicate, 'repeat')} of an earlier lead`] : []),
    ...(counts.spam > 0 ? [`${counts.spam} spam`] : []),
  ];
  const ignored =
    ignoredParts.length > 0
      ? `Also received ${ignoredParts.join(' and ')}, kept but not emailed.`
      : undefined;
  const waitingIntro =
    'These leads are stored but the mail server has not taken their emails yet; the website keeps trying. Call them from here.';

  const parts: DigestParts = {
    label,
    summary,
    ignored,
    stats,
    sections,
    unlisted,
    day,
    waiting,
    total: input.waiting.length,
    waitingIntro,
  };

  return {
    leadId: `digest-${day}`,
    // One per day: a copy sent again after a crash is recognisable as the same digest.
    messageId: `<digest-${day}@${input.messageIdDomain}>`,
    from: addresses.from,
    to: addresses.to,
    subject,
    text: renderText(parts),
    html: renderHtml(parts),
    date: new Date(input.now),
    headers: { 'X-Digest-Day': day },
  };
}

/** What the digest says, as both its text and its HTML show it. */
interface DigestParts {
  label: string;
  summary: string;
  ignored: string | undefined;
  stats: ReturnType<typeof countLeads>;
  sections: Section[];
  unlisted: number;
  day: string;
  waiting: readonly StoredLead[];
  total: number;
  waitingIntro: string;
}

function renderText(parts: DigestParts): string {
  return [
    `Leads for ${parts.label} (India time)`,
    '',
    parts.summary,
    ...(parts.ignored ? [parts.ignored] : []),
    '',
    ...(parts.stats.total > 0
      ? [
          'By form',
          ...SOURCE_KEYS.filter((key) => parts.stats.bySource[key] > 0).map(
            (key) => `  ${sourceName(key)}: ${parts.stats.bySource[key]}`,
          ),
          '',
        ]
      : []),
    ...parts.sections.flatMap((section) => [
      `${section.title}`,
      ...section.leads.map(
        (lead) =>
          `  ${timeOfDay(lead.receivedAt)}  ${oneLine(lead.name)}  ${displayMobile(lead.mobile)}${detail(lead) ? `  ${detail(lead)}` : ''}${lead.status === 'pending' ? '  (not yet emailed)' : ''}`,
      ),
      '',
    ]),
    ...(parts.unlisted > 0
      ? [
          `…and ${parts.unlisted} more: pnpm leads list --since ${parts.day} --until ${parts.day}`,
          '',
        ]
      : []),
    ...(parts.total > 0
      ? [
          `Not yet emailed (${parts.total})`,
          parts.waitingIntro,
          ...parts.waiting.map(
            (lead) =>
              `  ${formatIndiaTime(lead.receivedAt)}  ${oneLine(lead.name)}  ${displayMobile(lead.mobile)}  ${lead.kind === 'brochure' ? 'brochure request' : 'enquiry'}${detail(lead) ? `, ${detail(lead)}` : ''}  (${waitingNote(lead)})`,
          ),
          '',
        ]
      : ['Every lead has been emailed.', '']),
    'Sent once a day by the Elegant Iconia website (DIGEST_HOUR).',
    '',
  ].join('\n');
}

// Table layout and inline styles, as in the lead email: what phone mail apps render reliably.
function renderHtml(parts: DigestParts): string {
  const e = escapeHtml;
  const cell = 'padding:6px 10px 6px 0;font-size:14px;color:#1d232b;vertical-align:top;';
  const heading = (text: string) =>
    `<h2 style="margin:20px 0 6px;font-size:17px;color:#1d232b;">${e(text)}</h2>`;
  const call = (lead: StoredLead) =>
    `<a href="${e(telHref(lead.mobile))}" style="color:#1f6f43;white-space:nowrap;">${e(displayMobile(lead.mobile))}</a>`;
  const table = (rows: string[]) =>
    `<table role="presentation" cellpadding="0" cellspacing="0" style="border-collapse:collapse;width:100%;">${rows.join('')}</table>`;

  const bySource = SOURCE_KEYS.filter((key) => parts.stats.bySource[key] > 0).map(
    (key) =>
      `<tr><td style="${cell}">${e(sourceName(key))}</td><td style="${cell}text-align:right;font-weight:bold;">${parts.stats.bySource[key]}</td></tr>`,
  );
  const sections = parts.sections.map(
    (section) =>
      heading(section.title) +
      table(
        section.leads.map(
          (lead) =>
            `<tr><td style="${cell}white-space:nowrap;">${e(timeOfDay(lead.receivedAt))}</td><td style="${cell}">${e(oneLine(lead.name))}</td><td style="${cell}">${call(lead)}</td><td style="${cell}">${e(detail(lead))}${lead.status === 'pending' ? ' <em>(not yet emailed)</em>' : ''}</td></tr>`,
        ),
      ),
  );
  const waiting =
    parts.total > 0
      ? heading(`Not yet emailed (${parts.total})`) +
        `<p style="margin:0 0 8px;font-size:14px;color:#8a3b12;">${e(parts.waitingIntro)}</p>` +
        table(
          parts.waiting.map(
            (lead) =>
              `<tr><td style="${cell}">${e(formatIndiaTime(lead.receivedAt))}</td><td style="${cell}">${e(oneLine(lead.name))}</td><td style="${cell}">${call(lead)}</td><td style="${cell}">${e(`${lead.kind === 'brochure' ? 'Brochure request' : 'Enquiry'}${detail(lead) ? `, ${detail(lead)}` : ''} (${waitingNote(lead)})`)}</td></tr>`,
          ),
        )
      : `<p style="margin:16px 0 0;font-size:14px;color:#1f6f43;">Every lead has been emailed.</p>`;

  return renderEmailPage({
    title: `Leads for ${parts.label}`,
    maxWidth: 640,
    rows: `<tr><td style="padding:20px;">
<p style="margin:0 0 4px;color:#8a6d1f;font-size:13px;font-weight:bold;letter-spacing:0.06em;text-transform:uppercase;">Daily leads</p>
<h1 style="margin:0 0 8px;color:#1d232b;font-size:24px;">${e(parts.label)}</h1>
<p style="margin:0 0 4px;font-size:16px;color:#1d232b;">${e(parts.summary)}</p>
${parts.ignored ? `<p style="margin:0;font-size:14px;color:#5b6470;">${e(parts.ignored)}</p>` : ''}
${bySource.length > 0 ? heading('By form') + table(bySource) : ''}
${sections.join('\n')}
${parts.unlisted > 0 ? `<p style="font-size:14px;color:#5b6470;">${e(`…and ${parts.unlisted} more: pnpm leads list --since ${parts.day} --until ${parts.day}`)}</p>` : ''}
${waiting}
</td></tr>`,
    footer: 'Sent once a day by the Elegant Iconia website.',
  });
}
