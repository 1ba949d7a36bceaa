/**
 * Buyers: the desk's work on a buyer. The inbox and its filters, a lead's page (every enquiry of
 * its buyer, their timeline), the work on them (stage, follow-up, owner, notes, calls and
 * WhatsApp messages, and who may do it), Today's lists, the live events that keep each desk
 * current, and merging two buyers. It owns the desk's side of `buyers` and `lead_events`, and
 * reads the inbox from `leads` and the outbox's deliveries.
 */
import type { DeskRoute } from '../desk/route.ts';
import { buyerMergeRoutes, type BuyerMergeRouteDeps } from './buyer-merge-routes.ts';
import { inboxRoutes, type InboxRouteDeps } from './inbox-routes.ts';
import { leadPageRoutes, type LeadPageRouteDeps } from './lead-page-routes.ts';

export type BuyerRouteDeps = InboxRouteDeps & LeadPageRouteDeps & BuyerMergeRouteDeps;

export const buyerRoutes: readonly DeskRoute<BuyerRouteDeps>[] = [
  ...inboxRoutes,
  ...leadPageRoutes,
  ...buyerMergeRoutes,
];

export {
  createBuyerMerge,
  type BuyerMerge,
  type BuyerMergeOptions,
  type BuyerMergeStep,
} from './buyer-merge.ts';
export {
  createInboxQueries,
  perLeadQueryOf,
  preparedOnce,
  type InboxRow,
} from './inbox-queries.ts';
export type { BuyerStore } from './buyer-store.ts';
export { leadFilterOf } from './lead-filter.ts';
export { timeline, toLeadDetail, toLeadRow, toTimelineEntry } from './lead-json.ts';
export type { ResponseClock } from './lead-view.ts';
export {
  addNote,
  assertMayWork,
  BOOKED_BY_HAND,
  bookedPlotRefusal,
  changeLead,
  CONTACT_TEXT,
  findLead,
  NEW_WORK,
  recordContact,
  recordOwnerMessage,
  type LeadChange,
  type RoutingOfWork,
} from './lead-work.ts';
export {
  createLiveEvents,
  MAX_STREAMS,
  MAX_STREAMS_PER_SESSION,
  MAX_STREAMS_PER_USER,
  POLL_INTERVAL_MS,
  type LiveChanges,
  type LiveEvents,
} from './live-events.ts';
export {
  createTimelineQueries,
  type DeliveryRow,
  type DeliveryStatus,
  type EventRow,
  type NewEvent,
  type TimelineQueries,
} from './timeline-queries.ts';
export { createWorkQueries, type WorkChange, type WorkRow } from './work-queries.ts';
