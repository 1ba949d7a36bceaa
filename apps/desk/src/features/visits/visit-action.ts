import {
  ARRIVALS,
  formatSlotTime,
  formatVisitDate,
  type Arrival,
  type Visit,
  type VisitAvailability,
} from '@iconia/shared';
import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router';
import { ApiError, attempt, type ActionResult } from '../../lib/api.ts';
import { textField } from '../../lib/form-fields.ts';
import { visitRequests } from './visit-requests.ts';

export type VisitIntent = 'book' | 'reschedule' | 'cancel' | 'check-in' | 'outcome';

export interface VisitActionResult extends ActionResult {
  intent: VisitIntent;
  /** The visit the form was about; a new booking's own id. */
  visitId?: number;
}

/** Input the desk checks before asking the API, answered like the API's own 400. */
const missing = (message: string) => new ApiError(400, message);

const isArrival = (value: string): value is Arrival =>
  (ARRIVALS as readonly string[]).includes(value);

const when = (visit: Visit) => `${formatVisitDate(visit.date)} at ${formatSlotTime(visit.time)}`;

/** The day and slot a booking or reschedule form picked. */
function slotOf(form: FormData): { date: string; time: string } {
  const date = textField(form, 'date');
  if (!date) throw missing('Pick the day of the visit.');
  const time = textField(form, 'time');
  if (!time) throw missing('Pick a time slot.');
  return { date, time };
}

/**
 * Every change to a visit, from the buyer page and the Visits screen alike: one intent per
 * form, each form naming its visit (or, to book, its lead).
 */
export async function visitAction({ request }: ActionFunctionArgs): Promise<VisitActionResult> {
  const form = await request.formData();
  const intent = textField(form, 'intent') as VisitIntent;
  const visitId = textField(form, 'visitId');
  let changed: Visit | undefined;

  const result = await attempt(async () => {
    switch (intent) {
      case 'book': {
        const people = Number(textField(form, 'people'));
        ({ visit: changed } = await visitRequests.book(textField(form, 'leadId'), {
          ...slotOf(form),
          people: Number.isInteger(people) ? people : 0,
          pickup: form.get('pickup') !== null,
          notes: textField(form, 'notes'),
        }));
        return `Visit booked for ${when(changed)}.`;
      }
      case 'reschedule':
        ({ visit: changed } = await visitRequests.reschedule(visitId, slotOf(form)));
        return `Visit moved to ${when(changed)}.`;
      case 'cancel':
        ({ visit: changed } = await visitRequests.cancel(visitId, {
          reason: textField(form, 'reason'),
        }));
        return `The visit of ${when(changed)} is cancelled.`;
      case 'check-in': {
        const arrival = textField(form, 'arrival');
        if (!isArrival(arrival)) throw new Error(`Unknown arrival ${arrival}`);
        ({ visit: changed } = await visitRequests.checkIn(visitId, { arrival }));
        return arrival === 'arrived'
          ? `${changed.name} checked in.`
          : `${changed.name} marked as not come.`;
      }
      case 'outcome': {
        const outcome = textField(form, 'outcome');
        if (!outcome) throw missing('Write what came of the visit.');
        ({ visit: changed } = await visitRequests.outcome(visitId, { outcome }));
        return `The visit of ${changed.name} is done.`;
      }
      default:
        throw new Error(`Unknown visit action ${String(intent)}`);
    }
  });
  const id = changed?.id ?? (visitId ? Number(visitId) : undefined);
  return id === undefined ? { ...result, intent } : { ...result, intent, visitId: id };
}

export type AvailabilityData = VisitAvailability | { error: string };

/**
 * A day's slots with what is left in each, for the booking and reschedule forms; a refusal is
 * the form's message, not the page's error.
 */
export async function availabilityLoader({
  request,
}: LoaderFunctionArgs): Promise<AvailabilityData> {
  const date = new URL(request.url).searchParams.get('date') ?? '';
  try {
    return await visitRequests.availability(date, request.signal);
  } catch (error) {
    if (error instanceof ApiError) return { error: error.message };
    throw error;
  }
}
