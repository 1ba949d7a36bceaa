/**
 * Alerts on the desk's phones (Web Push): the server's VAPID keys, each person's devices and the
 * routes that turn a device's alerts on and off, the alerts queued on their devices (through
 * `createPushStore`'s `queueToUser` and `queueToManagers`, in the transaction of the change they
 * tell of) and the outbox channel that encrypts and sends them. The tables' schema is
 * `store/push-schema.ts`; the origins a device may be at are read by config (`config/push-config.ts`).
 */
export { createPushChannel, PUSH_WORKER } from './push-channel.ts';
export { pushRoutes, type PushRouteDeps } from './push-routes.ts';
export { createPushStore, type PushStore, type VapidKeys } from './push-store.ts';
export { ensureVapidKeys } from './vapid-keys.ts';
