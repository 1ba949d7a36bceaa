import * as v from 'valibot';

/**
 * WhatsApp's tables (their queries: `whatsapp/`):
 *
 * - `whatsapp_messages`: every message to and from a buyer on the business number, oldest first
 *   by `created_at`. `wamid` is WhatsApp's id of the message, unique: a webhook delivered again
 *   adds nothing, and a status names the message it is about. An outgoing message is written
 *   `queued` in the transaction that queues its send in the outbox, then follows WhatsApp's
 *   statuses; `status_reason` is Meta's reason in words when it failed. One welcome per buyer.
 * - `whatsapp_opt_outs`: buyers who asked for no more messages (STOP, or the template's opt-out
 *   button): no template goes to them again. A manager clears it only on the buyer's written
 *   request, recorded in `cleared_note`.
 *
 * Both go with their buyer. Erasing a buyer deletes their messages (text and media) in the
 * erasure's own transaction, whichever part of the server erases them (the trigger below), and
 * secure deletion zeroes them on disk.
 */
export const WHATSAPP_MIGRATION = `
  CREATE TABLE whatsapp_messages (
    id            INTEGER PRIMARY KEY,
    buyer_id      INTEGER NOT NULL REFERENCES buyers (id) ON DELETE CASCADE,
    lead_id       INTEGER REFERENCES leads (id) ON DELETE SET NULL,
    wamid         TEXT    UNIQUE,
    direction     TEXT    NOT NULL CHECK (direction IN ('in', 'out')),
    kind          TEXT    NOT NULL CHECK (kind IN
                    ('welcome', 'template', 'text', 'image', 'document', 'location', 'button',
                     'other')),
    template      TEXT,
    text          TEXT,
    media         TEXT,
    status        TEXT    NOT NULL CHECK (status IN
                    ('queued', 'sent', 'delivered', 'read', 'failed', 'received')),
    status_reason TEXT,
    sent_by       INTEGER REFERENCES desk_users (id),
    created_at    INTEGER NOT NULL,
    status_at     INTEGER NOT NULL
  ) STRICT;
  CREATE INDEX whatsapp_messages_by_buyer ON whatsapp_messages (buyer_id, created_at, id);
  CREATE UNIQUE INDEX whatsapp_one_welcome ON whatsapp_messages (buyer_id) WHERE kind = 'welcome';
  CREATE TABLE whatsapp_opt_outs (
    buyer_id     INTEGER PRIMARY KEY REFERENCES buyers (id) ON DELETE CASCADE,
    at           INTEGER NOT NULL,
    cleared_at   INTEGER,
    cleared_by   INTEGER REFERENCES desk_users (id),
    cleared_note TEXT
  ) STRICT;
  CREATE TRIGGER whatsapp_messages_erased_with_buyer
    AFTER UPDATE OF erased_at ON buyers WHEN NEW.erased_at IS NOT NULL
  BEGIN
    DELETE FROM whatsapp_messages WHERE buyer_id = NEW.id;
  END;
`;

/**
 * The outbox channel of the files buyers send: one download per message with `media`, through
 * the Graph media endpoint. `whatsapp_messages.media` is its JSON: the media id, then the file's
 * name under DATA_DIR/whatsapp-media with its type and size, or why it was not kept.
 */
export const WHATSAPP_MEDIA_CHANNEL = 'whatsapp-media';
export const WHATSAPP_MEDIA_KIND = 'whatsapp.media';

/** The outbox channel of WhatsApp sends: one message per row of `whatsapp_messages`. */
export const WHATSAPP_CHANNEL = 'whatsapp';
export const WHATSAPP_SEND_KIND = 'whatsapp.send';

/**
 * A buyer's site visit to tell them of on WhatsApp (queued by the visits, due at once for a
 * booking, a move or a cancellation and at its time for a reminder); when it comes due the
 * WhatsApp channel turns it into the template message, if the visit is still as it was.
 */
export const WHATSAPP_VISIT_KIND = 'whatsapp.visit';

export const WHATSAPP_VISIT_NEWS = [
  'booked',
  'moved',
  'cancelled',
  'day_before',
  'two_hours',
] as const;

export const whatsappVisitPayloadSchema = v.object({
  visitId: v.number(),
  revision: v.number(),
  which: v.picklist(WHATSAPP_VISIT_NEWS),
});
export type WhatsappVisitPayload = v.InferOutput<typeof whatsappVisitPayloadSchema>;

/**
 * A buyer's first message of a waiting streak (their messages since someone on the desk last
 * wrote to them), checked when 5 working minutes have passed: if it still waits, the WhatsApp
 * channel alerts the owner (the managers for a buyer with none) by email and push, once.
 */
export const WHATSAPP_WAITING_KIND = 'whatsapp.waiting';

export const whatsappWaitingPayloadSchema = v.object({
  buyerId: v.number(),
  /** The row of `whatsapp_messages` that began the streak. */
  message: v.number(),
});
export type WhatsappWaitingPayload = v.InferOutput<typeof whatsappWaitingPayloadSchema>;

/** The email of that alert: everything it says, fixed when queued. */
export const WHATSAPP_WAITING_EMAIL_KIND = 'whatsapp-waiting-alert';

export const whatsappWaitingEmailSchema = v.object({
  to: v.pipe(v.array(v.object({ name: v.string(), address: v.string() })), v.minLength(1)),
  /** Whether it goes to the managers because the buyer has no owner to answer. */
  toManagers: v.boolean(),
  leadId: v.number(),
  name: v.string(),
  mobile: v.string(),
  /** The first message's words (or what it is), cut short. */
  said: v.string(),
  waiting: v.number(),
  since: v.number(),
  minutes: v.number(),
});
export type WhatsappWaitingEmail = v.InferOutput<typeof whatsappWaitingEmailSchema>;

/**
 * `whatsapp_changes`: one row each time a buyer's conversation changes (a message stored, a
 * status moved), written by triggers whichever part of the server made the change, so the desk's
 * live stream hears of it by polling as it does for leads. Only the newest thousand are kept.
 */
export const WHATSAPP_CHANGES_MIGRATION = `
  CREATE TABLE whatsapp_changes (
    id       INTEGER PRIMARY KEY AUTOINCREMENT,
    buyer_id INTEGER NOT NULL
  ) STRICT;
  CREATE TRIGGER whatsapp_message_stored AFTER INSERT ON whatsapp_messages
  BEGIN
    INSERT INTO whatsapp_changes (buyer_id) VALUES (NEW.buyer_id);
    DELETE FROM whatsapp_changes WHERE id <= (SELECT max(id) FROM whatsapp_changes) - 1000;
  END;
  CREATE TRIGGER whatsapp_status_moved AFTER UPDATE OF status ON whatsapp_messages
  BEGIN
    INSERT INTO whatsapp_changes (buyer_id) VALUES (NEW.buyer_id);
    DELETE FROM whatsapp_changes WHERE id <= (SELECT max(id) FROM whatsapp_changes) - 1000;
  END;
`;
