import type Database from 'better-sqlite3';
import * as v from 'valibot';
import { createOutboxStatements, type OutboxStatements } from '../store/outbox-store.ts';
import { PUSH_CHANNEL, PUSH_KIND } from '../store/push-schema.ts';
import { MANAGER_ALERT_EVENTS } from '../store/routing-alert-payloads.ts';

/**
 * What a push message carries beside its lead: the device, and the alert it tells of. Staff
 * names only; the buyer's first name and request are read from the lead (a visit's reminder:
 * from the visit) when it is sent.
 */
const count = v.pipe(v.number(), v.integer(), v.minValue(0));

export const pushMessagePayloadSchema = v.object({
  subscriptionId: v.pipe(v.number(), v.integer()),
  alert: v.variant('kind', [
    v.object({ kind: v.literal('assigned'), returning: v.boolean() }),
    v.object({
      kind: v.literal('manager'),
      event: v.picklist(MANAGER_ALERT_EVENTS),
      missedBy: v.string(),
      nowWith: v.string(),
      targetMinutes: v.number(),
    }),
    // The managers' summary of what waits for them (routing/manager-alerts.ts): counts only.
    v.object({
      kind: v.literal('summary'),
      moved: count,
      notCalled: count,
      overdue: count,
      held: count,
      bookings: count,
    }),
    // A buyer's WhatsApp message waiting unanswered for `minutes` working minutes.
    v.object({ kind: v.literal('whatsapp'), minutes: v.number() }),
    // A site visit's reminder: the visit and the plan it was queued for, read again when sent.
    v.object({
      kind: v.literal('visit'),
      visitId: v.pipe(v.number(), v.integer()),
      revision: v.pipe(v.number(), v.integer()),
      which: v.picklist(['day_before', 'two_hours']),
    }),
  ]),
});
export type PushMessagePayload = v.InferOutput<typeof pushMessagePayloadSchema>;
export type PushAlert = PushMessagePayload['alert'];

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export interface PushSubscriptionRow {
  id: number;
  user_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  expires_at: number | null;
  created_at: number;
}

export interface NewPushSubscription {
  userId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  expiresAt: number | null;
  at: number;
}

/** The alert to queue on every device of some people, once per `alertId` and device. */
export interface PushToQueue {
  /** Unique per alert (`agent-alert-<assignment id>`): a step run twice queues nothing more. */
  alertId: string;
  /** The buyer's enquiry the alert is made from; none for a visit's (made from the visit). */
  leadId?: number;
  alert: PushAlert;
  dueAt: number;
}

/** Queues the alert once on each device, a message per device; answers how many were new. */
function queueTo(
  outbox: Pick<OutboxStatements, 'queueOnce'>,
  devices: ReadonlyArray<{ id: number }>,
  push: PushToQueue,
): number {
  let queued = 0;
  for (const device of devices) {
    const payload: PushMessagePayload = { subscriptionId: device.id, alert: push.alert };
    const fresh = outbox.queueOnce({
      messageId: `push:${push.alertId}:${device.id}`,
      channel: PUSH_CHANNEL,
      kind: PUSH_KIND,
      leadId: push.leadId,
      payload,
      dueAt: push.dueAt,
    });
    if (fresh) queued += 1;
  }
  return queued;
}

