import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import { isStage } from '@iconia/shared';
import { createMetaStageQueue } from './meta-stage-queue.ts';
import {
  LEAD_CREATED_KIND,
  LEAD_ERASED_KIND,
  LEAD_UPDATED_KIND,
  META_CONVERSIONS_CHANNEL,
  WHATSAPP_MESSAGE_KIND,
  META_LEAD_READ_PREFIX,
  type BuyerUpdate,
  type LeadErasedPayload,
  type LeadUpdatedPayload,
  type WhatsappMessagePayload,
  type WhatsappMessageUpdate,
} from './outbox-messages.ts';

/**
 * The outbox's part in what happens to a lead after it was sent: its erasure announced and its
 * messages forgotten, its buyer's changes announced to the endpoints that know the buyer.
 */
export interface OutboxLeadStatements {
  /**
   * Queues one `lead.erased` message on each channel that may have received one of these leads
   * (its `lead.created` went out, was given up, or was tried at least once), naming those leads.
   * Call before `forgetLead`, in the erasure's transaction.
   */
  announceErasure(leadIds: readonly number[], now: number): void;
  /** The ids of every message about the lead on `channel`, sent or not (emails: Message-IDs). */
  messageIdsOfLead(leadId: number, channel: string): string[];
  /**
   * Keeps nothing personal about the lead: what has not gone out is cancelled (its pending
   * messages go), and what went out or was given up keeps its id, channel, kind and times but
   * neither its payload (an alert's name, mobile and request) nor its last error; the same holds
   * for the CRM's `whatsapp.message` announcements about the lead's buyer. No channel
   * reads a settled message's payload again.
   */
  forgetLead(leadId: number): void;
  /**
   * Queues one `lead.updated` message on each of `channels` that was sent one of the buyer's
   * leads (its `lead.created` was queued there), naming those leads. Call in the transaction of
   * the change. On the Meta Conversions channel, a change of stage queues each stage reached for
   * the buyer's leads Meta can match, once each (`createMetaStageQueue`).
   */
  announceBuyerUpdate(update: BuyerUpdate, channels: readonly string[]): void;
  /**
   * Queues one `whatsapp.message` message on each of `channels` that was sent one of the buyer's
   * leads. Call in the transaction that stores the message or its status.
   */
  announceWhatsappMessage(message: WhatsappMessageUpdate, channels: readonly string[]): void;

  /** Deletes the webhook event an intake channel stored for the lead (Meta's leadgen event). */
  deleteIntakeEvent(leadId: number): void;
}

/**
 * A buyer's update announced on the CRM channels and, a change of stage, queued for Meta's
 * Conversions API when its channel is among `channels`.
 */
function withMetaStages(
  db: Database.Database,
  announce: (update: BuyerUpdate, channels: readonly string[]) => void,
): OutboxLeadStatements['announceBuyerUpdate'] {
  const queueMetaStages = createMetaStageQueue(db);
  return (update, channels) => {
    const toMeta = channels.includes(META_CONVERSIONS_CHANNEL);
    if (toMeta && update.changed.includes('stage') && isStage(update.stage)) {
      queueMetaStages(update.buyerId, update.stage, update.at);
    }
    announce(
      update,
      channels.filter((channel) => channel !== META_CONVERSIONS_CHANNEL),
    );
  };
}

/** Made here and kept on every retry: an announcement is about several leads, named by none. */
const announcementId = () => `msg_${randomUUID().replaceAll('-', '')}`;

