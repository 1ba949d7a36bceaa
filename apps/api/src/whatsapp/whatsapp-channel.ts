import * as v from 'valibot';
import type { Clock } from '../clock.ts';
import type { WhatsappSettings } from '../config/whatsapp-config.ts';
import { UnsendableMessageError, type OutboxChannel } from '../outbox/outbox-channel.ts';
import { retryDelay } from '../outbox/retry-delay.ts';
import type { ClaimedDelivery } from '../store/lead-store.ts';
import {
  WHATSAPP_CHANNEL,
  WHATSAPP_SEND_KIND,
  WHATSAPP_VISIT_KIND,
  WHATSAPP_WAITING_KIND,
  whatsappVisitPayloadSchema,
  whatsappWaitingPayloadSchema,
} from '../store/whatsapp-schema.ts';
import { sendWhatsapp, type OutgoingContent } from './cloud-api.ts';
import { quickReplyContent } from './quick-replies.ts';
import { isTemplateKey, TEMPLATE_LABELS, templateContent, type TemplateKey } from './templates.ts';
import type { VisitNews } from './visit-news.ts';
import type { WaitingAlerts } from './waiting-alert.ts';
import { WhatsappSendError } from './whatsapp-reasons.ts';
import type { MessageToSend, WhatsappStore } from './whatsapp-store.ts';

/**
 * Retries after 10 s, 20 s, 40 s … and then every 2 minutes: a welcome goes at most 2 minutes
 * after WhatsApp is back, however long it was away.
 */
export const WHATSAPP_BACKOFF = { baseMs: 10_000, maxMs: 2 * 60_000 };

/** The sends' worker: a lease that outlasts one send, and a poll that meets the 10 s promise. */
export const WHATSAPP_WORKER = {
  leaseMs: 60_000,
  backoff: WHATSAPP_BACKOFF,
  pollIntervalMs: 2_000,
  concurrency: 4,
};

const PayloadSchema = v.object({ message: v.number() });

export interface WhatsappChannelOptions {
  settings: WhatsappSettings;
  store: WhatsappStore;
  clock: Clock;
  /** The site's public address: the brochure's link is under it. */
  siteUrl: string;
  /** Writes a visit's news, come due, as its template message. */
  visitNews: VisitNews;
  /** A message's status changed: the desk's live view and the CRM hear of it. */
  onStatus?: (buyerId: number) => void;
  /** Tells the owner of a buyer whose message waited too long. */
  waiting?: WaitingAlerts;
  /** The waiting alert queued its email and pushes: send them now. */
  onAlertsQueued?: () => void;
}

/** Why a queued message must not go now, in words for the conversation; undefined: it may. */
function refusal(message: MessageToSend): string | undefined {
  if (message.erased || !message.mobile) return 'Not sent: the buyer’s details were erased';
  if (message.opted_out) return 'Not sent: the buyer asked for no more WhatsApp messages';
  return undefined;
}

/**
 * WhatsApp's Cloud API as a channel of the outbox: each message is one row of
 * `whatsapp_messages`, written `queued` with its send. The `wamid` is recorded before the outbox
 * marks the send done, so a send repeated after a crash finds it and does not go again. A refusal
 * WhatsApp means for good (not on WhatsApp, outside the 24 hours, a template it rejects) is
 * marked failed with its reason, noted on the buyer's timeline, and not retried.
 */
export function createWhatsappChannel(options: WhatsappChannelOptions): OutboxChannel {
  const { settings, store, clock, siteUrl } = options;

  function contentOf(message: MessageToSend): OutgoingContent {
    if (message.kind === 'text') return { type: 'text', body: message.text ?? '' };
    if (message.kind === 'document' || message.kind === 'location') {
      return quickReplyContent(message.kind, siteUrl);
    }
    const key = message.kind === 'welcome' ? 'welcome' : message.template;
    if (!isTemplateKey(key)) throw new UnsendableMessageError(WHATSAPP_CHANNEL, `${key}`);
    return templateContent(key, { name: message.name, detail: message.text }, settings, siteUrl);
  }

  function fail(message: MessageToSend, reason: string): void {
    const at = clock.now();
    store.db.transaction(() => {
      store.markFailed(message.id, reason, at);
      const what =
        message.kind === 'text' || message.kind === 'document' || message.kind === 'location'
          ? 'message'
          : (TEMPLATE_LABELS[message.template as TemplateKey] ?? 'template');
      store.note(
        message.buyer_id,
        message.lead_id,
        at,
        `WhatsApp ${what.toLowerCase()}: ${reason}`,
      );
    })();
    options.onStatus?.(message.buyer_id);
  }

  return {
    name: WHATSAPP_CHANNEL,
    messages: {
      sent: 'WhatsApp message sent',
      failed: 'WhatsApp message failed; will retry',
      gone: 'WhatsApp refused the message for good',
      dead: 'WhatsApp message cannot be sent',
      backlog: 'WhatsApp messages wait to be sent',
    },
    async send(delivery: ClaimedDelivery) {
      if (delivery.kind === WHATSAPP_VISIT_KIND) {
        const news = v.safeParse(whatsappVisitPayloadSchema, delivery.payload);
        if (!news.success) throw new UnsendableMessageError(WHATSAPP_CHANNEL, delivery.kind);
        const sendId = `whatsapp:${delivery.messageId}`;
        return { outcome: options.visitNews(news.output, sendId, clock.now()) };
      }
      if (delivery.kind === WHATSAPP_WAITING_KIND && options.waiting) {
        const due = v.safeParse(whatsappWaitingPayloadSchema, delivery.payload);
        if (!due.success) throw new UnsendableMessageError(WHATSAPP_CHANNEL, delivery.kind);
        const outcome = options.waiting.runDue(due.output, clock.now());
        if (outcome.endsWith('alerted')) options.onAlertsQueued?.();
        return { outcome, buyerId: due.output.buyerId };
      }
      const payload = v.safeParse(PayloadSchema, delivery.payload);
      if (delivery.kind !== WHATSAPP_SEND_KIND || !payload.success) {
        throw new UnsendableMessageError(WHATSAPP_CHANNEL, delivery.kind);
      }
      const message = store.forSend(payload.output.message);
      // Erased with its buyer, or sent before a crash kept the outbox from saying so.
      if (!message) return { outcome: 'erased' };
      if (message.status !== 'queued') return { wamid: message.wamid, outcome: 'already sent' };
      const refused = refusal(message);
      if (refused) {
        fail(message, refused);
        return { outcome: 'not sent', reason: refused };
      }
      try {
        const wamid = await sendWhatsapp(settings, message.mobile!, contentOf(message));
        store.markSent(message.id, wamid, clock.now());
        options.onStatus?.(message.buyer_id);
        return { wamid, whatsappKind: message.kind };
      } catch (error) {
        if (error instanceof WhatsappSendError && error.permanent) {
          fail(message, error.message.replace(/ \(WhatsApp .*\)$/, ''));
        }
        throw error;
      }
    },
    nextAttempt(error, delivery) {
      if (error instanceof WhatsappSendError && error.permanent) return 'gone';
      return clock.now() + retryDelay(delivery.attempts, WHATSAPP_BACKOFF);
    },
  };
}
