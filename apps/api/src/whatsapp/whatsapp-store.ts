import type { WHATSAPP_MESSAGE_KINDS, WHATSAPP_MESSAGE_STATUSES } from '@iconia/shared';
import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import { createOutboxLeadStatements } from '../store/outbox-announcements.ts';
import { createOutboxStatements } from '../store/outbox-store.ts';
import {
  WHATSAPP_CHANNEL,
  WHATSAPP_MEDIA_CHANNEL,
  WHATSAPP_MEDIA_KIND,
  WHATSAPP_SEND_KIND,
} from '../store/whatsapp-schema.ts';
import { readMedia, type MessageMedia } from './media-state.ts';

export type MessageKind = (typeof WHATSAPP_MESSAGE_KINDS)[number];
export type MessageStatus = (typeof WHATSAPP_MESSAGE_STATUSES)[number];

export interface MessageRow {
  id: number;
  buyer_id: number;
  lead_id: number | null;
  wamid: string | null;
  direction: 'in' | 'out';
  kind: MessageKind;
  template: string | null;
  text: string | null;
  status: MessageStatus;
  status_reason: string | null;
  /** A file's state (`media-state.ts`), as JSON; null for a message without one. */
  media: string | null;
  sent_by: number | null;
  sent_by_name: string | null;
  created_at: number;
  status_at: number;
}

/** A queued message as its send needs it: the buyer's number and name, and whether it may go. */
export interface MessageToSend extends MessageRow {
  mobile: string | null;
  erased: boolean;
  opted_out: boolean;
  /** The name on the buyer's latest enquiry. */
  name: string | null;
}

export interface NewOutgoing {
  buyerId: number;
  leadId: number | null;
  kind: 'welcome' | 'template' | 'text' | 'document' | 'location';
  template?: string | undefined;
  text?: string | undefined;
  sentBy?: number | undefined;
  at: number;
}

export interface NewIncoming {
  buyerId: number;
  leadId: number | null;
  wamid: string;
  kind: MessageKind;
  text: string | null;
  /** The Cloud API's id of the image or document sent: downloaded through the outbox. */
  mediaId?: string | undefined;
  /** When the buyer sent it (WhatsApp's timestamp). */
  at: number;
  /** When the webhook brought it: its file's download is due then. */
  receivedAt: number;
}

/** A status later than the one stored moves it on; `failed` always does. */
const STATUS_ORDER: Record<string, number> = { queued: 0, sent: 1, delivered: 2, read: 3 };

const ROW = `m.id, m.buyer_id, m.lead_id, m.wamid, m.direction, m.kind, m.template, m.text,
  m.status, m.status_reason, m.media, m.sent_by, u.name AS sent_by_name, m.created_at, m.status_at`;