export function createOutboxLeadStatements(db: Database.Database): OutboxLeadStatements {
  const insert = db.prepare<{
    messageId: string;
    channel: string;
    kind: string;
    payload: string;
    dueAt: number;
  }>(`
    INSERT INTO deliveries (message_id, lead_id, channel, kind, payload, status, next_attempt_at,
      queued_at)
    VALUES (@messageId, NULL, @channel, @kind, @payload, 'pending', @dueAt, @dueAt)`);
  const mayHaveReceived = db.prepare<[number], { channel: string; public_id: string }>(`
    SELECT d.channel, l.public_id FROM deliveries d JOIN leads l ON l.id = d.lead_id
    WHERE d.lead_id = ? AND d.kind = '${LEAD_CREATED_KIND}'
      AND (d.status <> 'pending' OR d.attempts > 0)`);
  // CROSS JOIN keeps SQLite on the buyer's few leads first: left to choose, it walks every
  // delivery of the channel, which grows with every lead ever received.
  const sentToChannel = db
    .prepare<[number, string], string>(
      `
    SELECT l.public_id FROM leads l CROSS JOIN deliveries d ON d.lead_id = l.id
    WHERE l.buyer_id = ? AND d.channel = ? AND d.kind = '${LEAD_CREATED_KIND}'
    ORDER BY l.received_at, l.id`,
    )
    .pluck();
  const messageIdsOfLead = db
    .prepare<[number, string], string>(
      `SELECT message_id FROM deliveries WHERE lead_id = ? AND channel = ? ORDER BY id`,
    )
    .pluck();
  const cancelPending = db.prepare<[number]>(
    `DELETE FROM deliveries WHERE lead_id = ? AND status = 'pending'`,
  );
  const scrubSettled = db.prepare<[number]>(`
    UPDATE deliveries SET payload = NULL, last_error = NULL
    WHERE lead_id = ? AND (payload IS NOT NULL OR last_error IS NOT NULL)`);
  // A buyer's WhatsApp announcements name no lead; their payload names the buyer (and may hold
  // what was written): pending ones go, settled ones keep no payload.
  const cancelBuyerMessages = db.prepare<[number]>(`
    DELETE FROM deliveries WHERE lead_id IS NULL AND kind = '${WHATSAPP_MESSAGE_KIND}'
      AND status = 'pending'
      AND json_extract(payload, '$.buyerId') = (SELECT buyer_id FROM leads WHERE id = ?)`);
  const scrubBuyerMessages = db.prepare<[number]>(`
    UPDATE deliveries SET payload = NULL, last_error = NULL
    WHERE lead_id IS NULL AND kind = '${WHATSAPP_MESSAGE_KIND}' AND payload IS NOT NULL
      AND json_extract(payload, '$.buyerId') = (SELECT buyer_id FROM leads WHERE id = ?)`);
  // The event's read is a message about no lead; the lead names it by its `leadgen_id`.
  const deleteMetaEvent = db.prepare<[number]>(`
    DELETE FROM deliveries WHERE lead_id IS NULL AND message_id = (
      SELECT '${META_LEAD_READ_PREFIX}' || external_id FROM leads WHERE id = ? AND origin = 'meta')`);

  /** One message of `kind` on each channel that knows the buyer, naming their leads there. */
  function announce(
    update: (BuyerUpdate | WhatsappMessageUpdate) & { buyerId: number; at: number },
    channels: readonly string[],
    kind: string,
  ): void {
    for (const channel of channels) {
      const ids = sentToChannel.all(update.buyerId, channel);
      if (ids.length === 0) continue;
      const payload: LeadUpdatedPayload | WhatsappMessagePayload = { ...update, ids };
      insert.run({
        messageId: announcementId(),
        channel,
        kind,
        payload: JSON.stringify(payload),
        dueAt: update.at,
      });
    }
  }

  return {
    announceErasure(leadIds, now) {
      const byChannel = new Map<string, string[]>();
      for (const leadId of leadIds) {
        for (const { channel, public_id } of mayHaveReceived.all(leadId)) {
          byChannel.set(channel, [...(byChannel.get(channel) ?? []), public_id]);
        }
      }
      for (const [channel, ids] of byChannel) {
        const payload: LeadErasedPayload = { ids, erasedAt: now };
        insert.run({
          messageId: announcementId(),
          channel,
          kind: LEAD_ERASED_KIND,
          payload: JSON.stringify(payload),
          dueAt: now,
        });
      }
    },
    messageIdsOfLead: (leadId, channel) => messageIdsOfLead.all(leadId, channel),
    forgetLead(leadId) {
      cancelPending.run(leadId);
      scrubSettled.run(leadId);
      cancelBuyerMessages.run(leadId);
      scrubBuyerMessages.run(leadId);
    },
    announceBuyerUpdate: withMetaStages(db, (update, channels) =>
      announce(update, channels, LEAD_UPDATED_KIND),
    ),
    announceWhatsappMessage(message, channels) {
      announce(message, channels, WHATSAPP_MESSAGE_KIND);
    },
    deleteIntakeEvent(leadId) {
      deleteMetaEvent.run(leadId);
    },
  };
}
