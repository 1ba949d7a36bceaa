import type Database from 'better-sqlite3';
import { isStage, STAGE_RANK, STAGES, type Stage } from '@iconia/shared';
import {
  META_CONVERSIONS_CHANNEL,
  META_STAGE_KIND,
  metaStageMessageId,
  type MetaStagePayload,
} from './outbox-messages.ts';

/** The pipeline's stages up to `stage`, in order from the first: what a buyer there has reached. */
export function stagesReached(stage: Stage): Stage[] {
  if (stage === 'lost') return ['new', 'lost'];
  const rank = STAGE_RANK[stage];
  return STAGES.filter((each) => each !== 'lost' && STAGE_RANK[each] <= rank);
}

/**
 * Queues, for each of the buyer's leads Meta can match (a lead ad's `leadgen_id`, or a site
 * visit's `fbclid`), every stage up to the one reached that was never queued for it, in order.
 * Test and spam leads and erased buyers get nothing. Call in the transaction of the change.
 */
export function createMetaStageQueue(db: Database.Database) {
  const matchable = db.prepare<[number], { id: number; public_id: string }>(`
    SELECT l.id, l.public_id FROM leads l JOIN buyers b ON b.id = l.buyer_id
    WHERE l.buyer_id = ? AND b.erased_at IS NULL AND l.status NOT IN ('test', 'spam')
      AND ((l.origin = 'meta' AND l.external_id IS NOT NULL) OR coalesce(l.fbclid, '') <> '')
    ORDER BY l.received_at, l.id`);
  const insertOnce = db.prepare<{
    messageId: string;
    leadId: number;
    payload: string;
    dueAt: number;
  }>(`
    INSERT INTO deliveries (message_id, lead_id, channel, kind, payload, status, next_attempt_at,
      queued_at)
    VALUES (@messageId, @leadId, '${META_CONVERSIONS_CHANNEL}', '${META_STAGE_KIND}', @payload,
      'pending', @dueAt, @dueAt)
    ON CONFLICT (message_id) DO NOTHING`);

  return (buyerId: number, stage: Stage, at: number): void => {
    for (const lead of matchable.all(buyerId)) {
      for (const reached of stagesReached(stage)) {
        const payload: MetaStagePayload = { stage: reached, at };
        insertOnce.run({
          messageId: metaStageMessageId(lead.public_id, reached),
          leadId: lead.id,
          payload: JSON.stringify(payload),
          dueAt: at,
        });
      }
    }
  };
}

/**
 * For a lead just stored, in its transaction: the stages its buyer has reached (New for a new
 * buyer), queued for the leads Meta can match, so a lead nobody has moved yet is still counted
 * as one that reached New.
 */
export function createMetaArrivalQueue(db: Database.Database) {
  const queue = createMetaStageQueue(db);
  const stageOf = db
    .prepare<[number], string>(`SELECT stage FROM buyers WHERE id = ? AND erased_at IS NULL`)
    .pluck();
  return (buyerId: number, at: number): void => {
    const stage = stageOf.get(buyerId);
    if (stage !== undefined && isStage(stage)) queue(buyerId, stage, at);
  };
}
