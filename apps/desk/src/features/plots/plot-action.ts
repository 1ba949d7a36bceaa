import type { ActionFunctionArgs } from 'react-router';
import { api, ApiError, attempt, type ActionResult } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format.ts';
import { textField } from '../../lib/form-fields.ts';
import {
  FACINGS,
  type PlotAnswer,
  type PlotCancelBookingBody,
  type PlotEditBody,
  type PlotExtendBody,
  type PlotHoldBody,
  type PlotRefusalBody,
} from '../../lib/types.ts';

const INTENTS = [
  'hold',
  'release',
  'extend',
  'request',
  'approve',
  'refuse',
  'cancel',
  'edit',
] as const;
export type PlotIntent = (typeof INTENTS)[number];

export interface PlotActionResult extends ActionResult {
  intent: PlotIntent;
}

/** Input the desk checks before asking the API, answered like the API's own 400. */
const invalid = (message: string) => new ApiError(400, message);

/** What a manager typed for a price: whole rupees, or nothing. */
function rupeesField(form: FormData, name: string): number | null {
  const text = textField(form, name).replace(/[,\s₹]/g, '');
  if (!text) return null;
  if (!/^\d{1,13}$/.test(text)) throw invalid('Write prices in whole rupees, digits only.');
  return Number(text);
}

function editBody(form: FormData): PlotEditBody {
  const size = textField(form, 'sizeSqYd');
  if (!/^\d{1,6}(\.\d{1,2})?$/.test(size)) {
    throw invalid('Write the size in square yards, for example 240 or 240.5.');
  }
  const facing = FACINGS.find((value) => value === textField(form, 'facing'));
  if (!facing) throw invalid('Choose the facing.');
  return {
    phase: textField(form, 'phase'),
    sizeSqYd: Number(size),
    facing,
    corner: textField(form, 'corner') === '1',
    price: rupeesField(form, 'price'),
    ratePerSqYd: rupeesField(form, 'ratePerSqYd'),
  };
}

/** Every change to a plot, one intent per form on the page. */
export async function action({ params, request }: ActionFunctionArgs): Promise<PlotActionResult> {
  const form = await request.formData();
  const intent = INTENTS.find((value) => value === textField(form, 'intent'));
  if (!intent) throw new Error(`Unknown plot action ${textField(form, 'intent')}`);
  const path = `/plots/${params.id}`;
  const post = (suffix: string, body?: unknown) =>
    api<PlotAnswer>(`${path}${suffix}`, { method: 'POST', body });

  const result = await attempt(async () => {
    switch (intent) {
      case 'hold': {
        const body: PlotHoldBody = { leadId: Number(textField(form, 'leadId')) };
        const { plot } = await post('/hold', body);
        return `Held until ${formatDateTime(plot.hold?.expiresAt ?? plot.updatedAt)}.`;
      }
      case 'release':
        await api<PlotAnswer>(`${path}/hold`, { method: 'DELETE' });
        return 'The hold is released; the plot is available.';
      case 'extend': {
        const body: PlotExtendBody = { hours: Number(textField(form, 'hours')) };
        const { plot } = await post('/hold/extend', body);
        return `Held until ${formatDateTime(plot.hold?.expiresAt ?? plot.updatedAt)}.`;
      }
      case 'request':
        await post('/booking');
        return 'Booking requested; a manager approves or refuses it.';
      case 'approve':
        await post('/booking/approve');
        return 'Booking approved; the buyer is Booked.';
      case 'refuse': {
        const reason = textField(form, 'reason');
        if (!reason) throw invalid('Say why the booking is refused.');
        await post('/booking/refuse', { reason } satisfies PlotRefusalBody);
        return 'Booking refused; the plot stays held for the buyer.';
      }
      case 'cancel': {
        const reason = textField(form, 'reason');
        if (!reason) throw invalid('Say why the booking is cancelled.');
        await post('/booking/cancel', { reason } satisfies PlotCancelBookingBody);
        return 'Booking cancelled; the plot is available.';
      }
      case 'edit':
        await api<PlotAnswer>(path, { method: 'PATCH', body: editBody(form) });
        return 'Plot saved.';
    }
  });
  return { ...result, intent };
}
