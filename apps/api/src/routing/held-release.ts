import type { HeldReleaseAnswer } from '@iconia/shared';
import type { Logger } from '../logger.ts';
import type { BuyerStore, InboxRow } from '../buyers/index.ts';
import type { DeskUser } from '../desk/desk-types.ts';
import { toLeadRow } from '../buyers/index.ts';
import type { LeadMessageRoute, LeadStore } from '../store/lead-store.ts';
import { releaseHeldLead } from './release-held-lead.ts';
import type { Routing } from './routing.ts';

/** The buyer's timeline entry; the entry names the manager who released it. */
export const RELEASED_TEXT = 'Released from hold; sent to sales and routed as a new lead';

export interface HeldReleaseDeps {
  store: BuyerStore;
  /** The lead store on the desk's connection: a release puts the lead's messages in its outbox. */
  leads: LeadStore;
  routing: Pick<Routing, 'leadReleased'>;
  /** What a new lead sends besides the sales email: each CRM endpoint's lead.created. */
  leadRoutes: readonly LeadMessageRoute[];
  logger: Logger;
  /** Called once a release queued messages (the sales email, the agent's, the CRM's). */
  onQueued: () => void;
}

export type HeldRelease = (
  ids: readonly number[],
  user: DeskUser,
  now: number,
) => HeldReleaseAnswer;

const isReleasable = (row: InboxRow | undefined): row is InboxRow =>
  row !== undefined && row.status === 'held' && row.erased_at === null;

/**
 * Releasing held leads chosen by a manager, through the same use case as `pnpm leads release`:
 * each goes out as a new lead would, its release on the buyer's timeline.
 */
export function createHeldRelease(deps: HeldReleaseDeps): HeldRelease {
  const { store, leads, logger } = deps;
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

  return (ids, user, now) => {
    const released = releaseAll.immediate(
      ids.map((id) => store.leadById(id)),
      user,
      now,
    );
    if (released.length > 0) {
      logger.info({ userId: user.id, released: released.length }, 'held leads released');
      deps.onQueued();
    }
    return {
      released: released.flatMap((id) => {
        const row = store.leadById(id);
        return row ? [toLeadRow(row)] : [];
      }),
      notHeld: ids.filter((id) => !released.includes(id)),
    };
  };
}
