import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/*
 * The Standard Webhooks signature (standardwebhooks.com), both ways: the webhook channel signs
 * the leads it posts to the CRM, and partner intake checks the leads partners post to us.
 */

/** A secret is this prefix and the base64 of the key. */
export const SECRET_PREFIX = 'whsec_';

/** How far a `webhook-timestamp` may be from our clock, either way. */
export const TIMESTAMP_TOLERANCE_MS = 5 * 60_000;

/** A new secret: 32 random bytes, within the 24 to 64 the specification asks for. */
export function newWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}

/** The key bytes of a `whsec_` secret. */
export function signingKeyOf(secret: string): Buffer {
  return Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
}

/**
 * The `webhook-signature` header of the Standard Webhooks specification: `v1,` and the base64
 * HMAC-SHA256, under the key, of `<webhook-id>.<webhook-timestamp>.<body>`.
 */
export function signWebhook(
  signingKey: Buffer,
  id: string,
  timestampSeconds: number,
  body: string,
): string {
  const signature = createHmac('sha256', signingKey)
    .update(`${id}.${timestampSeconds}.${body}`)
    .digest('base64');
  return `v1,${signature}`;
}

export interface SignedRequest {
  id: string | undefined;
  timestamp: string | undefined;
  /** One or more space-separated `v1,<base64>` signatures. */
  signature: string | undefined;
  body: string;
}

export type VerifyOutcome =
  { ok: true } | { ok: false; reason: 'missing headers' | 'stale timestamp' | 'bad signature' };

/**
 * Checks a signed request against any of `keys` (a current and a previous secret while both
 * count). The timestamp comes first: a captured request replayed after the tolerance is refused
 * whatever its signature.
 */
export function verifyWebhook(
  request: SignedRequest,
  keys: readonly Buffer[],
  now: number,
): VerifyOutcome {
  const { id, timestamp, signature, body } = request;
  if (!id || !timestamp || !signature) return { ok: false, reason: 'missing headers' };
  const seconds = /^\d{1,12}$/.test(timestamp) ? Number(timestamp) : NaN;
  if (!(Math.abs(now - seconds * 1000) <= TIMESTAMP_TOLERANCE_MS)) {
    return { ok: false, reason: 'stale timestamp' };
  }
  const given = signature
    .split(' ')
    .filter((entry) => entry.startsWith('v1,'))
    .map((entry) => Buffer.from(entry.slice(3), 'base64'));
  for (const key of keys) {
    const expected = Buffer.from(signWebhook(key, id, seconds, body).slice(3), 'base64');
    if (given.some((bytes) => bytes.length === expected.length && timingSafeEqual(bytes, expected)))
      return { ok: true };
  }
  return { ok: false, reason: 'bad signature' };
}
