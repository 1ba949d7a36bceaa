import { CAMPAIGN_FIELDS, localMobile, VISIT_FIELDS } from '@iconia/shared';
import { indiaTimestamp } from './india-day.ts';
import { leadState } from './lead-stats.ts';
import type { ListedLead } from '../store/lead-queries.ts';
import { toCsv } from './csv.ts';

/** Every column of an export, in order; JSON objects carry the same keys. */
export const EXPORT_FIELDS = [
  'id',
  'receivedAt',
  'kind',
  'status',
  'name',
  'mobile',
  'plotRange',
  'location',
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
export type ExportRecord = Record<ExportField, string | number | null>;

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
    plotRange: lead.plotRange ?? null,
    location: lead.location ?? null,
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
  };
}

export function exportJson(leads: readonly ListedLead[]): string {
  return `${JSON.stringify(leads.map(toExportRecord), null, 2)}\n`;
}

export function exportCsv(leads: readonly ListedLead[]): string {
  return toCsv(
    EXPORT_FIELDS,
    leads.map((lead) => {
      const record = toExportRecord(lead);
      return EXPORT_FIELDS.map((field) => record[field]);
    }),
  );
}
