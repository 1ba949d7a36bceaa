import type {
  WhatsappConversation,
  WhatsappMessage,
  WhatsappQuickReply,
  WhatsappTemplate,
} from '@iconia/shared';
import {
  assertMayWork,
  recordOwnerMessage,
  type BuyerStore,
  type InboxRow,
  type LiveChanges,
} from '../buyers/index.ts';
import type { RoutingOfWork } from '../buyers/index.ts';
import { DeskError } from '../desk/desk-error.ts';
import type { DeskUser } from '../desk/desk-types.ts';
import { indiaTimestamp } from '../format/india-day.ts';
import { MEDIA_TYPES } from './media-fetch.ts';
import type { MediaShelf } from './media-shelf.ts';
import { readMedia } from './media-state.ts';
import { nextFreeSlots, quickReplyMessage, type SlotAvailability } from './quick-replies.ts';
import { isTemplateKey, TEMPLATE_LABELS } from './templates.ts';
import type { MessageRow, WhatsappStore } from './whatsapp-store.ts';

/** WhatsApp's customer service window: free text may go this long after the buyer last wrote. */
export const SERVICE_WINDOW_MS = 24 * 60 * 60 * 1000;

export const WINDOW_CLOSED =
  'More than 24 hours since the buyer last wrote: send a template instead.';
export const OPTED_OUT =
  'The buyer asked for no more WhatsApp messages; a manager can clear that only on their written request.';
export const NOT_SET_UP = 'WhatsApp is not set up on this server.';
const NOT_OPTED_OUT = 'The buyer has not opted out of WhatsApp messages.';
const ERASED = "This lead's personal data was erased; it can no longer be worked.";

/** What a message is, in words, when it has no text to show. */
export const MESSAGE_KIND_WORDS: Record<MessageRow['kind'], string> = {
  welcome: 'Template',
  template: 'Template',
  text: 'Text',
  image: 'Image',
  document: 'Document',
  location: 'Location',
  button: 'Button reply',
  other: 'Another kind of message',
};

const NO_FILE = 'This message has no file the desk keeps.';

/** The file of a message from the buyer, where the desk downloads it, once it is kept. */
function mediaJson(row: MessageRow, leadId: number): WhatsappMessage['media'] {
  const media = readMedia(row.media);
  if (media?.state !== 'kept') return null;
  const url = `/desk/api/leads/${leadId}/whatsapp/media/${row.id}`;
  return { type: media.type, size: media.size, url };
}

function failureOf(row: MessageRow): string | null {
  if (row.status === 'failed') return row.status_reason;
  const media = readMedia(row.media);
  return media?.state === 'refused' ? `File not kept: ${media.reason}` : null;
}

function toMessageJson(row: MessageRow, leadId: number): WhatsappMessage {
  const template = row.kind === 'welcome' ? 'welcome' : row.template;
  return {
    id: row.id,
    direction: row.direction,
    kind: row.kind,
    text: row.text,
    what: isTemplateKey(template)
      ? `Template: ${TEMPLATE_LABELS[template]}`
      : MESSAGE_KIND_WORDS[row.kind],
    template,
    status: row.status,
    failure: failureOf(row),
    media: mediaJson(row, leadId),
    sentBy: row.sent_by_name,
    at: indiaTimestamp(row.created_at),
    statusAt: indiaTimestamp(row.status_at),
  };
}

export interface ConversationOptions {
  store: WhatsappStore;
  buyers: BuyerStore;
  routing: RoutingOfWork;
  /** Wakes the sends' worker; undefined when WhatsApp is not set up. */
  wake: (() => void) | undefined;
  /** The files buyers sent; undefined when WhatsApp is not set up. */
  media?: MediaShelf | undefined;
  /** The site visits' slots and their room, for the free slots a quick reply offers. */
  availability: SlotAvailability;
}

/** What the desk sends: its kind, and its text, template or both. */
interface Outgoing {
  kind: 'text' | 'template' | 'document' | 'location';
  text?: string;
  template?: string;
}

/** Stores the message with its send, and the owner's message answering their clock, at once. */
function queueMessage(
  { store, buyers, routing }: ConversationOptions,
  user: DeskUser,
  lead: InboxRow,
  message: Outgoing,
  now: number,
): WhatsappMessage {
  const id = store.db.transaction(() => {
    const queued = store.queueOutgoing({
      buyerId: lead.buyer_id,
      leadId: lead.id,
      ...message,
      sentBy: user.id,
      at: now,
    });
    recordOwnerMessage(buyers, routing, user, lead, 'Wrote on WhatsApp', now);
    return queued!;
  })();
  return toMessageJson(store.message(id)!, lead.id);
}

/**
 * The desk's side of a buyer's WhatsApp: reading the conversation, a reply inside the 24-hour
 * window, an approved template at any time, and a manager clearing an opt-out. Each send is
 * stored with its outbox row in one transaction, and the owner's send answers their clock there.
 */
