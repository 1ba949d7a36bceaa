import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router';
import { api, ApiError, attempt, type ActionResult } from '../../lib/api.ts';
import { textField } from '../../lib/form-fields.ts';
import { fromDateTimeLocal } from '../../lib/format.ts';
import {
  CONTACT_CHANNELS,
  STAGES,
  type BuyerMergeAnswer,
  type BuyerMergeBody,
  type BuyerPlotsAnswer,
  type ContactChannel,
  type EntryAnswer,
  type LeadAnswer,
  type LeadChangeBody,
  type LeadView,
  type NoteBody,
  type PeopleAnswer,
  type Person,
  type Plot,
  type Stage,
} from '../../lib/types.ts';

export interface LeadData extends LeadView {
  people: Person[];
  /** The plots held, awaiting approval or booked for the buyer. */
  plots: Plot[];
}

export async function leadLoader({ params, request }: LoaderFunctionArgs): Promise<LeadData> {
  const [view, people, plots] = await Promise.all([
    api<LeadView>(`/leads/${params.id}`, { signal: request.signal }),
    api<PeopleAnswer>('/users?short=1', { signal: request.signal }),
    api<BuyerPlotsAnswer>(`/leads/${params.id}/plots`, { signal: request.signal }),
  ]);
  return { ...view, people: people.users, plots: plots.plots };
}

export type LeadIntent = 'stage' | 'follow-up' | 'owner' | 'note' | 'contact' | 'merge';

export interface LeadActionResult extends ActionResult {
  intent: LeadIntent;
}

/** Input the desk checks before asking the API, answered like the API's own 400. */
const missing = (message: string) => new ApiError(400, message);

const isStage = (value: string): value is Stage => (STAGES as readonly string[]).includes(value);
const isChannel = (value: string): value is ContactChannel =>
  (CONTACT_CHANNELS as readonly string[]).includes(value);

/** Every change to a lead, one intent per form on the page. */
export async function leadAction({
  params,
  request,
}: ActionFunctionArgs): Promise<LeadActionResult> {
  const form = await request.formData();
  const intent = textField(form, 'intent') as LeadIntent;
  const path = `/leads/${params.id}`;
  const patch = (body: LeadChangeBody) => api<LeadAnswer>(path, { method: 'PATCH', body });

  const result = await attempt(async () => {
    switch (intent) {
      case 'stage': {
        const stage = textField(form, 'stage');
        if (!isStage(stage)) throw new Error(`Unknown stage ${stage}`);
        const lostReason = textField(form, 'lostReason');
        if (stage === 'lost' && !lostReason) throw missing('Say why the lead was lost.');
        await patch(stage === 'lost' ? { stage, lostReason } : { stage });
        return 'Stage saved.';
      }
      case 'follow-up': {
        if (form.get('clear') !== null) {
          await patch({ followUpAt: null });
          return 'Follow-up cleared.';
        }
        const followUpAt = fromDateTimeLocal(textField(form, 'followUpAt'));
        if (!followUpAt) throw missing('Pick a date and time for the follow-up.');
        await patch({ followUpAt });
        return 'Follow-up saved.';
      }
      case 'owner': {
        const owner = textField(form, 'ownerId');
        await patch({ ownerId: owner ? Number(owner) : null });
        return owner ? 'Owner saved.' : 'The lead is unassigned now.';
      }
      case 'note': {
        const text = textField(form, 'text');
        if (!text) throw missing('Write the note first.');
        await api<EntryAnswer>(`${path}/notes`, {
          method: 'POST',
          body: { text } satisfies NoteBody,
        });
        return 'Note added.';
      }
      case 'contact': {
        const channel = textField(form, 'channel');
        if (!isChannel(channel)) throw new Error(`Unknown contact channel ${channel}`);
        await api<EntryAnswer>(`${path}/contacts`, { method: 'POST', body: { channel } });
        return 'Contact recorded.';
      }
      case 'merge': {
        // The buyer chosen joins the buyer of this page, whose lead ids all stay theirs.
        const buyerId = textField(form, 'buyerId');
        if (!buyerId) throw missing('Choose the buyer to merge first.');
        const { lead } = await api<BuyerMergeAnswer>(`/buyers/${buyerId}/merge`, {
          method: 'POST',
          body: { into: Number(textField(form, 'into')) } satisfies BuyerMergeBody,
        });
        return `Merged: this buyer now has ${lead.enquiries === 1 ? '1 enquiry' : `${lead.enquiries} enquiries`}.`;
      }
      default:
        throw new Error(`Unknown lead action ${String(intent)}`);
    }
  });
  return { ...result, intent };
}
