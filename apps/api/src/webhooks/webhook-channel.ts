import { WEBHOOK_TIMEOUT_MS } from '@iconia/shared';
import type { Clock } from '../clock.ts';
import { WEBHOOK_CHANNEL_PREFIX } from '../store/lead-types.ts';
import { leadCreatedEvent, type LeadForWebhook } from './lead-created-event.ts';
import { nextWebhookAttempt } from './retry-schedule.ts';
import { sendWebhook } from './send-webhook.ts';
import { endpointKey, endpointLabel, type WebhookSettings } from './webhook-config.ts';
import { webhookId } from './webhook-signature.ts';

/** The outbox channel of one endpoint; a changed URL is a new channel. */
export function webhookChannelName(endpoint: string): string {
  return `${WEBHOOK_CHANNEL_PREFIX}${endpointKey(endpoint)}`;
}

export function isWebhookChannel(channel: string): boolean {
  return channel.startsWith(WEBHOOK_CHANNEL_PREFIX);
}

/** Why an attempt did not deliver; `gone` when the receiver answered 410 and wants no more. */
export class WebhookAttemptError extends Error {
  constructor(
    message: string,
    readonly gone: boolean,
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'WebhookAttemptError';
  }
}

export interface WebhookChannelOptions {
  endpoint: string;
  signingKey: Buffer;
  clock: Clock;
  timeoutMs?: number;
}

/** One endpoint as a way out of the outbox: post a lead, and say when to try again. */
export interface WebhookChannel {
  name: string;
  /** The endpoint as logs show it: its origin. */
  label: string;
  messages: { sent: string; failed: string; gone: string; dead: string; backlog: string };
  /** Resolves once the endpoint answered 2xx; throws a `WebhookAttemptError` otherwise. */
  send(lead: LeadForWebhook): Promise<Record<string, unknown>>;
  /**
   * After a failed attempt: when to try again, or `gone` (the receiver answered 410) or `dead`
   * (a day of retries is over).
   */
  nextAttempt(error: unknown, delivery: { queuedAt: number }): number | 'gone' | 'dead';
}

export function createWebhookChannel(options: WebhookChannelOptions): WebhookChannel {
  const { endpoint, signingKey, clock } = options;
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const label = endpointLabel(endpoint);

  return {
    name: webhookChannelName(endpoint),
    label,
    messages: {
      sent: 'webhook delivered',
      failed: 'webhook failed; will retry',
      gone: 'webhook refused with 410 Gone; this lead is not posted there again',
      dead: 'webhook given up after a day of failures; pnpm leads resend <id> --channel webhook posts it again',
      backlog: 'leads are waiting too long for the webhook; check the receiver',
    },
    async send(lead) {
      const id = webhookId(lead.publicId, endpoint);
      const outcome = await sendWebhook(
        { url: endpoint, id, body: JSON.stringify(leadCreatedEvent(lead)), signingKey },
        { timeoutMs, now: () => clock.now() },
      );
      if (outcome.result === 'delivered') {
        return { endpoint: label, webhookId: id, status: outcome.status };
      }
      if (outcome.result === 'gone') {
        throw new WebhookAttemptError(
          'HTTP 410 Gone: the receiver wants no more of this lead',
          true,
        );
      }
      throw new WebhookAttemptError(outcome.reason, false, outcome.retryAfterMs);
    },
    nextAttempt(error, { queuedAt }) {
      if (error instanceof WebhookAttemptError && error.gone) return 'gone';
      const retryAfterMs = error instanceof WebhookAttemptError ? error.retryAfterMs : undefined;
      return nextWebhookAttempt({ queuedAt, failedAt: clock.now(), retryAfterMs });
    },
  };
}

/** One channel per configured endpoint, in the order of WEBHOOK_URL; none when unset. */
export function createWebhookChannels(
  settings: WebhookSettings | undefined,
  clock: Clock,
): WebhookChannel[] {
  if (!settings) return [];
  const { endpoints, signingKey } = settings;
  return endpoints.map((endpoint) => createWebhookChannel({ endpoint, signingKey, clock }));
}

/**
 * How each endpoint's delivery worker runs: a few posts at once, so one slow receiver still
 * keeps up with a campaign's leads, each leased long enough to outlast one post's timeout.
 */
export const WEBHOOK_WORKER = { concurrency: 4, leaseMs: 3 * WEBHOOK_TIMEOUT_MS } as const;