export function createPushStore(db: Database.Database) {
  const outbox = createOutboxStatements(db);
  const keys = db.prepare<[], { public_key: string; private_key: string }>(
    `SELECT public_key, private_key FROM push_keys WHERE id = 1`,
  );
  // Two servers starting on one new file both make a pair; the first one written is kept.
  const insertKeys = db.prepare<[string, string, number]>(
    `INSERT INTO push_keys (id, public_key, private_key, created_at) VALUES (1, ?, ?, ?)
     ON CONFLICT (id) DO NOTHING`,
  );
  const byEndpoint = db.prepare<[string], PushSubscriptionRow>(
    `SELECT * FROM push_subscriptions WHERE endpoint = ?`,
  );
  const byId = db.prepare<[number], PushSubscriptionRow>(
    `SELECT * FROM push_subscriptions WHERE id = ?`,
  );
  // A device another person had turned alerts on for is this person's now: only one of them
  // is signed in there.
  const upsert = db.prepare<NewPushSubscription>(`
    INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, expires_at, created_at)
    VALUES (@userId, @endpoint, @p256dh, @auth, @expiresAt, @at)
    ON CONFLICT (endpoint) DO UPDATE SET user_id = excluded.user_id, p256dh = excluded.p256dh,
      auth = excluded.auth, expires_at = excluded.expires_at`);
  const ownByEndpoint = db.prepare<[string, number], { id: number }>(
    `SELECT id FROM push_subscriptions WHERE endpoint = ? AND user_id = ?`,
  );
  const deleteOwn = db.prepare<[string, number]>(
    `DELETE FROM push_subscriptions WHERE endpoint = ? AND user_id = ?`,
  );
  const deleteById = db.prepare<[number, string]>(
    `DELETE FROM push_subscriptions WHERE id = ? AND endpoint = ?`,
  );
  const deleteOfUser = db.prepare<[number]>(`DELETE FROM push_subscriptions WHERE user_id = ?`);
  const countOfUser = db.prepare<[number], { count: number }>(
    `SELECT count(*) AS count FROM push_subscriptions WHERE user_id = ?`,
  );
  const devicesOfUser = db.prepare<[number], { id: number }>(
    `SELECT s.id FROM push_subscriptions s JOIN desk_users u ON u.id = s.user_id
     WHERE s.user_id = ? AND u.disabled_at IS NULL ORDER BY s.id`,
  );
  const devicesOfManagers = db.prepare<[], { id: number }>(
    `SELECT s.id FROM push_subscriptions s JOIN desk_users u ON u.id = s.user_id
     WHERE u.role = 'manager' AND u.disabled_at IS NULL ORDER BY s.id`,
  );

  return {
    /** The key pair, or undefined before the first start made one. */
    keys(): VapidKeys | undefined {
      const row = keys.get();
      return row && { publicKey: row.public_key, privateKey: row.private_key };
    },
    /** Stores `made` unless a pair is stored already; answers the pair that is. */
    keepKeys(made: VapidKeys, at: number): VapidKeys {
      insertKeys.run(made.publicKey, made.privateKey, at);
      const row = keys.get();
      if (!row) throw new Error('the VAPID keys could not be stored');
      return { publicKey: row.public_key, privateKey: row.private_key };
    },
    subscription: (id: number): PushSubscriptionRow | undefined => byId.get(id),
    /** Stores the device for the person; `created` is false when it was theirs already. */
    subscribe(subscription: NewPushSubscription): { created: boolean; devices: number } {
      return db.transaction(() => {
        const before = byEndpoint.get(subscription.endpoint);
        upsert.run(subscription);
        return {
          created: before?.user_id !== subscription.userId,
          devices: countOfUser.get(subscription.userId)?.count ?? 0,
        };
      })();
    },
    /** Whether the person's alerts still go to this device. */
    isSubscribed: (endpoint: string, userId: number): boolean =>
      ownByEndpoint.get(endpoint, userId) !== undefined,
    /** The person's own device stops getting alerts; false when it was not theirs. */
    unsubscribe: (endpoint: string, userId: number): boolean =>
      deleteOwn.run(endpoint, userId).changes > 0,
    /** The push service said the device is gone (404 or 410). */
    forgetDevice: (subscription: Pick<PushSubscriptionRow, 'id' | 'endpoint'>): boolean =>
      deleteById.run(subscription.id, subscription.endpoint).changes > 0,
    /** Every device of the person stops getting alerts (signed out everywhere). */
    forgetUser: (userId: number): number => deleteOfUser.run(userId).changes,
    /** Queues the alert on each device of the person; run in the transaction of the alert. */
    queueToUser: (userId: number, push: PushToQueue): number =>
      queueTo(outbox, devicesOfUser.all(userId), push),
    /** Queues the alert on each device of every active manager. */
    queueToManagers: (push: PushToQueue): number => queueTo(outbox, devicesOfManagers.all(), push),
  };
}

export type PushStore = ReturnType<typeof createPushStore>;