export function createConversation(options: ConversationOptions) {
  const { store, buyers, wake, availability } = options;

  function windowOf(buyerId: number, now: number) {
    const last = store.lastIncomingAt(buyerId);
    const until = last === undefined ? undefined : last + SERVICE_WINDOW_MS;
    return { open: until !== undefined && now < until, until };
  }

  function mayQueue(user: DeskUser, lead: InboxRow): () => void {
    assertMayWork(user, lead);
    if (!wake) throw new DeskError(503, NOT_SET_UP);
    if (lead.erased_at !== null) throw new DeskError(409, ERASED);
    if (store.optedOutAt(lead.buyer_id) !== undefined) throw new DeskError(409, OPTED_OUT);
    return wake;
  }

  const queue = (user: DeskUser, lead: InboxRow, message: Outgoing, now: number) =>
    queueMessage(options, user, lead, message, now);

  /** Free text, a document or a pin: only inside the 24-hour window. */
  function inWindow(
    user: DeskUser,
    lead: InboxRow,
    content: () => Outgoing,
    now: number,
  ): WhatsappMessage {
    const wakeSends = mayQueue(user, lead);
    if (!windowOf(lead.buyer_id, now).open) throw new DeskError(409, WINDOW_CLOSED);
    const message = queue(user, lead, content(), now);
    wakeSends();
    return message;
  }

  return {
    view(user: DeskUser, lead: InboxRow, now: number): WhatsappConversation {
      assertMayWork(user, lead);
      const optedOutAt = store.optedOutAt(lead.buyer_id);
      const window = windowOf(lead.buyer_id, now);
      return {
        configured: wake !== undefined,
        optedOutAt: optedOutAt === undefined ? null : indiaTimestamp(optedOutAt),
        window: {
          open: window.open,
          until: window.until === undefined ? null : indiaTimestamp(window.until),
        },
        messages: store.conversation(lead.buyer_id).map((row) => toMessageJson(row, lead.id)),
      };
    },
    reply: (user: DeskUser, lead: InboxRow, text: string, now: number): WhatsappMessage =>
      inWindow(user, lead, () => ({ kind: 'text', text }), now),
    /** The brochure, the site's pin or the next free slots: inside the window, as a reply is. */
    quickReply: (user: DeskUser, lead: InboxRow, reply: WhatsappQuickReply, now: number) =>
      inWindow(
        user,
        lead,
        () => quickReplyMessage(reply, () => nextFreeSlots(availability, now)),
        now,
      ),
    sendTemplate(
      user: DeskUser,
      lead: InboxRow,
      template: WhatsappTemplate,
      detail: string | undefined,
      now: number,
    ): WhatsappMessage {
      const wakeSends = mayQueue(user, lead);
      const message = queue(
        user,
        lead,
        { kind: 'template', template, ...(detail !== undefined && { text: detail }) },
        now,
      );
      wakeSends();
      return message;
    },
    /** The file a buyer sent in one of their messages, with its type and a name to save it by. */
    async mediaFile(user: DeskUser, lead: InboxRow, messageId: number) {
      assertMayWork(user, lead);
      const row = store.message(messageId);
      const media = row && readMedia(row.media);
      if (!row || row.buyer_id !== lead.buyer_id || media?.state !== 'kept' || !options.media) {
        throw new DeskError(404, NO_FILE);
      }
      const bytes = await options.media.read(media.file).catch(() => undefined);
      if (!bytes) throw new DeskError(404, NO_FILE);
      const name = `whatsapp-${row.id}.${MEDIA_TYPES[media.type] ?? 'bin'}`;
      return { bytes, type: media.type, name };
    },
    clearOptOut(user: DeskUser, lead: InboxRow, reason: string, now: number): void {
      store.db.transaction(() => {
        if (!store.clearOptOut(lead.buyer_id, now, user.id, reason)) {
          throw new DeskError(409, NOT_OPTED_OUT);
        }
        buyers.addEvent(lead.id, now, {
          type: 'whatsapp',
          actorId: user.id,
          text: 'WhatsApp opt-out cleared on the buyer’s written request',
          detail: reason,
        });
      })();
    },
  };
}

export type Conversation = ReturnType<typeof createConversation>;

/**
 * The desk's live stream tells of each conversation that changed as a `whatsapp` event, naming
 * the buyer's latest enquiry like `lead-changed`: `{ id, buyerId }`.
 */
export function conversationChanges(store: WhatsappStore): LiveChanges {
  return {
    event: 'whatsapp',
    latest: store.latestChange,
    after: (changeId) =>
      store.changedAfter(changeId).map(({ leadId, buyerId }) => ({ id: leadId, buyerId })),
  };
}
