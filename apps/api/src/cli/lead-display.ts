import { mobileOrProblem } from '@iconia/shared';
import { SOURCE_LABELS, formatIndiaTime } from '../format/lead-format.ts';
import type { SourceKey } from '../format/lead-stats.ts';
import type { StoredLead } from '../store/lead-store.ts';

/** The short id the list shows; `resend` takes it (or any longer start of the id). */
export function shortId(publicId: string): string {
  return publicId.slice(0, 8);
}

export function sourceLabel(source: SourceKey): string {
  return source === 'unknown' ? 'Not recorded' : SOURCE_LABELS[source];
}

/** Plot range of a brochure request, location of an enquiry. */
export function leadDetail(lead: StoredLead): string {
  return lead.kind === 'brochure' ? (lead.plotRange ?? '') : (lead.location ?? '');
}

/** "21 Nov 2026, 3:45 pm" — the table says once that times are India time. */
export function tableTime(epochMs: number): string {
  return formatIndiaTime(epochMs).replace(/ IST$/, '');
}

/** Erased by the desk: no name, no number, and nothing said about a number it never had. */
export function isErased(lead: Pick<StoredLead, 'mobile' | 'problems'>): boolean {
  return lead.mobile === '' && !lead.problems?.length;
}

export { formatIndiaTime, mobileOrProblem };
