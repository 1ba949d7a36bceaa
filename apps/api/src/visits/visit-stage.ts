import { STAGE_LABELS, STAGE_RANK, type Stage } from '@iconia/shared';
import type { VisitStatusValue } from '../store/visit-schema.ts';
import type { BuyerWorkRow } from './buyer-work-queries.ts';
import type { VisitContext } from './visit-context.ts';

const ACTIVE: readonly VisitStatusValue[] = ['scheduled', 'arrived'];

export type VisitEvent = 'booked' | 'moved' | 'cancelled' | 'arrived' | 'no_show' | 'done';

/**
 * The stage the buyer's visit records give, after `event`. Booked (a plot) is beyond any visit
 * and stays. A buyer marked Lost comes back when a visit is booked or done, not when one is
 * cancelled or missed. With no visit left to come or done, a stage the visits had set falls back
 * to Contacted: someone spoke to the buyer to book it.
 */
export function stageFromVisits(
  current: Stage,
  statuses: readonly VisitStatusValue[],
  event: VisitEvent,
): Stage {
  if (current === 'booked') return current;
  if (current === 'lost' && event !== 'booked' && event !== 'done') return current;
  if (statuses.includes('done')) return 'visit_done';
  if (statuses.some((status) => ACTIVE.includes(status))) return 'visit_scheduled';
  return current === 'visit_scheduled' || current === 'visit_done' ? 'contacted' : current;
}

/** Moves the buyer's stage to what their visits say, on the timeline and to the CRM. */
export function followStage(
  { store, outbox, deps }: VisitContext,
  visit: { buyerId: number; leadId: number },
  actorId: number,
  event: VisitEvent,
  now: number,
): void {
  const { buyerId, leadId } = visit;
  const work = store.buyerWork(buyerId);
  if (!work) return;
  const stage = stageFromVisits(work.stage as Stage, store.statusesOfBuyer(buyerId), event);
  if (stage === work.stage) return;
  const next: BuyerWorkRow = {
    ...work,
    stage,
    lost_reason: null,
    furthest_stage:
      stage === 'lost' ? work.furthest_stage : Math.max(work.furthest_stage, STAGE_RANK[stage]),
    ...(work.first_contact_at === null ? { first_contact_at: now, first_contact_by: actorId } : {}),
  };
  store.saveBuyerWork(next);
  deps.onStageChanged?.(buyerId, now);
  store.addEvent(leadId, now, {
    type: 'stage',
    actorId,
    text: `Stage changed from ${STAGE_LABELS[work.stage as Stage]} to ${STAGE_LABELS[stage]}`,
  });
  outbox.announceBuyerUpdate(
    {
      buyerId,
      stage,
      owner:
        work.owner_id !== null && work.owner_name !== null
          ? { id: work.owner_id, name: work.owner_name }
          : null,
      changed: ['stage'],
      at: now,
    },
    deps.webhookChannels,
  );
}
