import { createHash } from 'node:crypto';

/**
 * The `webhook-id` of a lead's post to one endpoint: the same on every retry, so a receiver can
 * drop repeats, and different per endpoint, so two receivers never share one.
 */
export function webhookId(leadPublicId: string, endpoint: string): string {
  return `msg_${leadPublicId.replaceAll('-', '')}_${endpointKey(endpoint)}`;
}

/**
 * A short, stable name for an endpoint, from its URL's hash: it names the endpoint's outbox
 * channel and ends its `webhook-id`s, without the URL's token ever being stored or sent.
 */
export function endpointKey(url: string): string {
  return createHash('sha256').update(url).digest('hex').slice(0, 12);
}
