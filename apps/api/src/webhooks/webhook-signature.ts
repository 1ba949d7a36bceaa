import { createHash, createHmac } from 'node:crypto';

/**
 * The `webhook-id` of a lead's post to one endpoint: the same on every retry, so a receiver can
 * drop repeats, and different per endpoint, so two receivers never share one. The endpoint shows
 * only as the first bytes of its hash, as its URL may hold a token.
 */
export function webhookId(leadPublicId: string, endpoint: string): string {
  const endpointKey = createHash('sha256').update(endpoint).digest('hex').slice(0, 12);
  return `msg_${leadPublicId.replaceAll('-', '')}_${endpointKey}`;
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
