import { BUYER_CHANGES, LEAD_UPDATED, STAGES, type LeadUpdatedEvent } from '@iconia/shared';
import * as v from 'valibot';
import { indiaTimestamp } from '../format/india-day.ts';

/** What the outbox keeps for a `lead.updated` message (`LeadUpdatedPayload`). */
const payloadSchema = v.object({
  ids: v.pipe(v.array(v.string()), v.minLength(1)),
  buyerId: v.pipe(v.number(), v.integer()),
  stage: v.picklist(STAGES),
  owner: v.nullable(v.object({ id: v.pipe(v.number(), v.integer()), name: v.string() })),
  changed: v.pipe(v.array(v.picklist(BUYER_CHANGES)), v.minLength(1)),
  at: v.pipe(v.number(), v.integer()),
});

/**
 * Pure: a stored `lead.updated` payload in, the event out; undefined when the payload is not one
 * (a row written by hand), so it is given up rather than posted half-formed.
 */
export function leadUpdatedEvent(payload: unknown): LeadUpdatedEvent | undefined {
  const parsed = v.safeParse(payloadSchema, payload);
  if (!parsed.success) return undefined;
  const { ids, buyerId, stage, owner, changed, at } = parsed.output;
  return {
    type: LEAD_UPDATED,
    timestamp: new Date(at).toISOString(),
    data: {
      leadIds: ids,
      buyerId,
      stage,
      owner: owner === null ? null : { id: owner.id, name: owner.name },
      changed,
      updatedAt: indiaTimestamp(at),
    },
  };
}
