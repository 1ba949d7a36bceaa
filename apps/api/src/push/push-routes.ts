import { ECDH } from 'node:crypto';
import {
  pushKeyAnswerSchema,
  pushSubscriptionAnswerSchema,
  pushSubscriptionCheckAnswerSchema,
  pushSubscriptionCheckSchema,
  pushSubscriptionSchema,
  pushUnsubscribeSchema,
  type PushKeyAnswer,
  type PushSubscriptionAnswer,
  type PushSubscriptionCheckAnswer,
} from '@iconia/shared';
import type { Clock } from '../clock.ts';
import type { Logger } from '../logger.ts';
import { currentUser } from '../desk/auth.ts';
import { DeskError } from '../desk/desk-error.ts';
import { routeFor } from '../desk/route.ts';
import { isPushService } from './push-services.ts';
import type { PushStore } from './push-store.ts';

export interface PushRouteDeps {
  store: Pick<PushStore, 'subscribe' | 'unsubscribe' | 'isSubscribed'>;
  /** The server's VAPID public key, base64url. */
  publicKey: string;
  /** The origins a device's endpoint may be at (PUSH_SERVICES). */
  services: readonly string[];
  clock: Clock;
  logger: Logger;
}

/** A browser's key must be a point on P-256, or every push to it would fail to encrypt. */
function isP256PublicKey(base64url: string): boolean {
  try {
    ECDH.convertKey(Buffer.from(base64url, 'base64url'), 'prime256v1');
    return true;
  } catch {
    return false;
  }
}

const route = routeFor<PushRouteDeps>();

/**
 * Alerts on a phone (docs/desk-api.md): the key a browser subscribes with, and each device's
 * subscription, stored for the signed-in person and removed by them.
 */
export const pushRoutes = [
  route({
    method: 'get',
    path: '/push/key',
    summary: "The server's key for alerts on a phone",
    who: 'signed in',
    description:
      "The VAPID public key (base64url) a browser subscribes to Web Push with (PushManager.subscribe's applicationServerKey). Made on the server's first start and kept with its data.",
    answer: { status: 200, description: 'The key.', json: pushKeyAnswerSchema },
    handle: (_input, { publicKey }): PushKeyAnswer => ({ publicKey }),
  }),
  route({
    method: 'post',
    path: '/push/subscriptions',
    summary: 'Turn alerts on for this device',
    who: 'signed in',
    description:
      "The browser's PushSubscription as its toJSON() writes it. The device then gets a push for each buyer assigned to the person and, for a manager, each reassignment alert; each push is `{ title, body, url, tag }` with the buyer's first name and what they asked for, never a mobile, surname or email. 201 when stored, 200 when this person had stored it already; a device another person had turned alerts on for becomes this person's. The push service's 404 or 410 removes it; so do signing out everywhere and the account being disabled.",
    body: pushSubscriptionSchema,
    answer: {
      status: 201,
      description: 'Stored (200: it was stored already).',
      json: pushSubscriptionAnswerSchema,
    },
    // 201 or 200, chosen by whether the device was this person's already: written here.
    handle: ({ body: subscription, res }, { store, services, clock, logger }) => {
      if (!isPushService(subscription.endpoint, services)) {
        throw new DeskError(
          400,
          '"endpoint" is not at a browser push service this server sends alerts to (PUSH_SERVICES).',
        );
      }
      if (!isP256PublicKey(subscription.keys.p256dh)) {
        throw new DeskError(400, '"keys.p256dh" is not a P-256 public key.');
      }
      const user = currentUser(res);
      const { created, devices } = store.subscribe({
        userId: user.id,
        endpoint: subscription.endpoint,
        p256dh: subscription.keys.p256dh,
        auth: subscription.keys.auth,
        expiresAt: subscription.expirationTime ?? null,
        at: clock.now(),
      });
      // The endpoint is a capability URL: the log names the person and the count, not the URL.
      if (created) logger.info({ userId: user.id, devices }, 'push alerts turned on for a device');
      const answer: PushSubscriptionAnswer = { devices };
      res.status(created ? 201 : 200).json(answer);
    },
  }),
  route({
    method: 'delete',
    path: '/push/subscriptions',
    summary: 'Turn alerts off for this device',
    who: 'signed in',
    description:
      "Removes the person's own subscription with this endpoint; another person's is left alone. 204 either way.",
    body: pushUnsubscribeSchema,
    answer: { status: 204, description: 'The device gets no more alerts.' },
    handle: ({ body: { endpoint }, res }, { store, logger }) => {
      const user = currentUser(res);
      if (store.unsubscribe(endpoint, user.id)) {
        logger.info({ userId: user.id }, 'push alerts turned off for a device');
      }
    },
  }),
  route({
    method: 'post',
    path: '/push/subscriptions/check',
    summary: 'Whether this device still gets alerts',
    who: 'signed in',
    description:
      "Whether the signed-in person's alerts still go to this endpoint. The desk asks when it shows the switch, so a device whose subscription the server dropped (signing out everywhere, a password reset, the push service's 404 or 410) shows alerts off. Another person's device answers false. A POST so the endpoint, a capability URL, stays out of request lines.",
    body: pushSubscriptionCheckSchema,
    answer: {
      status: 200,
      description: 'The answer.',
      json: pushSubscriptionCheckAnswerSchema,
    },
    handle: ({ body: { endpoint }, res }, { store }): PushSubscriptionCheckAnswer => ({
      stored: store.isSubscribed(endpoint, currentUser(res).id),
    }),
  }),
];
