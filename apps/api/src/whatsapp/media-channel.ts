import * as v from 'valibot';
import type { Clock } from '../clock.ts';
import type { WhatsappSettings } from '../config/whatsapp-config.ts';
import { UnsendableMessageError, type OutboxChannel } from '../outbox/outbox-channel.ts';
import { retryDelay } from '../outbox/retry-delay.ts';
import type { ClaimedDelivery } from '../store/lead-store.ts';
import { WHATSAPP_MEDIA_CHANNEL, WHATSAPP_MEDIA_KIND } from '../store/whatsapp-schema.ts';
import { fetchMedia, MediaRefusedError } from './media-fetch.ts';
import type { MediaShelf } from './media-shelf.ts';
import type { WhatsappStore } from './whatsapp-store.ts';

/** Tried again after 10 s, 20 s … then every 10 minutes: Meta keeps a file for 30 days. */
export const MEDIA_BACKOFF = { baseMs: 10_000, maxMs: 10 * 60_000 };

/** The downloads' worker: a lease that outlasts one 16 MB download. */
export const MEDIA_WORKER = { leaseMs: 3 * 60_000, backoff: MEDIA_BACKOFF, concurrency: 2 };

const PayloadSchema = v.object({ message: v.number() });

export interface MediaChannelOptions {
  settings: Pick<WhatsappSettings, 'graphUrl' | 'accessToken'>;
  store: WhatsappStore;
  shelf: MediaShelf;
  clock: Clock;
  /** A buyer's conversation changed: the desk's live view hears of it. */
  onChange?: (buyerId: number) => void;
}

/**
 * The files buyers send, fetched through the outbox once their message is stored: durable, and
 * tried again until the Cloud API answers. A file kept goes under the media folder, its name on
 * the message; one refused (a type not allowed, too large, an address that is not Meta's) is not
 * fetched, and the message and the buyer's timeline say why. A message erased meanwhile keeps
 * nothing: the file just written is deleted.
 */
export function createMediaChannel(options: MediaChannelOptions): OutboxChannel {
  const { settings, store, shelf, clock } = options;

  async function keep(messageId: number, mediaId: string): Promise<boolean> {
    const { bytes, type } = await fetchMedia(settings, mediaId);
    const file = await shelf.put(bytes);
    try {
      const kept = store.setMedia(messageId, {
        id: mediaId,
        state: 'kept',
        file,
        type,
        size: bytes.length,
      });
      if (!kept) await shelf.remove(file);
      return kept;
    } finally {
      shelf.settled(file);
    }
  }

  function refuse(messageId: number, mediaId: string, reason: string): void {
    const message = store.message(messageId);
    if (!message) return;
    store.db.transaction(() => {
      store.setMedia(messageId, { id: mediaId, state: 'refused', reason });
      store.note(
        message.buyer_id,
        message.lead_id,
        clock.now(),
        `WhatsApp file not kept: ${reason}`,
      );
    })();
  }

  return {
    name: WHATSAPP_MEDIA_CHANNEL,
    messages: {
      sent: 'WhatsApp file kept',
      failed: 'WhatsApp file download failed; will retry',
      gone: 'WhatsApp file not kept',
      dead: 'WhatsApp file cannot be fetched',
      backlog: 'WhatsApp files wait to be fetched',
    },
    async send(delivery: ClaimedDelivery) {
      const payload = v.safeParse(PayloadSchema, delivery.payload);
      if (delivery.kind !== WHATSAPP_MEDIA_KIND || !payload.success) {
        throw new UnsendableMessageError(WHATSAPP_MEDIA_CHANNEL, delivery.kind);
      }
      const id = payload.output.message;
      const message = store.message(id);
      const media = message && store.media(message);
      if (!message || !media) return { outcome: 'erased' };
      if (media.state !== 'waiting') return { outcome: `already ${media.state}` };
      try {
        const kept = await keep(id, media.id);
        if (kept) options.onChange?.(message.buyer_id);
        return { outcome: kept ? 'kept' : 'erased' };
      } catch (error) {
        if (error instanceof MediaRefusedError) {
          refuse(id, media.id, error.message);
          options.onChange?.(message.buyer_id);
        }
        throw error;
      }
    },
    nextAttempt(error, delivery) {
      if (error instanceof MediaRefusedError) return 'gone';
      return clock.now() + retryDelay(delivery.attempts, MEDIA_BACKOFF);
    },
  };
}
