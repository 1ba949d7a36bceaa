import type { Request } from 'express';
import type { BuyerStore } from '../buyers/index.ts';
import type { LeadFilter } from '../desk/desk-types.ts';
import { toLead } from '../store/lead-types.ts';
import type { ExportRow } from './export-queries.ts';
import { indiaTimestamp } from '../format/india-day.ts';
import { exportCsv } from '../format/lead-export.ts';

/** The export's filters as the log keeps them: the kind of search, never its text. */
export function exportLogFilters(req: Request, filter: LeadFilter): string {
  const params = new URLSearchParams(req.query as Record<string, string>);
  if (!params.has('q')) return params.toString();
  params.delete('q');
  const kind =
    filter.mobilePart !== undefined ? 'mobile' : filter.namePart !== undefined ? 'name' : undefined;
  if (kind !== undefined) params.set('search', kind);
  return params.toString();
}

const DESK_EXPORT_FIELDS = [
  'stage',
  'owner',
  'followUpAt',
  'lostReason',
  'firstContactAt',
] as const;

/** A buyer's notes in one CSV cell: one a line, each with when and who wrote it. */
function notesCell(notes: readonly { at: number; actor_name: string | null; detail: string }[]) {
  return notes
    .map((note) => `${indiaTimestamp(note.at)} ${note.actor_name ?? 'Someone'}: ${note.detail}`)
    .join('\n');
}

/** Each buyer's notes cell, read once however many of their enquiries the export holds. */
export function buyerNotes(store: Pick<BuyerStore, 'notesOfBuyer'>): (buyerId: number) => string {
  const cells = new Map<number, string>();
  return (buyerId) => {
    const cell = cells.get(buyerId) ?? notesCell(store.notesOfBuyer(buyerId));
    cells.set(buyerId, cell);
    return cell;
  };
}

/** The export's columns for each lead, then the desk's work on its buyer (and their notes). */
export function csvOf(rows: readonly ExportRow[], notesOf?: (buyerId: number) => string): string {
  const leads = rows.map((row) => ({
    ...toLead(row),
    ...(row.original_public_id !== null ? { duplicateOfPublicId: row.original_public_id } : {}),
    row,
  }));
  return exportCsv(leads, {
    names: [...DESK_EXPORT_FIELDS, ...(notesOf ? ['notes'] : [])],
    cells: ({ row }) => [
      row.stage ?? 'new',
      row.owner_name,
      row.follow_up_at === null ? null : indiaTimestamp(row.follow_up_at),
      row.lost_reason,
      row.first_contact_at === null ? null : indiaTimestamp(row.first_contact_at),
      ...(notesOf ? [row.buyer_id === null ? null : notesOf(row.buyer_id)] : []),
    ],
  });
}
