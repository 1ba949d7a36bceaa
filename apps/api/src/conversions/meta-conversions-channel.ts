import { createHash } from 'node:crypto';
import type Database from 'better-sqlite3';
import * as v from 'valibot';
import { PROJECT_NAME, STAGE_LABELS, isStage } from '@iconia/shared';
import type { Clock } from '../clock.ts';
import type { MetaConversionsSettings } from '../config/meta-conversions-config.ts';
import { UnsendableMessageError, type OutboxChannel } from '../outbox/outbox-channel.ts';
import { retryDelay } from '../outbox/retry-delay.ts';
import type { ClaimedDelivery, StoredLead } from '../store/lead-store.ts';
import { META_CONVERSIONS_CHANNEL, META_STAGE_KIND } from '../store/outbox-store.ts';

/** What Meta is told the events come from (`lead_event_source`): the desk, by its product's name. */
export const LEAD_EVENT_SOURCE = `${PROJECT_NAME} desk`;

/** Long enough for the Conversions API on a bad day; a send that takes longer goes again later. */
export const CONVERSIONS_TIMEOUT_MS = 10_000;

/** Retried as the outbox retries: 10 s, 20 s, 40 s … then every 15 minutes. */
export const META_CONVERSIONS_WORKER = { leaseMs: CONVERSIONS_TIMEOUT_MS * 6 };

/**
 * Graph's codes that may succeed later without anyone changing anything: unknown and transient
 * errors, rate limits, and an expired or revoked token (a manager makes a new one).
 */
const RETRIED_CODES = new Set([1, 2, 4, 17, 32, 190, 341, 613]);

const GraphErrorSchema = v.object({
  error: v.object({
    message: v.optional(v.string()),
    error_user_msg: v.optional(v.string()),
    code: v.optional(v.number()),
    fbtrace_id: v.optional(v.string()),
  }),
});

const PayloadSchema = v.object({ stage: v.string(), at: v.number() });

/** A send Meta refused or did not answer: Meta's own words and code, never the token. */
export class ConversionsSendError extends Error {
  constructor(
    message: string,
    readonly status: number | undefined,
    readonly code: number | undefined,
  ) {
    super(message);
    this.name = 'ConversionsSendError';
  }

  /** Refused by Meta, with a code that says it will never go as it is. */
  get permanent(): boolean {
    return (
      this.status !== undefined &&
      this.status >= 400 &&
      this.status < 500 &&
      this.status !== 429 &&
      !(this.code !== undefined && RETRIED_CODES.has(this.code))
    );
  }
}

