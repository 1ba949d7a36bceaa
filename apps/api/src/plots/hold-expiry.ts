import type Database from 'better-sqlite3';
import { createOutboxStatements } from '../store/outbox-store.ts';

/** The outbox channel and kind of a hold's expiry: a row due when the hold runs out. */
export const PLOTS_CHANNEL = 'plots';
export const HOLD_EXPIRY_KIND = 'plot.hold-expiry';

/** What a hold's expiry message carries: the hold, and the expiry it was queued for. */
export interface HoldExpiryPayload {
  holdId: number;
  expiresAt: number;
}

/**
 * Queues a hold's expiry, due when it runs out, once per hold and expiry: a hold moved to a
 * later expiry gets a new message, and the one queued for the old expiry finds it moved.
 */
export type QueueHoldExpiry = (holdId: number, expiresAt: number) => void;

export function createHoldExpiryQueue(db: Database.Database): QueueHoldExpiry {
  const outbox = createOutboxStatements(db);
  return (holdId, expiresAt) => {
    const payload: HoldExpiryPayload = { holdId, expiresAt };
    outbox.queueOnce({
      messageId: `plot-hold-expiry:${holdId}:${expiresAt}`,
      channel: PLOTS_CHANNEL,
      kind: HOLD_EXPIRY_KIND,
      payload,
      dueAt: expiresAt,
    });
  };
}
