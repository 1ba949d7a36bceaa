import {
  encodeLeadCursor,
  leadPageQuerySchema,
  leadPageSchema,
  todayListsSchema,
  type LeadPage,
  type TodayLists,
} from '@iconia/shared';
import type { Clock } from '../clock.ts';
import { currentUser, sessionToken } from '../desk/auth.ts';
import type { BuyerStore } from './buyer-store.ts';
import { routeFor } from '../desk/route.ts';
import { addDays, indiaDay, indiaDayStart } from '../format/india-day.ts';
import { toLeadRow } from './lead-json.ts';
import { leadFilterOf } from './lead-filter.ts';
import type { LiveEvents } from './live-events.ts';

const DAY_MS = 86_400_000;
const UNCONTACTED_DAYS = 30;

export interface InboxRouteDeps {
  store: BuyerStore;
  clock: Clock;
  events: LiveEvents;
}

const route = routeFor<InboxRouteDeps>();

/** The inbox a page at a time, the live updates that keep it current, and Today's lists. */
export const inboxRoutes = [
  route({
    method: 'get',
    path: '/leads',
    summary: 'The inbox: leads, newest first, a page at a time',
    who: 'signed in',
    description: 'Spam is left out unless `spam=1`.',
    query: leadPageQuerySchema,
    answer: { status: 200, description: 'A page of leads.', json: leadPageSchema },
    handle: ({ res, query }, { store, clock }): LeadPage => {
      const filter = leadFilterOf(query, currentUser(res), clock.now());
      const { limit, cursor } = query;
      const rows = store.listLeads(filter, limit + 1, cursor);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        leads: page.map(toLeadRow),
        nextCursor:
          rows.length > limit && last
            ? encodeLeadCursor({ receivedAt: last.received_at, id: last.id })
            : null,
      };
    },
  }),
  route({
    method: 'get',
    path: '/events',
    summary: 'Live updates',
    who: 'signed in',
    description:
      'Server-sent events: `lead` (a LeadRow), `lead-changed` (`{"id": 12}`), `whatsapp` (a WhatsApp message stored or its status moved: `{"id": 12, "buyerId": 3}`, the buyer’s latest lead), `signed-out` and `replaced` (the same session opened a fifth stream or the same person a ninth: this, their oldest, closes). 429 when 200 streams are open in all; see docs/desk-api.md.',
    answer: {
      status: 200,
      description: 'The stream; it stays open.',
      content: { 'text/event-stream': { schema: { type: 'string' } } },
    },
    errors: [429],
    handle: ({ req, res }, { events }) => {
      events.add(res, { token: sessionToken(req) ?? '', userId: currentUser(res).id });
    },
  }),
  route({
    method: 'get',
    path: '/today',
    summary: 'Overdue, due today and uncontacted leads of the person',
    who: 'signed in',
    answer: { status: 200, description: 'The three lists.', json: todayListsSchema },
    handle: ({ res }, { store, clock }): TodayLists => {
      const now = clock.now();
      const endOfToday = indiaDayStart(addDays(indiaDay(now), 1));
      const lists = store.today(
        currentUser(res).id,
        now,
        endOfToday,
        now - UNCONTACTED_DAYS * DAY_MS,
      );
      return {
        overdue: lists.overdue.map(toLeadRow),
        dueToday: lists.dueToday.map(toLeadRow),
        uncontacted: lists.uncontacted.map(toLeadRow),
      };
    },
  }),
];
