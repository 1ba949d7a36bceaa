import webPush from 'web-push';
import type { PushStore, VapidKeys } from './push-store.ts';

/**
 * The database's VAPID key pair, made on its first start. Browsers subscribe with the public
 * key, so the pair must outlive restarts and move with the data: a new pair would silently
 * strand every device that turned alerts on.
 */
export function ensureVapidKeys(
  store: Pick<PushStore, 'keys' | 'keepKeys'>,
  now: number,
): VapidKeys {
  return store.keys() ?? store.keepKeys(webPush.generateVAPIDKeys(), now);
}
