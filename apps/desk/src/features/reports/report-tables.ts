import { formatOrigin, isLeadOrigin } from '@iconia/shared';
import { FORM_LABELS, STAGE_LABELS } from '../../lib/labels.ts';
import { FORMS, STAGES, type Form, type Report } from '../../lib/types.ts';
import { indiaDay } from '../../lib/format.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The last `days` calendar days in India, oldest first, ending today. */
export function lastDays(days: number, now: number = Date.now()): string[] {
  return Array.from({ length: days }, (_, index) => indiaDay(now - (days - 1 - index) * DAY_MS));
}

export interface PerDayTable {
  days: string[];
  forms: Form[];
  /** counts[dayIndex][formIndex]; days without leads count zero. */
  counts: number[][];
  totals: number[];
}

/** Leads per day by form over the whole period, with the days that had none. */
export function perDayTable(perDay: Report['perDay'], days: string[]): PerDayTable {
  const forms = [...FORMS];
  const counts = days.map(() => forms.map(() => 0));
  const dayIndex = new Map(days.map((day, index) => [day, index]));
  for (const { day, form, count } of perDay) {
    const row = dayIndex.get(day);
    const column = form ? forms.indexOf(form) : -1;
    if (row === undefined || column < 0) continue;
    counts[row]![column]! += count;
  }
  return { days, forms, counts, totals: counts.map((row) => row.reduce((a, b) => a + b, 0)) };
}

/** Every stage in pipeline order, zero where the report has none. */
export function funnelRows(funnel: Report['funnel']): { label: string; count: number }[] {
  return STAGES.map((stage) => ({
    label: STAGE_LABELS[stage],
    count: funnel.find((row) => row.stage === stage)?.count ?? 0,
  }));
}

export function campaignLabel(row: Report['byCampaign'][number]): string {
  const campaign =
    !row.utmSource && !row.utmCampaign
      ? 'No campaign (direct or organic)'
      : [row.utmSource ?? 'no source', row.utmCampaign ?? 'no campaign name'].join(' / ');
  // The site's own leads keep their plain label; another origin names itself first.
  return row.origin === 'site' || !isLeadOrigin(row.origin)
    ? campaign
    : `${formatOrigin(row.origin)}: ${campaign}`;
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
