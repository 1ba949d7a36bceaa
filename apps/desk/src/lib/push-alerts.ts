import type { PushKeyAnswer, PushSubscriptionCheckAnswer } from '@iconia/shared';
import { api, ApiError } from './api.ts';
import { canUseServiceWorker, registerServiceWorker } from './service-worker.ts';

/*
 * Push alerts on this device: the browser's permission, its push subscription (made with the
 * server's VAPID key) and the server's record of it (docs/desk-api.md, "Alerts on a phone").
 * Each step that can fail says what the person can do about it.
 */

export const ALERTS_MESSAGES = {
  unsupported:
    "This browser cannot show the desk's alerts. On an iPhone or iPad, add the desk to the Home Screen first and turn alerts on there.",
  blocked:
    'Notifications are blocked for the desk in this browser. Allow them in the site settings, then turn alerts on again.',
  dismissed: 'Alerts stay off: the browser asked for permission and got no answer.',
  noWorker: 'The desk could not set up alerts in this browser. Reload the page and try again.',
  noPushService:
    'This browser could not reach its push service, so alerts stay off. Check the connection (and that this is not a private window), then try again.',
  working: 'Turning alerts on…',
  on: 'Alerts are on for this phone.',
  off: 'Alerts are off for this phone.',
  ended:
    'Alerts are off for this phone: the desk stopped sending them here, as it does when you sign out everywhere or your password is reset. Turn them on again to get them here.',
} as const;

/** How long the browser's push service may take to give a subscription. */
const SUBSCRIBE_WAIT_MS = 15_000;

const later = (ms: number) =>
  new Promise<undefined>((resolve) => {
    setTimeout(resolve, ms);
  });

/** Turning alerts on or off failed; `message` says why and what to do. */
export class AlertsError extends Error {
  override name = 'AlertsError';
}

export function canShowAlerts(): boolean {
  return canUseServiceWorker() && 'PushManager' in window && 'Notification' in window;
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration(import.meta.env.BASE_URL);
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/**
 * What the switch shows. `ended`: the browser still holds a subscription the server no longer
 * sends to (its owner signed out everywhere, their password was reset, the push service refused
 * it). When the server could not be asked (`stored` undefined), the browser's state stands.
 */
export type AlertsState = 'on' | 'off' | 'ended';

export function alertsState(subscribed: boolean, stored: boolean | undefined): AlertsState {
  if (!subscribed) return 'off';
  return stored === false ? 'ended' : 'on';
}

/** Whether the server still sends the signed-in person's alerts to `endpoint`; undefined when it cannot say. */
async function isStored(endpoint: string): Promise<boolean | undefined> {
  try {
    const answer = await api<PushSubscriptionCheckAnswer>('/push/subscriptions/check', {
      method: 'POST',
      body: { endpoint },
      redirectOn401: false,
    });
    return answer.stored;
  } catch (error) {
    if (error instanceof ApiError) return undefined;
    throw error;
  }
}

/**
 * Whether this device gets alerts: permission given, a subscription kept, and the server still
 * sending to it. A subscription the server dropped is dropped here too, so turning alerts on
 * again makes a fresh one.
 */
export async function readAlertsState(): Promise<AlertsState> {
  if (!canShowAlerts() || Notification.permission !== 'granted') return 'off';
  const subscription = await currentSubscription();
  const state = alertsState(
    subscription !== null,
    subscription ? await isStored(subscription.endpoint) : undefined,
  );
  if (state === 'ended') await subscription?.unsubscribe().catch(() => false);
  return state;
}

/** The VAPID key as the bytes PushManager.subscribe takes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/**
 * Asks for permission, subscribes with the server's key and hands the subscription to the
 * server. Call from the tap itself: browsers ask for permission only in answer to one.
 */
export async function turnAlertsOn(): Promise<void> {
  if (!canShowAlerts()) throw new AlertsError(ALERTS_MESSAGES.unsupported);
  const permission = await Notification.requestPermission();
  if (permission === 'denied') throw new AlertsError(ALERTS_MESSAGES.blocked);
  if (permission !== 'granted') throw new AlertsError(ALERTS_MESSAGES.dismissed);

  let registration: ServiceWorkerRegistration;
  try {
    await registerServiceWorker();
    registration = await navigator.serviceWorker.ready;
  } catch {
    throw new AlertsError(ALERTS_MESSAGES.noWorker);
  }
  const { publicKey } = await api<PushKeyAnswer>('/push/key');
  const subscribing = registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: keyBytes(publicKey),
  });
  let subscription: PushSubscription | undefined;
  try {
    subscription = await Promise.race([subscribing, later(SUBSCRIBE_WAIT_MS)]);
  } catch {
    throw new AlertsError(ALERTS_MESSAGES.noPushService);
  }
  if (!subscription) {
    // Unreachable push services can keep a browser waiting for good; a subscription that
    // comes after the person was told "off" is dropped so that it stays off.
    void subscribing.then((late) => late.unsubscribe()).catch(() => false);
    throw new AlertsError(ALERTS_MESSAGES.noPushService);
  }
  try {
    await api('/push/subscriptions', { method: 'POST', body: subscription.toJSON() });
  } catch (error) {
    // A subscription the server does not know would only ever be half on.
    await subscription.unsubscribe().catch(() => false);
    throw error;
  }
}

/**
 * Stops alerts on this device: the browser drops its subscription (so nothing more arrives
 * here) and the server forgets it. When the server cannot be told, its next push is refused
 * by the push service and it forgets the device then.
 */
export async function turnAlertsOff(): Promise<void> {
  if (!canShowAlerts()) return;
  const subscription = await currentSubscription();
  if (!subscription) return;
  const { endpoint } = subscription;
  await subscription.unsubscribe();
  await api('/push/subscriptions', {
    method: 'DELETE',
    body: { endpoint },
    redirectOn401: false,
  }).catch((error: unknown) => {
    if (!(error instanceof ApiError)) throw error;
  });
}
