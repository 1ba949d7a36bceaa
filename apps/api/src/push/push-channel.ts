import * as v from 'valibot';
import webPush from 'web-push';
import type { Clock } from '../clock.ts';
import { UnsendableMessageError, type OutboxChannel } from '../outbox/outbox-channel.ts';
import { retryDelay } from '../outbox/retry-delay.ts';
import { PUSH_CHANNEL, PUSH_KIND } from '../store/push-schema.ts';
import type { VisitLookup } from '../store/visit-schema.ts';
import {
  managerSummaryNotification,
  pushNotificationOf,
  visitPushNotification,
} from './push-notification.ts';
import { isPushService } from './push-services.ts';
import { pushMessagePayloadSchema, type PushStore, type VapidKeys } from './push-store.ts';

/**
 * How long a push service keeps an alert for a phone that is off or out of coverage, and how
 * long the outbox tries to hand it over: a buyer's alert is worth little after half a day.
 */
export const PUSH_TTL_SECONDS = 12 * 60 * 60;
/** One push service request; the services answer in well under a second. */
export const PUSH_TIMEOUT_MS = 10_000;
/** The pushes' worker: short retries, as a push is only worth something soon. */
export const PUSH_WORKER = {
  leaseMs: PUSH_TIMEOUT_MS * 6,
  backoff: { baseMs: 5_000, maxMs: 15 * 60_000 },
  concurrency: 4,
};

/** A push service's answer other than 201 (or 404/410, which end the subscription). */
export class PushServiceError extends Error {
  constructor(
    readonly status: number,
    body: string,
  ) {
    super(`the push service answered ${status}${body ? `: ${body.slice(0, 200)}` : ''}`);
    this.name = 'PushServiceError';
  }
}

export interface PushChannelOptions {
  store: Pick<PushStore, 'subscription' | 'forgetDevice'>;
  keys: VapidKeys;
  /** VAPID's contact for the push services: a mailto: or https: URL (VAPID_SUBJECT). */
  subject: string;
  /** The origins alerts may be posted to (PUSH_SERVICES). */
  services: readonly string[];
  clock: Clock;
  timeoutMs?: number;
  /** The visits a reminder is about, read when it goes out (it may have moved or changed hands). */
  visits?: VisitLookup;
}

/**
 * Web Push as an outbox channel: each message is one alert to one device, encrypted for the
 * device's keys (RFC 8291, aes128gcm) and signed with the server's VAPID key by the `web-push`
 * library, then posted to the device's push service. A device the service says is gone (404,
 * 410) is forgotten and the message counts as done.
 */
export function createPushChannel(options: PushChannelOptions): OutboxChannel {
  const { store, keys, subject, clock } = options;
  const timeoutMs = options.timeoutMs ?? PUSH_TIMEOUT_MS;
  const backoff = PUSH_WORKER.backoff;
  return {
    name: PUSH_CHANNEL,
    messages: {
      sent: 'push alert sent',
      failed: 'push alert failed; it will be retried',
      dead: 'push alert given up',
      backlog: 'push alerts are waiting too long',
    },
    async send(delivery) {
      const payload = v.safeParse(pushMessagePayloadSchema, delivery.payload);
      if (delivery.kind !== PUSH_KIND || !payload.success) {
        throw new UnsendableMessageError(PUSH_CHANNEL, delivery.kind);
      }
      const { alert } = payload.output;
      const device = store.subscription(payload.output.subscriptionId);
      // Turned off, signed out everywhere, disabled, or gone since: nothing to send.
      if (!device) return { device: 'no longer subscribed' };
      // Stored before PUSH_SERVICES left its service out: never posted to, and forgotten.
      if (!isPushService(device.endpoint, options.services)) {
        store.forgetDevice(device);
        return { device: 'not at an allowed push service', userId: device.user_id };
      }
      let notification;
      if (alert.kind === 'visit') {
        const visit = options.visits?.byId(alert.visitId);
        // Moved, cancelled or checked in since (its pending reminders went in that transaction;
        // this one was claimed that very moment), or the buyer now someone else's: not sent.
        if (visit?.status !== 'scheduled' || visit.revision !== alert.revision) {
          return { visit: 'no longer due', userId: device.user_id };
        }
        if ((visit.owner_id ?? visit.booked_by) !== device.user_id) {
          return { visit: 'no longer theirs', userId: device.user_id };
        }
        notification = visitPushNotification(visit, alert.which);
      } else if (alert.kind === 'summary') {
        notification = managerSummaryNotification(alert);
      } else if (delivery.lead) {
        notification = pushNotificationOf(delivery.lead, alert);
      } else {
        throw new UnsendableMessageError(PUSH_CHANNEL, delivery.kind);
      }
      const request = webPush.generateRequestDetails(
        { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
        JSON.stringify(notification),
        {
          vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
          contentEncoding: 'aes128gcm',
          TTL: PUSH_TTL_SECONDS,
          urgency: 'high',
          // An alert not yet delivered to the phone is replaced by a newer one for the buyer.
          topic: notification.tag,
        },
      );
      const response = await fetch(request.endpoint, {
        method: request.method,
        headers: request.headers as Record<string, string>,
        body: request.body && new Uint8Array(request.body),
        redirect: 'error',
        signal: AbortSignal.timeout(timeoutMs),
      });
      const text = await response.text().catch(() => '');
      if (response.status === 404 || response.status === 410) {
        store.forgetDevice(device);
        return { device: 'gone', status: response.status, userId: device.user_id };
      }
      if (!response.ok) throw new PushServiceError(response.status, text);
      return { status: response.status, userId: device.user_id };
    },
    nextAttempt(error, delivery) {
      const now = clock.now();
      // The service refuses this message itself (bad key, too big, wrong VAPID): no retry helps.
      if (
        error instanceof PushServiceError &&
        error.status >= 400 &&
        error.status < 500 &&
        error.status !== 408 &&
        error.status !== 429
      ) {
        return 'dead';
      }
      if (now - delivery.queuedAt > PUSH_TTL_SECONDS * 1000) return 'dead';
      return now + retryDelay(delivery.attempts, backoff);
    },
  };
}