/** An earlier stage of the same lead has not gone yet: this one waits for it. */
class EarlierStageWaitingError extends Error {
  constructor(readonly dueAt: number) {
    super('an earlier stage of this lead is still to be sent');
    this.name = 'EarlierStageWaitingError';
  }
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * Who the event is about, as Meta matches it: a lead ad's `leadgen_id`, or for a site lead the
 * click (`fbc`, from the `fbclid` and when the visitor landed) with the hashed phone and email.
 * The phone is hashed as Meta normalises it: digits with the country code, no `+`.
 */
export function metaUserData(lead: StoredLead): Record<string, unknown> | undefined {
  if (lead.origin === 'meta' && lead.externalId) return { lead_id: lead.externalId };
  const fbclid = lead.attribution.fbclid;
  if (!fbclid) return undefined;
  const digits = lead.mobile.replace(/\D/g, '');
  const email = lead.email?.trim().toLowerCase();
  return {
    fbc: `fb.1.${lead.receivedAt}.${fbclid}`,
    ...(digits ? { ph: [sha256(digits)] } : {}),
    ...(email ? { em: [sha256(email)] } : {}),
  };
}

export interface MetaConversionsChannelOptions {
  settings: MetaConversionsSettings;
  db: Database.Database;
  clock: Clock;
  timeoutMs?: number;
}

/**
 * The desk's stages sent to Meta's Conversions API for CRM, one event per message, each stage
 * of a lead after the earlier ones. A lead erased meanwhile has no message left; a refusal Meta
 * says will never succeed is given up with Meta's words, the rest retried.
 */
export function createMetaConversionsChannel(
  options: MetaConversionsChannelOptions,
): OutboxChannel {
  const { settings, db, clock } = options;
  const timeoutMs = options.timeoutMs ?? CONVERSIONS_TIMEOUT_MS;
  const url = `${settings.graphUrl}/${encodeURIComponent(settings.datasetId)}/events`;
  const earlierPending = db.prepare<[number, string, number], { next_attempt_at: number }>(`
    SELECT next_attempt_at FROM deliveries
    WHERE lead_id = ? AND channel = ? AND status = 'pending' AND id < ?
    ORDER BY id LIMIT 1`);

  async function post(event: Record<string, unknown>): Promise<Record<string, unknown>> {
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ data: [event], access_token: settings.token }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const reason =
        error instanceof Error && error.name === 'TimeoutError' ? 'timed out' : 'failed';
      throw new ConversionsSendError(`the Conversions API send ${reason}`, undefined, undefined);
    }
    const text = await response.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    if (!response.ok) {
      const parsed = v.safeParse(GraphErrorSchema, body);
      if (!parsed.success) {
        throw new ConversionsSendError(
          `Meta answered ${response.status} with no error in words`,
          response.status,
          undefined,
        );
      }
      const { message, error_user_msg, code, fbtrace_id } = parsed.output.error;
      const words = error_user_msg ?? message ?? 'no reason given';
      throw new ConversionsSendError(
        `Meta refused the event: ${words} (HTTP ${response.status}, code ${code ?? '-'}, fbtrace_id ${fbtrace_id ?? '-'})`,
        response.status,
        code,
      );
    }
    const answer = body as { events_received?: unknown; fbtrace_id?: unknown } | undefined;
    return { eventsReceived: answer?.events_received, fbtraceId: answer?.fbtrace_id };
  }

  return {
    name: META_CONVERSIONS_CHANNEL,
    messages: {
      sent: 'stage sent to Meta',
      failed: 'stage not sent to Meta; will retry',
      gone: 'Meta refused the stage for good',
      dead: 'stage cannot be sent to Meta',
      backlog: 'stages wait to be sent to Meta',
    },
    async send(delivery: ClaimedDelivery) {
      const payload = v.safeParse(PayloadSchema, delivery.payload);
      const { lead } = delivery;
      if (delivery.kind !== META_STAGE_KIND || !payload.success || !lead) {
        throw new UnsendableMessageError(META_CONVERSIONS_CHANNEL, delivery.kind);
      }
      const { stage, at } = payload.output;
      const earlier = earlierPending.get(lead.id, META_CONVERSIONS_CHANNEL, delivery.deliveryId);
      if (earlier) throw new EarlierStageWaitingError(earlier.next_attempt_at);
      const userData = metaUserData(lead);
      if (!userData || !isStage(stage)) {
        throw new UnsendableMessageError(META_CONVERSIONS_CHANNEL, delivery.kind);
      }
      const answer = await post({
        event_name: STAGE_LABELS[stage],
        event_time: Math.floor(at / 1000),
        // The outbox message's id, the same on every retry: Meta drops a second copy of an event
        // whose first send got through but whose answer was lost.
        event_id: delivery.messageId,
        action_source: 'system_generated',
        user_data: userData,
        custom_data: { event_source: 'crm', lead_event_source: LEAD_EVENT_SOURCE },
      });
      return { stage, ...answer };
    },
    nextAttempt(error, delivery) {
      if (error instanceof EarlierStageWaitingError) return Math.max(error.dueAt, clock.now()) + 1;
      if (error instanceof ConversionsSendError && error.permanent) return 'dead';
      return clock.now() + retryDelay(delivery.attempts);
    },
  };
}
