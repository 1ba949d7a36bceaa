import { endpointKey } from './webhook-config.ts';

/**
 * The `webhook-id` of a lead's post to one endpoint: the same on every retry, so a receiver can
 * drop repeats, and different per endpoint, so two receivers never share one.
 */
export function webhookId(leadPublicId: string, endpoint: string): string {
  return `msg_${leadPublicId.replaceAll('-', '')}_${endpointKey(endpoint)}`;
}
