import { WEBHOOK_TIMEOUT_MS } from '@iconia/shared';
import type { Clock } from '../clock.ts';
import { UnsendableMessageError, type OutboxChannel } from '../outbox/outbox-channel.ts';
import type { ClaimedDelivery, LeadMessageRoute } from '../store/lead-store.ts';
import { WEBHOOK_CHANNEL_PREFIX } from '../store/lead-types.ts';
import {
  LEAD_CREATED_KIND,
  LEAD_ERASED_KIND,
  LEAD_UPDATED_KIND,
  WHATSAPP_MESSAGE_KIND,
} from '../store/outbox-store.ts';
import { leadCreatedEvent, type LeadForWebhook } from './lead-created-event.ts';
import { leadErasedEvent } from './lead-erased-event.ts';
import { leadUpdatedEvent } from './lead-updated-event.ts';
import { whatsappMessageEvent } from './whatsapp-message-event.ts';
import { nextWebhookAttempt } from './retry-schedule.ts';
import { sendWebhook } from './send-webhook.ts';
import { endpointLabel, type WebhookSettings } from '../config/webhook-config.ts';
import { endpointKey, webhookId } from './webhook-signature.ts';

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

/** The `lead.created` message of a new lead to one endpoint; its id is the lead's `webhookId`. */
export function leadCreatedRoute(endpoint: string): LeadMessageRoute {
  return {
    channel: webhookChannelName(endpoint),
    kind: LEAD_CREATED_KIND,
    messageId: (lead) => webhookId(lead.publicId, endpoint),
  };
}

/** One endpoint as a way out of the outbox: post an event, and say when to try again. */
export interface WebhookChannel extends OutboxChannel {
  /** The endpoint as logs show it: its origin. */
  label: string;
  /** What every new lead sends to this endpoint. */
  route: LeadMessageRoute;
  messages: { sent: string; failed: string; gone: string; dead: string; backlog: string };
  /**
   * Resolves once the endpoint answered 2xx; throws a `WebhookAttemptError` otherwise. The
   * message's id is the `webhook-id`, the same on every attempt.
   */
  send(message: WebhookMessage): Promise<Record<string, unknown>>;
  /**
   * After a failed attempt: when to try again, or `gone` (the receiver answered 410) or `dead`
   * (a day of retries is over).
   */
  nextAttempt(error: unknown, delivery: { queuedAt: number }): number | 'gone' | 'dead';
}

/** What a post needs of an outbox message. */
export type WebhookMessage = Pick<ClaimedDelivery, 'messageId' | 'kind' | 'payload'> & {
  lead?: LeadForWebhook | undefined;
};

/** The JSON body of a message, exactly as signed; the same on every attempt. */
function eventBody(channel: string, { kind, lead, payload }: WebhookMessage): string {
  const event =
    kind === LEAD_CREATED_KIND && lead
      ? leadCreatedEvent(lead)
      : kind === LEAD_ERASED_KIND
        ? leadErasedEvent(payload)
        : kind === LEAD_UPDATED_KIND
          ? leadUpdatedEvent(payload)
          : kind === WHATSAPP_MESSAGE_KIND
            ? whatsappMessageEvent(payload)
            : undefined;
  if (!event) throw new UnsendableMessageError(channel, kind);
  return JSON.stringify(event);
}

export function createWebhookChannel(options: WebhookChannelOptions): WebhookChannel {
  const { endpoint, signingKey, clock } = options;
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const label = endpointLabel(endpoint);

  const route = leadCreatedRoute(endpoint);
  return {
    name: route.channel,
    label,
    route,
    messages: {
      sent: 'webhook delivered',
      failed: 'webhook failed; will retry',
      gone: 'webhook refused with 410 Gone; this lead is not posted there again',
      dead: 'webhook given up after a day of failures; pnpm leads resend <id> --channel webhook posts it again',
      backlog: 'leads are waiting too long for the webhook; check the receiver',
    },
    async send(message) {
      const id = message.messageId;
      const body = eventBody(route.channel, message);
      const outcome = await sendWebhook(
        { url: endpoint, id, body, signingKey },
        { timeoutMs, now: () => clock.now() },
      );
      if (outcome.result === 'delivered') {
        return { endpoint: label, webhookId: id, status: outcome.status };
      }
      if (outcome.result === 'gone') {
        throw new WebhookAttemptError(
          'HTTP 410 Gone: the receiver wants no more of this message',
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
