import * as v from 'valibot';
import type { Clock } from '../clock.ts';
import { UnsendableMessageError, type OutboxChannel } from '../outbox/outbox-channel.ts';
import { ROUTING_DUE_KIND } from './assign-buyer.ts';
import { MANAGER_SUMMARY_DUE_KIND } from './manager-alerts.ts';
import { ROUTING_CHANNEL } from './routing-messages.ts';
import type { Routing } from './routing.ts';

const duePayloadSchema = v.object({ assignmentId: v.pipe(v.number(), v.integer()) });
const summaryPayloadSchema = v.object({ windowAt: v.pipe(v.number(), v.integer()) });

/**
 * Routing's due steps leave the outbox here: "sending" one is performing the step in one
 * transaction, a due reassignment or the managers' summary of a window that closed. `onQueued`
 * is told when the step queued emails, so they go out at once.
 */
export function createRoutingChannel(
  routing: Pick<Routing, 'runDue' | 'sendSummary'>,
  clock: Clock,
  onQueued: () => void,
): OutboxChannel {
  return {
    name: ROUTING_CHANNEL,
    messages: {
      sent: 'routing step done',
      failed: 'routing step failed; it will be tried again',
      dead: 'routing step given up',
      backlog: 'routing steps are overdue',
    },
    send(delivery) {
      if (delivery.kind === MANAGER_SUMMARY_DUE_KIND) {
        const payload = v.safeParse(summaryPayloadSchema, delivery.payload);
        if (!payload.success) {
          return Promise.reject(new UnsendableMessageError(ROUTING_CHANNEL, delivery.kind));
        }
        const sent = routing.sendSummary(payload.output, clock.now());
        if (sent) onQueued();
        return Promise.resolve({
          outcome: sent ? 'summary-sent' : 'nothing-to-do',
          windowAt: payload.output.windowAt,
        });
      }
      const payload = v.safeParse(duePayloadSchema, delivery.payload);
      if (delivery.kind !== ROUTING_DUE_KIND || !payload.success) {
        return Promise.reject(new UnsendableMessageError(ROUTING_CHANNEL, delivery.kind));
      }
      const outcome = routing.runDue(payload.output, clock.now());
      if (outcome !== 'nothing-to-do') onQueued();
      return Promise.resolve({ outcome, assignmentId: payload.output.assignmentId });
    },
  };
}