function prepare(db: Database.Database) {
  return {
    insertOut: db.prepare<Record<string, unknown>, { id: number }>(`
      INSERT INTO whatsapp_messages (buyer_id, lead_id, direction, kind, template, text, status,
        sent_by, created_at, status_at)
      VALUES (@buyerId, @leadId, 'out', @kind, @template, @text, 'queued', @sentBy, @at, @at)
      ON CONFLICT DO NOTHING RETURNING id`),
    insertIn: db.prepare<Record<string, unknown>, { id: number }>(`
      INSERT INTO whatsapp_messages (buyer_id, lead_id, wamid, direction, kind, text, media,
        status, created_at, status_at)
      VALUES (@buyerId, @leadId, @wamid, 'in', @kind, @text, @media, 'received', @at, @at)
      ON CONFLICT DO NOTHING RETURNING id`),
    forSend: db.prepare<[number], MessageToSend>(`
      SELECT ${ROW}, b.mobile, b.erased_at IS NOT NULL AS erased,
        EXISTS (SELECT 1 FROM whatsapp_opt_outs o WHERE o.buyer_id = m.buyer_id
          AND o.cleared_at IS NULL) AS opted_out,
        (SELECT name FROM leads WHERE id = b.latest_lead_id) AS name
      FROM whatsapp_messages m JOIN buyers b ON b.id = m.buyer_id
      LEFT JOIN desk_users u ON u.id = m.sent_by WHERE m.id = ?`),
    sent: db.prepare<[string, number, number]>(`
      UPDATE whatsapp_messages SET wamid = ?, status = 'sent', status_at = ?, status_reason = NULL
      WHERE id = ? AND status = 'queued'`),
    failed: db.prepare<[string, number, number]>(`
      UPDATE whatsapp_messages SET status = 'failed', status_reason = ?, status_at = ?
      WHERE id = ?`),
    byWamid: db.prepare<[string], MessageRow>(
      `SELECT ${ROW} FROM whatsapp_messages m LEFT JOIN desk_users u ON u.id = m.sent_by
       WHERE m.wamid = ?`,
    ),
    status: db.prepare<[string, string | null, number, number]>(`
      UPDATE whatsapp_messages SET status = ?, status_reason = ?, status_at = ? WHERE id = ?`),
    conversation: db.prepare<[number], MessageRow>(
      `SELECT ${ROW} FROM whatsapp_messages m LEFT JOIN desk_users u ON u.id = m.sent_by
       WHERE m.buyer_id = ? ORDER BY m.created_at, m.id`,
    ),
    lastIncomingAt: db.prepare<[number], { at: number | null }>(
      `SELECT max(created_at) AS at FROM whatsapp_messages WHERE buyer_id = ? AND direction = 'in'`,
    ),
    optedOut: db.prepare<[number], { at: number }>(
      `SELECT at FROM whatsapp_opt_outs WHERE buyer_id = ? AND cleared_at IS NULL`,
    ),
    optOut: db.prepare<[number, number]>(`
      INSERT INTO whatsapp_opt_outs (buyer_id, at) VALUES (?, ?)
      ON CONFLICT (buyer_id) DO UPDATE SET at = excluded.at, cleared_at = NULL,
        cleared_by = NULL, cleared_note = NULL
      WHERE whatsapp_opt_outs.cleared_at IS NOT NULL`),
    event: db.prepare<[number, number, string]>(
      `INSERT INTO lead_events (lead_id, at, type, actor_id, text) VALUES (?, ?, 'whatsapp', NULL, ?)`,
    ),
    buyerOf: db.prepare<[string], { buyerId: number; leadId: number | null }>(
      `SELECT id AS buyerId, latest_lead_id AS leadId FROM buyers
       WHERE mobile = ? AND erased_at IS NULL`,
    ),
    clearOptOut: db.prepare<[number, number, string, number]>(`
      UPDATE whatsapp_opt_outs SET cleared_at = ?, cleared_by = ?, cleared_note = ?
      WHERE buyer_id = ? AND cleared_at IS NULL`),
    byId: db.prepare<[number], MessageRow>(
      `SELECT ${ROW} FROM whatsapp_messages m LEFT JOIN desk_users u ON u.id = m.sent_by
       WHERE m.id = ?`,
    ),
    setMedia: db.prepare<[string, number]>(`UPDATE whatsapp_messages SET media = ? WHERE id = ?`),
    mediaFiles: db.prepare<[], { file: string }>(
      `SELECT media ->> '$.file' AS file FROM whatsapp_messages WHERE media ->> '$.file' IS NOT NULL`,
    ),
    // A buyer's messages since someone on the desk last wrote to them (automatic ones answer
    // nothing): the first of them, and how many.
    firstWaiting: db.prepare<{ buyer: number }, WaitingStreak>(
      `SELECT wm.id, wm.kind, wm.text, wm.created_at AS at, count(*) OVER () AS waiting
       FROM whatsapp_messages wm WHERE wm.buyer_id = @buyer AND wm.direction = 'in'
         AND wm.created_at > coalesce((SELECT max(wo.created_at) FROM whatsapp_messages wo
           WHERE wo.buyer_id = @buyer AND wo.direction = 'out' AND wo.sent_by IS NOT NULL), 0)
       ORDER BY wm.created_at, wm.id LIMIT 1`,
    ),
    latestLead: db.prepare<[number], { id: number | null }>(
      `SELECT latest_lead_id AS id FROM buyers WHERE id = ?`,
    ),
    latestChange: db.prepare<[], { id: number | null }>(
      `SELECT max(id) AS id FROM whatsapp_changes`,
    ),
    changedAfter: db.prepare<[number], { buyerId: number; leadId: number }>(`
      SELECT DISTINCT c.buyer_id AS buyerId, b.latest_lead_id AS leadId
      FROM whatsapp_changes c JOIN buyers b ON b.id = c.buyer_id
      WHERE c.id > ? AND b.latest_lead_id IS NOT NULL`),
  };
}

