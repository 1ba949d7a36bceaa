import { LEAD_ERASED, type LeadErasedEvent } from '@iconia/shared';
import * as v from 'valibot';
import { indiaTimestamp } from '../format/india-day.ts';

/** What the outbox keeps for a `lead.erased` message: the leads' ids and when they were erased. */
const payloadSchema = v.object({
  ids: v.pipe(v.array(v.string()), v.minLength(1)),
  erasedAt: v.pipe(v.number(), v.integer()),
});

/**
 * Pure: a stored `lead.erased` payload in, the event out; undefined when the payload is not one
 * (a row written by hand), so it is given up rather than posted half-formed.
 */
export function leadErasedEvent(payload: unknown): LeadErasedEvent | undefined {
  const parsed = v.safeParse(payloadSchema, payload);
  if (!parsed.success) return undefined;
  const { ids, erasedAt } = parsed.output;
  return {
    type: LEAD_ERASED,
    timestamp: new Date(erasedAt).toISOString(),
    data: { ids, erasedAt: indiaTimestamp(erasedAt) },
  };
}
