import { CAMPAIGN_FIELDS, localMobile, VISIT_FIELDS } from '@iconia/shared';
import { indiaTimestamp } from './india-day.ts';
import { leadState } from './lead-stats.ts';
import type { ListedLead } from '../store/lead-queries.ts';
import type { LeadAnswers } from '../store/lead-types.ts';
import { toCsv } from './csv.ts';

/**
 * The fixed columns of an export, in order; JSON objects carry the same keys. After them the CSV
 * has one column per question of the leads' own forms (an advert's, a partner's), which JSON
 * carries as one `answers` object.
 */
export const EXPORT_FIELDS = [
  'id',
  'receivedAt',
  'kind',
  'status',
  'name',
  'mobile',
  'problems',
  'email',
  'plotRange',
  'location',
  'message',
  'origin',
  'source',
  'page',
  ...CAMPAIGN_FIELDS,
  ...VISIT_FIELDS,
  'consentNotice',
  'attempts',
  'lastError',
  'sentAt',
  'duplicateOf',
  'messageId',
] as const;

export type ExportField = (typeof EXPORT_FIELDS)[number];
export type ExportRecord = Record<ExportField, string | number | null> & {
  /** The answers to the lead's own form, question by question; null when it had none. */
  answers: LeadAnswers | null;
};

/** A lead's problems in one cell: "Number not valid: 12345; No name". */
const PROBLEM_SEPARATOR = '; ';

/** One lead as the export shows it: every field present, null when the lead has none. */
export function toExportRecord(lead: ListedLead): ExportRecord {
  const { attribution } = lead;
  return {
    id: lead.publicId,
    receivedAt: indiaTimestamp(lead.receivedAt),
    kind: lead.kind,
    status: leadState(lead),
    name: lead.name,
    mobile: localMobile(lead.mobile),
    problems: lead.problems?.length ? lead.problems.join(PROBLEM_SEPARATOR) : null,
    email: lead.email ?? null,
    plotRange: lead.plotRange ?? null,
    location: lead.location ?? null,
    message: lead.message ?? null,
    origin: lead.origin,
    source: attribution.source ?? null,
    page: attribution.page ?? null,
    ...(Object.fromEntries(
      [...CAMPAIGN_FIELDS, ...VISIT_FIELDS].map((field) => [field, attribution[field] ?? null]),
    ) as Record<(typeof CAMPAIGN_FIELDS)[number] | (typeof VISIT_FIELDS)[number], string | null>),
    consentNotice: lead.consentNotice ?? null,
    attempts: lead.attempts,
    lastError: lead.lastError ?? null,
    sentAt: lead.sentAt === undefined ? null : indiaTimestamp(lead.sentAt),
    duplicateOf: lead.duplicateOfPublicId ?? null,
    messageId: lead.messageId,
    answers: lead.answers && Object.keys(lead.answers).length > 0 ? lead.answers : null,
  };
}

/**
 * Every question the leads' own forms asked, once, in the order the questions first came in: the
 * oldest lead's in its form's order, then any new one of a later lead.
 */
export function answerQuestions(
  leads: readonly Pick<ListedLead, 'receivedAt' | 'answers'>[],
): string[] {
  const questions = new Set<string>();
  for (const lead of [...leads].sort((a, b) => a.receivedAt - b.receivedAt)) {
    for (const question of Object.keys(lead.answers ?? {})) questions.add(question);
  }
  return [...questions];
}

/** Columns a reader adds after the lead's own (the desk's work on the buyer, their notes). */
export interface ExtraColumns<Lead> {
  names: readonly string[];
  cells(lead: Lead): ReadonlyArray<string | number | null>;
}

export function exportJson(leads: readonly ListedLead[]): string {
  return `${JSON.stringify(leads.map(toExportRecord), null, 2)}\n`;
}

/** The fixed columns, one per question the leads' forms asked, then `extra`'s. */
export function exportCsv<Lead extends ListedLead>(
  leads: readonly Lead[],
  extra?: ExtraColumns<Lead>,
): string {
  const questions = answerQuestions(leads);
  return toCsv(
    [...EXPORT_FIELDS, ...questions, ...(extra?.names ?? [])],
    leads.map((lead) => {
      const record = toExportRecord(lead);
      return [
        ...EXPORT_FIELDS.map((field) => record[field]),
        ...questions.map((question) => record.answers?.[question] ?? null),
        ...(extra?.cells(lead) ?? []),
      ];
    }),
  );
}