/** A buyer's messages waiting for our reply: the first of them, and their number. */
export interface WaitingStreak {
  id: number;
  kind: MessageKind;
  text: string | null;
  at: number;
  waiting: number;
}

/** The outbox row that fetches a buyer's file, due when its message came. */
function mediaDownload(id: number, wamid: string, leadId: number | null, dueAt: number) {
  return {
    messageId: `whatsapp-media:${wamid}`,
    channel: WHATSAPP_MEDIA_CHANNEL,
    kind: WHATSAPP_MEDIA_KIND,
    leadId: leadId ?? undefined,
    payload: { message: id },
    dueAt,
  };
}

/** The files of buyers' messages: waiting, kept under the media folder, or not kept and why. */
function mediaRows(statements: ReturnType<typeof prepare>) {
  return {
    media: (row: MessageRow) => readMedia(row.media),
    setMedia(id: number, media: MessageMedia): boolean {
      return statements.setMedia.run(JSON.stringify(media), id).changes > 0;
    },
    /** The names of the files under the media folder that a message still refers to. */
    mediaFiles: () => new Set(statements.mediaFiles.all().map((row) => row.file)),
  };
}

/** The CRM endpoints told of each message and status (`whatsapp.message`). */
export interface MessageAnnouncements {
  /** The outbox channels of the endpoints. */
  channels: readonly string[];
  /** WEBHOOK_INCLUDE_MESSAGES: the events carry the message's text. */
  includeText: boolean;
}

/** Thrown to undo a message whose send was queued before: the send id is in the outbox. */
class AlreadyQueued extends Error {}

/** The message and its send of id `sendId`, in one transaction that the send's id makes once. */
function queueMessageOnce(
  db: Database.Database,
  statements: ReturnType<typeof prepare>,
  outbox: ReturnType<typeof createOutboxStatements>,
  announce: (id: number) => void,
) {
  return db.transaction((message: NewOutgoing, sendId: string): number | undefined => {
    const row = statements.insertOut.get({
      buyerId: message.buyerId,
      leadId: message.leadId,
      kind: message.kind,
      template: message.template ?? null,
      text: message.text ?? null,
      sentBy: message.sentBy ?? null,
      at: message.at,
    });
    if (!row) return undefined;
    const queued = outbox.queueOnce({
      messageId: sendId,
      channel: WHATSAPP_CHANNEL,
      kind: WHATSAPP_SEND_KIND,
      leadId: message.leadId ?? undefined,
      payload: { message: row.id },
      dueAt: message.at,
    });
    if (!queued) throw new AlreadyQueued();
    announce(row.id);
    return row.id;
  });
}

/**
 * WhatsApp's rows (`store/whatsapp-schema.ts`): the messages of each buyer and the opt-outs. Each
 * write joins the caller's transaction; `queueOutgoing` writes the message and its outbox send
 * together, and every message stored or status moved queues its `whatsapp.message` event for the
 * CRM endpoints in the same write.
 */
