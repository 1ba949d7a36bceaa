import { formatOrigin, isLeadOrigin } from '@iconia/shared';
import { FORM_LABELS, SITE_WITHOUT_FORM, STAGE_LABELS } from '../../lib/labels.ts';
import { FORMS, STAGES, type Report } from '../../lib/types.ts';
import { indiaDay } from '../../lib/format.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The last `days` calendar days in India, oldest first, ending today. */
export function lastDays(days: number, now: number = Date.now()): string[] {
  return Array.from({ length: days }, (_, index) => indiaDay(now - (days - 1 - index) * DAY_MS));
}

/** A column of the per-day table: one of the site's forms, or an origin for the other leads. */
export interface Channel {
  key: string;
  label: string;
}

function channelOf(row: Report['perDay'][number]): Channel {
  if (row.form) return { key: row.form, label: FORM_LABELS[row.form] };
  if (row.origin === 'site') return { key: 'site', label: SITE_WITHOUT_FORM };
  return {
    key: row.origin,
    label: isLeadOrigin(row.origin) ? formatOrigin(row.origin) : row.origin,
  };
}

export interface PerDayTable {
  days: string[];
  /** The forms in the site's order, then the other origins by name; only those with leads. */
  channels: Channel[];
  /** counts[dayIndex][channelIndex]; days without leads count zero. */
  counts: number[][];
  totals: number[];
  /** Every lead of the period as the server counted it: the same buyers as the funnel. */
  total: number;
}

/**
 * Leads per day by form over the whole period, with the days that had none. A lead that named
 * no form (an ad, a partner, a script) counts under its origin, so no lead is left out.
 */
export function perDayTable(perDay: Report['perDay'], days: string[]): PerDayTable {
  const found = new Map<string, Channel>();
  for (const row of perDay) {
    const channel = channelOf(row);
    found.set(channel.key, channel);
  }
  const formOrder = (key: string) => {
    const index = (FORMS as readonly string[]).indexOf(key);
    return index < 0 ? FORMS.length : index;
  };
  const channels = [...found.values()].sort(
    (a, b) => formOrder(a.key) - formOrder(b.key) || a.label.localeCompare(b.label),
  );
  const column = new Map(channels.map((channel, index) => [channel.key, index]));
  const counts = days.map(() => channels.map(() => 0));
  const dayIndex = new Map(days.map((day, index) => [day, index]));
  for (const row of perDay) {
    const at = dayIndex.get(row.day);
    const index = column.get(channelOf(row).key);
    if (at === undefined || index === undefined) continue;
    counts[at]![index]! += row.count;
  }
  const totals = counts.map((row) => row.reduce((a, b) => a + b, 0));
  return { days, channels, counts, totals, total: perDay.reduce((sum, row) => sum + row.count, 0) };
}

/** Every stage in pipeline order, zero where the report has none. */
export function funnelRows(funnel: Report['funnel']): { label: string; count: number }[] {
  return STAGES.map((stage) => ({
    label: STAGE_LABELS[stage],
    count: funnel.find((row) => row.stage === stage)?.count ?? 0,
  }));
}

export function campaignLabel(
  row: Pick<Report['visitsByCampaign'][number], 'origin' | 'utmSource' | 'utmCampaign'>,
): string {
  if (row.origin === null) return NO_ENQUIRY_KEPT;
  const campaign =
    !row.utmSource && !row.utmCampaign
      ? 'No campaign (direct or organic)'
      : [row.utmSource ?? 'no source', row.utmCampaign ?? 'no campaign name'].join(' / ');
  // The site's own leads keep their plain label; another origin names itself first.
  return row.origin === 'site' || !isLeadOrigin(row.origin)
    ? campaign
    : `${formatOrigin(row.origin)}: ${campaign}`;
}

/** A buyer whose enquiries retention has all removed: their visits stay counted. */
export const NO_ENQUIRY_KEPT = 'Enquiry no longer kept';

/** Where a buyer's first enquiry came from, as the reports name it. */
export function originLabel(origin: string | null): string {
  if (origin === null) return NO_ENQUIRY_KEPT;
  return isLeadOrigin(origin) ? formatOrigin(origin) : origin;
}

type ResponseReport = Report['response'];
export type ResponseFigures = Omit<ResponseReport['byOrigin'][number], 'origin'>;

export interface ResponseTable {
  id: 'agent' | 'origin' | 'form';
  title: string;
  /** What the first column names. */
  heading: string;
  rows: { label: string; figures: ResponseFigures }[];
}

/** Speed to lead per agent, per origin and per form, each row under a reader's label. */
export function responseTables(response: ResponseReport): ResponseTable[] {
  return [
    {
      id: 'agent',
      title: 'By person',
      heading: 'Person',
      rows: response.byAgent.map(({ user, ...figures }) => ({ label: user.name, figures })),
    },
    {
      id: 'origin',
      title: 'By origin',
      heading: 'Origin',
      rows: response.byOrigin.map(({ origin, ...figures }) => ({
        label: isLeadOrigin(origin) ? formatOrigin(origin) : origin,
        figures,
      })),
    },
    {
      id: 'form',
      title: 'By form',
      heading: 'Form',
      rows: response.bySource.map(({ source, ...figures }) => ({
        label: source ? FORM_LABELS[source] : 'Other channels (ads, partners)',
        figures,
      })),
    },
  ];
}

/** Splits a name into lines of at most `width` characters at spaces (a longer word keeps its own line). */
export function wrapLabel(label: string, width: number): string[] {
  const lines: string[] = [];
  for (const word of label.split(' ')) {
    const last = lines.at(-1);
    if (last !== undefined && last.length + 1 + word.length <= width) {
      lines[lines.length - 1] = `${last} ${word}`;
    } else lines.push(word);
  }
  return lines;
}
