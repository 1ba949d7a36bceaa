import type { LeadView } from '@iconia/shared';
import type { BuyerStore } from './buyer-store.ts';
import { indiaTimestamp } from '../format/india-day.ts';
import { timeline, toLeadDetail } from './lead-json.ts';
import { findLead } from './lead-work.ts';

/** Routing's response clock, as a lead's page shows it: when the owner must answer by. */
export interface ResponseClock {
  /** The running clock of the buyer's assignment; undefined when none runs. */
  responseTarget(
    buyerId: number,
    now: number,
  ): { dueAt: number; workingMinutesLeft: number } | undefined;
}

/** How long routing gives the buyer's owner to answer, when a clock is running. */
function responseTargetOf(
  routing: ResponseClock,
  buyerId: number,
  now: number,
): LeadView['responseTarget'] {
  const target = routing.responseTarget(buyerId, now);
  return target
    ? { dueAt: indiaTimestamp(target.dueAt), workingMinutesLeft: target.workingMinutesLeft }
    : null;
}

/**
 * A lead's page: the lead, every enquiry of its buyer, their timeline and the response target.
 * Any enquiry's id opens its buyer (the emails link to each lead's own id).
 */
export function leadView(
  store: BuyerStore,
  routing: ResponseClock,
  id: number,
  now: number,
): LeadView {
  const lead = findLead(store, id);
  const listed = store.enquiriesOf(lead.buyer_id);
  // A spam lead is no enquiry of its buyer's, but opened by its id it is shown with them.
  const enquiries = listed.some((row) => row.id === lead.id)
    ? listed
    : [...listed, lead].sort((a, b) => a.received_at - b.received_at || a.id - b.id);
  return {
    lead: toLeadDetail(lead, store.webhookDeliveries(id)),
    enquiries: enquiries.map((row) => toLeadDetail(row, store.webhookDeliveries(row.id))),
    timeline: timeline(enquiries, store.eventsOf(lead.buyer_id)),
    responseTarget: responseTargetOf(routing, lead.buyer_id, now),
  };
}