export function createWhatsappStore(
  db: Database.Database,
  announcements: MessageAnnouncements = { channels: [], includeText: false },
) {
  const statements = prepare(db);
  const outbox = createOutboxStatements(db);
  const leadOutbox = createOutboxLeadStatements(db);

  function announce(id: number): void {
    if (announcements.channels.length === 0) return;
    const row = statements.byId.get(id);
    if (!row) return;
    leadOutbox.announceWhatsappMessage(
      {
        buyerId: row.buyer_id,
        messageId: row.id,
        direction: row.direction,
        kind: row.kind,
        status: row.status,
        text: announcements.includeText ? row.text : null,
        at: row.status_at,
      },
      announcements.channels,
    );
  }

  /** An entry on the buyer's timeline, on the enquiry named or else their latest one. */
  function note(buyerId: number, leadId: number | null, at: number, text: string): void {
    const lead = leadId ?? statements.latestLead.get(buyerId)?.id ?? null;
    if (lead !== null) statements.event.run(lead, at, text);
  }

  const queueOnce = queueMessageOnce(db, statements, outbox, announce);

  return {
    db,
    /**
     * The message and its send, or undefined when the buyer already has their one welcome, or
     * when a send of `sendId` was queued before (a message made from an outbox message that is
     * delivered again after a crash: it is made once).
     */
    queueOutgoing(message: NewOutgoing, sendId = `whatsapp:${randomUUID()}`): number | undefined {
      try {
        return queueOnce(message, sendId);
      } catch (error) {
        if (error instanceof AlreadyQueued) return undefined;
        throw error;
      }
    },
    /**
     * Stores a message from a buyer, and the download of its file through the outbox; false when
     * its wamid was stored before.
     */
    /** Stores a buyer's message; answers its row, or undefined when its wamid was stored before. */
    addIncoming(message: NewIncoming): number | undefined {
      const { mediaId, receivedAt, ...fields } = message;
      const media: MessageMedia | null = mediaId ? { id: mediaId, state: 'waiting' } : null;
      const row = statements.insertIn.get({ ...fields, media: media && JSON.stringify(media) });
      if (!row) return undefined;
      if (media) outbox.queue(mediaDownload(row.id, message.wamid, message.leadId, receivedAt));
      announce(row.id);
      return row.id;
    },
    ...mediaRows(statements),
    forSend: (id: number) => statements.forSend.get(id),
    markSent(id: number, wamid: string, at: number): void {
      db.transaction(() => {
        if (statements.sent.run(wamid, at, id).changes > 0) announce(id);
      })();
    },
    markFailed(id: number, reason: string, at: number): void {
      statements.failed.run(reason, at, id);
      announce(id);
    },
    /** A status WhatsApp reported for a message we sent; the message, or undefined if unknown. */
    applyStatus(wamid: string, status: MessageStatus, reason: string | null, at: number) {
      const row = statements.byWamid.get(wamid);
      if (!row || row.direction !== 'out') return undefined;
      const moves =
        status === 'failed'
          ? row.status !== 'failed'
          : (STATUS_ORDER[status] ?? 0) > (STATUS_ORDER[row.status] ?? 4);
      if (!moves) return undefined;
      statements.status.run(status, reason, at, row.id);
      announce(row.id);
      return { ...row, status, status_reason: reason };
    },
    conversation: (buyerId: number) => statements.conversation.all(buyerId),
    lastIncomingAt: (buyerId: number) => statements.lastIncomingAt.get(buyerId)?.at ?? undefined,
    optedOutAt: (buyerId: number) => statements.optedOut.get(buyerId)?.at,
    optOut(buyerId: number, at: number): boolean {
      return statements.optOut.run(buyerId, at).changes > 0;
    },
    /** A manager cleared the opt-out on the buyer's written request; false when none stood. */
    clearOptOut(buyerId: number, at: number, userId: number, note: string): boolean {
      return statements.clearOptOut.run(at, userId, note, buyerId).changes > 0;
    },
    message: (id: number) => statements.byId.get(id),
    /** The buyer of this number (E.164) who is not erased, and their latest enquiry. */
    buyerOf: (mobile: string) => statements.buyerOf.get(mobile),
    /** The first of the buyer's messages that wait for a reply, and how many wait; or none. */
    firstWaiting: (buyerId: number): WaitingStreak | undefined =>
      statements.firstWaiting.get({ buyer: buyerId }),
    note,
    /** The newest change to any conversation (`whatsapp_changes`), 0 when none. */
    latestChange: () => statements.latestChange.get()?.id ?? 0,
    /** The buyers whose conversations changed after that change, with their latest enquiry. */
    changedAfter: (changeId: number) => statements.changedAfter.all(changeId),
  };
}

export type WhatsappStore = ReturnType<typeof createWhatsappStore>;
