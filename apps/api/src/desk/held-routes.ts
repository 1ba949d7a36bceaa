import type { RequestHandler, Router } from 'express';
import {
  HELD_LIST_LIMIT,
  heldReleaseSchema,
  type HeldLeadsAnswer,
  type HeldReleaseAnswer,
} from '@iconia/shared';
import type { Clock } from '../clock.ts';
import type { Logger } from '../logger.ts';
import { releaseHeldLead } from '../routing/release-held-lead.ts';
import type { Routing } from '../routing/routing.ts';
import type { LeadMessageRoute, LeadStore } from '../store/lead-store.ts';
import { currentUser } from './auth.ts';
import { DeskError } from './desk-error.ts';
import { parse } from './desk-input.ts';
import type { DeskStore, InboxRow } from './desk-store.ts';
import type { DeskUser } from './desk-types.ts';
import { toLeadRow } from './lead-json.ts';

const HOUR_MS = 3_600_000;

/** The buyer's timeline entry; the entry names the manager who released it. */
export const RELEASED_TEXT = 'Released from hold; sent to sales and routed as a new lead';

export interface HeldRouteDeps {
  store: DeskStore;
  /** The lead store on the desk's connection: a release puts the lead's messages in its outbox. */
  leads: LeadStore;
  routing: Pick<Routing, 'leadReleased'>;
  /** What a new lead sends besides the sales email: each CRM endpoint's lead.created. */
  leadRoutes: readonly LeadMessageRoute[];
  clock: Clock;
  logger: Logger;
  requireSession: RequestHandler;
  requireManager: RequestHandler;
  /** Called once a release queued emails (the sales email, the agent's), so they go out at once. */
  onEmailQueued?: (() => void) | undefined;
  /** Called once a release queued messages for the CRM endpoints. */
  onQueued?: (() => void) | undefined;
}

const isReleasable = (row: InboxRow | undefined): row is InboxRow =>
  row !== undefined && row.status === 'held' && row.erased_at === null;

/**
 * The managers' held leads (docs/desk-api.md): the list, and releasing the leads chosen or all
 * those of the last hour, through the same use case as `pnpm leads release`.
 */
export function registerHeldRoutes(router: Router, deps: HeldRouteDeps): void {
  const { store, leads, clock, logger, requireSession, requireManager } = deps;

  // One write transaction for the whole choice: a lead is checked as held and released at once,
  // so two managers releasing together cannot release one lead twice.
  const releaseAll = leads.db.transaction(
    (candidates: readonly (InboxRow | undefined)[], user: DeskUser, now: number): number[] =>
      candidates.filter(isReleasable).flatMap((row) => {
        store.addEvent(row.id, now, { type: 'released', actorId: user.id, text: RELEASED_TEXT });
        const released = releaseHeldLead(
          leads,
          deps.routing,
          { publicId: row.public_id },
          now,
          deps.leadRoutes,
        );
        return released ? [row.id] : [];
      }),
  );

  const release = (ids: readonly number[], user: DeskUser, now: number): HeldReleaseAnswer => {
    const released = releaseAll.immediate(
      ids.map((id) => store.leadById(id)),
      user,
      now,
    );
    if (released.length > 0) {
      logger.info({ userId: user.id, released: released.length }, 'held leads released');
      deps.onEmailQueued?.();
      deps.onQueued?.();
    }
    return {
      released: released.flatMap((id) => {
        const row = store.leadById(id);
        return row ? [toLeadRow(row)] : [];
      }),
      notHeld: ids.filter((id) => !released.includes(id)),
    };
  };

  router.get('/held', requireSession, requireManager, (_req, res) => {
    const lastHourSince = clock.now() - HOUR_MS;
    const answer: HeldLeadsAnswer = {
      leads: store.heldLeads(0, HELD_LIST_LIMIT).map(toLeadRow),
      total: store.heldCount(0),
      lastHour: store.heldCount(lastHourSince),
    };
    res.json(answer);
  });

  router.post('/held/release', requireSession, requireManager, (req, res) => {
    const { leadIds } = parse(heldReleaseSchema, req.body);
    const answer = release([...new Set(leadIds)], currentUser(res), clock.now());
    if (answer.released.length === 0) {
      throw new DeskError(
        409,
        leadIds.length === 1
          ? 'This lead is not held: it was released already, or erased.'
          : 'None of these leads is held: they were released already, or erased.',
      );
    }
    res.json(answer);
  });

  router.post('/held/release-last-hour', requireSession, requireManager, (_req, res) => {
    const now = clock.now();
    const ids = store.heldLeads(now - HOUR_MS, Number.MAX_SAFE_INTEGER).map((row) => row.id);
    res.json(release(ids, currentUser(res), now));
  });
}
