import type { Visit, VisitSlot, Weekday } from '@iconia/shared';
import { indiaTimestamp } from '../format/india-day.ts';
import type { VisitRow } from '../store/visit-schema.ts';
import type { SlotRow } from './slot-queries.ts';

function person(id: number | null, name: string | null) {
  return id !== null && name !== null ? { id, name } : null;
}

/** A visit as docs/desk-api.md gives it (`visitSchema` in packages/shared). */
export function toVisitJson(row: VisitRow): Visit {
  const checkedInBy = person(row.checked_in_by, row.checked_in_by_name);
  return {
    id: row.id,
    leadId: row.lead_id,
    buyerId: row.buyer_id,
    name: row.name,
    mobile: row.mobile,
    owner: person(row.owner_id, row.owner_name),
    date: row.day,
    time: row.time,
    startsAt: indiaTimestamp(row.starts_at),
    people: row.people,
    pickup: row.pickup === 1,
    notes: row.notes,
    status: row.status,
    booked: { at: indiaTimestamp(row.booked_at), by: person(row.booked_by, row.booked_by_name) },
    checkIn:
      row.checked_in_at !== null &&
      checkedInBy !== null &&
      (row.status === 'arrived' || row.status === 'no_show' || row.status === 'done')
        ? {
            arrival: row.status === 'no_show' ? 'no_show' : 'arrived',
            at: indiaTimestamp(row.checked_in_at),
            by: checkedInBy,
          }
        : null,
    outcome:
      row.outcome_at !== null
        ? {
            text: row.outcome ?? '',
            at: indiaTimestamp(row.outcome_at),
            by: person(row.outcome_by, row.outcome_by_name),
          }
        : null,
    cancelled:
      row.cancelled_at !== null
        ? {
            reason: row.cancel_reason ?? '',
            at: indiaTimestamp(row.cancelled_at),
            by: person(row.cancelled_by, row.cancelled_by_name),
          }
        : null,
  };
}

export function toSlotJson(row: SlotRow): VisitSlot {
  return { weekday: row.weekday as Weekday, time: row.time, capacity: row.capacity };
}
