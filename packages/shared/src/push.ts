import * as v from 'valibot';
import { jsonBody } from './desk-requests.ts';

/*
 * Web Push for the sales desk (docs/desk-api.md, "Alerts on a phone"): the server's VAPID key,
 * a browser's subscription as the desk stores it, and the notification each push carries, which
 * the desk's service worker shows as it is.
 */

/** Longest push service URL taken; the push services' own are a few hundred characters. */
export const PUSH_ENDPOINT_MAX_LENGTH = 2_048;

// Pure, as the other request schemas are: a bundle that takes none of these drops them.
/* @__NO_SIDE_EFFECTS__ */
const base64url = (field: string, bytes: number) =>
  v.pipe(
    v.string(`"${field}" must be a base64url string.`),
    v.regex(
      // Unpadded base64url of exactly `bytes` bytes, as PushSubscription.toJSON() writes it.
      new RegExp(`^[A-Za-z0-9_-]{${Math.ceil((bytes * 4) / 3)}}$`),
      `"${field}" must be ${bytes} bytes written in base64url without padding.`,
    ),
  );

const endpoint = v.pipe(
  v.string('"endpoint" must be the push service URL the browser gave.'),
  v.maxLength(PUSH_ENDPOINT_MAX_LENGTH, '"endpoint" is too long.'),
  v.check((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'https:' || url.protocol === 'http:';
    } catch {
      return false;
    }
  }, '"endpoint" must be an https or http URL.'),
  v.description("The push service's URL for this browser (PushSubscription.endpoint)."),
);

/** A browser's PushSubscription as its `toJSON()` writes it. */
export const pushSubscriptionSchema = jsonBody({
  endpoint,
  expirationTime: v.optional(
    v.nullable(
      v.pipe(
        v.number('"expirationTime" must be a time in milliseconds or null.'),
        v.integer('"expirationTime" must be a time in milliseconds or null.'),
        v.minValue(0, '"expirationTime" must be a time in milliseconds or null.'),
      ),
    ),
  ),
  keys: v.object(
    {
      p256dh: base64url('keys.p256dh', 65),
      auth: base64url('keys.auth', 16),
    },
    '"keys" must hold the subscription\'s p256dh and auth keys.',
  ),
});
export type PushSubscriptionJson = v.InferOutput<typeof pushSubscriptionSchema>;

/** Turning alerts off on one device. */
export const pushUnsubscribeSchema = jsonBody({ endpoint });
export type PushUnsubscribe = v.InferOutput<typeof pushUnsubscribeSchema>;

/** Asking whether one device still gets the signed-in person's alerts. */
export const pushSubscriptionCheckSchema = jsonBody({ endpoint });
export type PushSubscriptionCheck = v.InferOutput<typeof pushSubscriptionCheckSchema>;

export const pushSubscriptionCheckAnswerSchema = v.object({
  stored: v.pipe(
    v.boolean(),
    v.description(
      "Whether the server still sends the signed-in person's alerts to this endpoint: false once they signed out everywhere, their password was reset, the push service refused it, or it was never theirs.",
    ),
  ),
});
export type PushSubscriptionCheckAnswer = v.InferOutput<typeof pushSubscriptionCheckAnswerSchema>;

export const pushKeyAnswerSchema = v.object({
  publicKey: v.pipe(
    v.string(),
    v.description(
      "The server's VAPID public key, base64url: the applicationServerKey to subscribe with.",
    ),
  ),
});
export type PushKeyAnswer = v.InferOutput<typeof pushKeyAnswerSchema>;

export const pushSubscriptionAnswerSchema = v.object({
  devices: v.pipe(
    v.number(),
    v.description("How many of the signed-in person's devices now get alerts."),
  ),
});
export type PushSubscriptionAnswer = v.InferOutput<typeof pushSubscriptionAnswerSchema>;

/** Longest title and body a push carries: what a lock screen shows, and far below 4 kB. */
export const PUSH_TITLE_MAX_LENGTH = 60;
export const PUSH_BODY_MAX_LENGTH = 140;

/**
 * What every push carries, as JSON: the desk's service worker shows `title` and `body`, groups
 * by `tag` (one notification per buyer, one for the managers' summaries) and opens `url` when it
 * is tapped: the buyer, or what waits for a manager. No mobile, surname or email: it is read on a
 * lock screen.
 */
export const pushNotificationSchema = v.object({
  title: v.pipe(v.string(), v.maxLength(PUSH_TITLE_MAX_LENGTH)),
  body: v.pipe(v.string(), v.maxLength(PUSH_BODY_MAX_LENGTH)),
  url: v.pipe(v.string(), v.regex(/^\/desk\/(leads\/\d+|overdue|held|plots)$/)),
  tag: v.pipe(v.string(), v.regex(/^(lead-\d+|manager-summary)$/)),
});
export type PushNotification = v.InferOutput<typeof pushNotificationSchema>;
