import { createHmac } from 'node:crypto';
import { endpointKey } from './webhook-config.ts';

/**
 * The `webhook-id` of a lead's post to one endpoint: the same on every retry, so a receiver can
 * drop repeats, and different per endpoint, so two receivers never share one.
 */
export function webhookId(leadPublicId: string, endpoint: string): string {
  return `msg_${leadPublicId.replaceAll('-', '')}_${endpointKey(endpoint)}`;
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
