import { ECDH } from 'node:crypto';
import type { RequestHandler, Router } from 'express';
import {
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
import { parse } from '../desk/desk-input.ts';
import type { PushStore } from '../store/push-store.ts';
import { isPushService } from './push-services.ts';

export interface PushRouteDeps {
  store: Pick<PushStore, 'subscribe' | 'unsubscribe' | 'isSubscribed'>;
  /** The server's VAPID public key, base64url. */
  publicKey: string;
  /** The origins a device's endpoint may be at (PUSH_SERVICES). */
  services: readonly string[];
  clock: Clock;
  logger: Logger;
  requireSession: RequestHandler;
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

/**
 * Alerts on a phone (docs/desk-api.md): the key a browser subscribes with, and each device's
 * subscription, stored for the signed-in person and removed by them.
 */
export function registerPushRoutes(router: Router, deps: PushRouteDeps): void {
  const { store, clock, logger, requireSession } = deps;

  router.get('/push/key', requireSession, (_req, res) => {
    const answer: PushKeyAnswer = { publicKey: deps.publicKey };
    res.json(answer);
  });

  router.post('/push/subscriptions', requireSession, (req, res) => {
    const subscription = parse(pushSubscriptionSchema, req.body);
    if (!isPushService(subscription.endpoint, deps.services)) {
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
  });

  // A POST rather than a GET: the endpoint is a capability URL, kept out of request lines and logs.
  router.post('/push/subscriptions/check', requireSession, (req, res) => {
    const { endpoint } = parse(pushSubscriptionCheckSchema, req.body);
    const answer: PushSubscriptionCheckAnswer = {
      stored: store.isSubscribed(endpoint, currentUser(res).id),
    };
    res.json(answer);
  });

  router.delete('/push/subscriptions', requireSession, (req, res) => {
    const { endpoint } = parse(pushUnsubscribeSchema, req.body);
    const user = currentUser(res);
    if (store.unsubscribe(endpoint, user.id)) {
      logger.info({ userId: user.id }, 'push alerts turned off for a device');
    }
    res.status(204).end();
  });
}
