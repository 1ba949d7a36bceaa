import {
  HELD_LIST_LIMIT,
  heldLeadsAnswerSchema,
  heldReleaseAnswerSchema,
  heldReleaseSchema,
  type HeldLeadsAnswer,
} from '@iconia/shared';
import type { Clock } from '../clock.ts';
import { currentUser } from '../desk/auth.ts';
import { DeskError } from '../desk/desk-error.ts';
import type { BuyerStore } from '../buyers/index.ts';
import { toLeadRow } from '../buyers/index.ts';
import { routeFor } from '../desk/route.ts';
import type { HeldRelease } from './held-release.ts';

const HOUR_MS = 3_600_000;

export interface HeldRouteDeps {
  store: BuyerStore;
  release: HeldRelease;
  clock: Clock;
}

const route = routeFor<HeldRouteDeps>();

/** The managers' held leads (docs/desk-api.md): the list, and releasing them. */
export const heldRoutes = [
  route({
    method: 'get',
    path: '/held',
    summary: 'The leads held over the per-address limit',
    who: 'manager',
    description:
      'Lead by lead (a buyer may have several), newest first, erased ones aside; with how many are held and how many of them came in during the last hour.',
    answer: { status: 200, description: 'The held leads.', json: heldLeadsAnswerSchema },
    handle: (_input, { store, clock }): HeldLeadsAnswer => ({
      leads: store.heldLeads(0, HELD_LIST_LIMIT).map(toLeadRow),
      total: store.heldCount(0),
      lastHour: store.heldCount(clock.now() - HOUR_MS),
    }),
  }),
  route({
    method: 'post',
    path: '/held/release',
    summary: 'Release the held leads chosen',
    who: 'manager',
    description:
      'Each lead still held is written on its buyer’s timeline with the manager’s name, then goes out as a new lead would: the sales email and each CRM endpoint’s lead.created are queued due now, and the buyer is routed (to their owner, or the next person on duty). Ids not held any more are listed in `notHeld`; when none is held, 409. The same as `pnpm leads release`.',
    body: heldReleaseSchema,
    answer: { status: 200, description: 'What was released.', json: heldReleaseAnswerSchema },
    errors: [409],
    handle: ({ body: { leadIds }, res }, { release, clock }) => {
      const answer = release([...new Set(leadIds)], currentUser(res), clock.now());
      if (answer.released.length === 0) {
        throw new DeskError(
          409,
          leadIds.length === 1
            ? 'This lead is not held: it was released already, or erased.'
            : 'None of these leads is held: they were released already, or erased.',
        );
      }
      return answer;
    },
  }),
  route({
    method: 'post',
    path: '/held/release-last-hour',
    summary: 'Release every lead held in the last hour',
    who: 'manager',
    description:
      'Every lead received during the last hour and still held, released as above; none is a 200 with an empty list.',
    answer: { status: 200, description: 'What was released.', json: heldReleaseAnswerSchema },
    handle: ({ res }, { store, release, clock }) => {
      const now = clock.now();
      const ids = store.heldLeads(now - HOUR_MS, Number.MAX_SAFE_INTEGER).map((row) => row.id);
      return release(ids, currentUser(res), now);
    },
  }),
];
