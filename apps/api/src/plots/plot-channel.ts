import * as v from 'valibot';
import type { Clock } from '../clock.ts';
import { UnsendableMessageError, type OutboxChannel } from '../outbox/outbox-channel.ts';
import type { PlotInventory } from './plot-inventory.ts';
import { HOLD_EXPIRY_KIND, PLOTS_CHANNEL } from './hold-expiry.ts';

const holdExpirySchema = v.object({
  holdId: v.pipe(v.number(), v.integer()),
  expiresAt: v.pipe(v.number(), v.integer()),
});

/** Poll often enough that an expired hold frees its plot within a minute. */
export const PLOTS_WORKER = { leaseMs: 60_000, pollIntervalMs: 15_000 } as const;

/**
 * The plot inventory's due work, as outbox rows: a hold's expiry is queued with the hold (and
 * again with each extension), due when it runs out, and performed here in one transaction.
 */
export function createPlotsChannel(inventory: PlotInventory, clock: Clock): OutboxChannel {
  return {
    name: PLOTS_CHANNEL,
    messages: {
      sent: 'plot hold expiry checked',
      failed: 'plot hold expiry failed; retrying',
      dead: 'plot hold expiry given up',
      backlog: 'plot hold expiries are waiting too long',
    },
    send(delivery) {
      const payload = v.safeParse(holdExpirySchema, delivery.payload);
      if (delivery.kind !== HOLD_EXPIRY_KIND || !payload.success) {
        return Promise.reject(new UnsendableMessageError(PLOTS_CHANNEL, delivery.kind));
      }
      const freed = inventory.expire(payload.output, clock.now());
      return Promise.resolve({ holdId: payload.output.holdId, freed });
    },
  };
}
