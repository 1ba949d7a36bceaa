import type { CampaignField } from '@iconia/shared';
import { reasonInWords } from './whatsapp-reasons.ts';
import type { MessageKind, WhatsappStore } from './whatsapp-store.ts';
import type { WebhookMessage, WhatsappEvent, WhatsappReferral } from './whatsapp-webhook.ts';

/**
 * A WhatsApp enquiry as the intake stores it (the shape of the intake's enquiry, which this
 * feature may not import; the composition root hands one to the other).
 */
export interface WhatsappEnquiry {
  origin: 'whatsapp';
  /** The first message's wamid: a webhook delivered again is the same enquiry. */
  externalId: string;
  name: string;
  mobile: string;
  message?: string;
  campaign?: Partial<Record<CampaignField, string>>;
  answers: Record<string, string>;
  receivedAt: number;
  /** What is not as WhatsApp documents it, in words; the enquiry is kept all the same. */
  problems?: string[];
  /** The first message itself, written in the transaction that stores the lead. */
  alongside?: (lead: { id: number; buyerId: number }) => void;
}

export interface ReceiveOptions {
  store: WhatsappStore;
  /** Stores an enquiry from an unknown number as a new lead (routed as any other) on disk. */
  ingest: (enquiry: WhatsappEnquiry) => Promise<{ lead: { id: number; buyerId: number } }>;
  /**
   * Runs a write and resolves once it is on disk, in one sync with the other posts' writes of the
   * same moment (the store's write batch); the post is answered only after.
   */
  durably: <T>(write: () => T) => Promise<T>;
  /** A buyer's conversation changed: the desk's live view and the CRM hear of it. */
  onChange?: (buyerId: number, change: { direction: 'in' | 'out'; status: string }) => void;
  /** In the write that stored a buyer's message (its row): the waiting alert's clock. */
  onIncoming?: (buyerId: number, leadId: number | null, messageId: number, at: number) => void;
  /** A buyer's file waits in the outbox to be fetched. */
  onMediaQueued?: () => void;
}

/** The Cloud API's id of the file an image or document carries. */
function mediaIdOf(message: WebhookMessage): string | undefined {
  if (message.type === 'image') return message.image?.id;
  if (message.type === 'document') return message.document?.id;
  return undefined;
}

type MessageEvent = Extract<WhatsappEvent, { type: 'message' }>;

/** The answer an unreadable message's enquiry keeps its JSON under. */
export const UNREADABLE_ANSWER = 'WhatsApp message as sent';

/** Longest list of a message's problems noted on the timeline. */
const PROBLEMS_NOTE_MAX_LENGTH = 600;

/** The timeline's note of a message from the buyer, with what was not as documented. */
function noteOf(problems: readonly string[]): string {
  if (problems.length === 0) return 'WhatsApp message from the buyer';
  const words = problems.join('; ');
  const cut =
    words.length > PROBLEMS_NOTE_MAX_LENGTH
      ? `${words.slice(0, PROBLEMS_NOTE_MAX_LENGTH)}…`
      : words;
  return `WhatsApp message from the buyer, not as WhatsApp documents it (shown as far as it reads): ${cut}`;
}

/** The words a buyer writes, or the button they tap, to stop every message from us. */
const STOP_WORDS = new Set(['stop', 'unsubscribe', 'stop promotions', 'stop all']);

export function isStopRequest(message: WebhookMessage): boolean {
  const said = message.text?.body ?? message.button?.text ?? message.button?.payload ?? '';
  return STOP_WORDS.has(said.trim().toLowerCase());
}

/** The message as the conversation shows it: its kind and its words (a caption, a place). */
export function contentOf(message: WebhookMessage): { kind: MessageKind; text: string | null } {
  switch (message.type) {
    case 'text':
      return { kind: 'text', text: message.text?.body ?? null };
    case 'button':
      return { kind: 'button', text: message.button?.text ?? message.button?.payload ?? '' };
    case 'interactive': {
      const reply = message.interactive?.button_reply ?? message.interactive?.list_reply;
      return { kind: 'button', text: reply?.title ?? '' };
    }
    case 'image':
      return { kind: 'image', text: message.image?.caption ?? null };
    case 'document':
      return {
        kind: 'document',
        text: message.document?.caption ?? message.document?.filename ?? null,
      };
    case 'location': {
      const place = message.location;
      const words = [place?.name, place?.address].filter(Boolean).join(', ');
      return {
        kind: 'location',
        text: place ? `${words ? `${words} ` : ''}(${place.latitude}, ${place.longitude})` : null,
      };
    }
    case 'reaction': {
      const emoji = message.reaction?.emoji;
      return {
        kind: 'other',
        text: emoji ? `Reacted ${emoji} to a message` : 'Took back a reaction',
      };
    }
    case 'contacts': {
      const names = (message.contacts ?? []).map((card) => card.name?.formatted_name);
      const named = names.filter(Boolean).join(', ');
      return { kind: 'other', text: `Shared a contact card${named ? `: ${named}` : ''}` };
    }
    case 'unsupported': {
      const error = message.errors?.[0];
      const why = error?.error_data?.details ?? error?.title;
      return {
        kind: 'other',
        text: `A message WhatsApp does not pass on${why ? ` (${why})` : ''}: open WhatsApp to see it`,
      };
    }
    default:
      return {
        kind: 'other',
        text: `${/^[aeiou]/.test(message.type) ? 'An' : 'A'} ${message.type} message (open WhatsApp to see it)`,
      };
  }
}

/**
 * A Click-to-WhatsApp ad's referral as the enquiry's attribution: the ad's id under source `meta`
 * and medium `click_to_whatsapp`, its headline as the campaign the reports group by; its link and
 * click id are kept as answers.
 */
export function referralAttribution(referral: WhatsappReferral | undefined) {
  if (!referral) return { answers: {} };
  const campaign: Partial<Record<CampaignField, string>> = {
    utm_source: 'meta',
    utm_medium: 'click_to_whatsapp',
  };
  if (referral.headline) campaign.utm_campaign = referral.headline;
  if (referral.source_id) campaign.utm_content = referral.source_id;
  const answers: Record<string, string> = {};
  if (referral.source_url) answers['Ad link'] = referral.source_url;
  if (referral.source_type) answers['Ad type'] = referral.source_type;
  if (referral.ctwa_clid) answers['Click id (ctwa_clid)'] = referral.ctwa_clid;
  return { campaign, answers };
}

/**
 * Applies a webhook's events, each stored before the post is answered: a message lands in its
 * buyer's conversation (a number we do not know becomes a new buyer of origin `whatsapp`, routed
 * as any lead, named from their profile, the ad that brought them kept as attribution); STOP opts
 * them out; a status moves our message on. A message's wamid makes a redelivery add nothing. A
 * message not as documented is kept as far as it reads, its problems noted on the timeline; one
 * with no usable sender or id becomes an enquiry with no number, its JSON kept as an answer.
 */
export function createReceiveMessages(options: ReceiveOptions) {
  const { store } = options;

  /**
   * Keeps a message in its buyer's conversation, in the caller's transaction: its row, its note
   * on the timeline, the waiting alert's clock, and STOP's opt-out. False when its wamid is
   * already kept.
   */
  function keep(event: MessageEvent, buyerId: number, leadId: number | null): boolean {
    const { kind, text } = contentOf(event.message);
    const { receivedAt } = event;
    const added = store.addIncoming({
      buyerId,
      leadId,
      wamid: event.message.id,
      kind,
      text,
      mediaId: mediaIdOf(event.message),
      at: Number(event.message.timestamp) * 1000 || receivedAt,
      receivedAt,
    });
    if (added === undefined) return false;
    store.note(buyerId, leadId, receivedAt, noteOf(event.problems));
    // STOP waits for no reply: it ends the conversation.
    if (!isStopRequest(event.message)) options.onIncoming?.(buyerId, leadId, added, receivedAt);
    if (isStopRequest(event.message) && store.optOut(buyerId, receivedAt)) {
      store.note(buyerId, leadId, receivedAt, 'Opted out of WhatsApp messages (wrote STOP)');
    }
    return true;
  }

  /**
   * A number we do not know is stored as a new lead through the intake, with its first message
   * kept in the same transaction: one disk sync before the answer, not two.
   */
  async function keepWithNewLead(event: MessageEvent): Promise<{ buyerId: number; kept: boolean }> {
    const { kind, text } = contentOf(event.message);
    const attribution = referralAttribution(event.message.referral);
    let kept = false;
    const { lead } = await options.ingest({
      origin: 'whatsapp',
      externalId: event.message.id,
      name: event.name,
      mobile: `+${event.message.from}`,
      ...(kind === 'text' && text ? { message: text } : {}),
      ...(attribution.campaign ? { campaign: attribution.campaign } : {}),
      answers: attribution.answers,
      receivedAt: event.receivedAt,
      problems: event.problems,
      alongside: (stored) => {
        kept = keep(event, stored.buyerId, stored.id);
      },
    });
    return { buyerId: lead.buyerId, kept };
  }

  async function receiveMessage(event: MessageEvent) {
    const known = store.buyerOf(`+${event.message.from}`);
    const { buyerId, kept } = known
      ? {
          buyerId: known.buyerId,
          kept: await options.durably(() => keep(event, known.buyerId, known.leadId)),
        }
      : await keepWithNewLead(event);
    if (!kept) return;
    options.onChange?.(buyerId, { direction: 'in', status: 'received' });
    if (mediaIdOf(event.message)) options.onMediaQueued?.();
  }

  /** No sender or id to place it by: an enquiry with no number, for a manager to look at. */
  async function receiveUnreadable(event: Extract<WhatsappEvent, { type: 'unreadable' }>) {
    await options.ingest({
      origin: 'whatsapp',
      externalId: event.key,
      name: event.name,
      mobile: '',
      answers: { [UNREADABLE_ANSWER]: event.json },
      receivedAt: event.receivedAt,
      problems: event.problems,
    });
  }

  async function receiveStatus(event: Extract<WhatsappEvent, { type: 'status' }>) {
    const { status } = event;
    const error = status.errors?.[0];
    const reason = status.status === 'failed' ? reasonInWords(error?.code, error?.title) : null;
    const at = Number(status.timestamp) * 1000 || event.receivedAt;
    const changed = await options.durably(() => {
      const row = store.applyStatus(status.id, status.status, reason, at);
      if (row && reason)
        store.note(row.buyer_id, row.lead_id, event.receivedAt, `WhatsApp message: ${reason}`);
      return row;
    });
    if (changed) options.onChange?.(changed.buyer_id, { direction: 'out', status: status.status });
  }

  return async function receive(events: readonly WhatsappEvent[]): Promise<void> {
    for (const event of events) {
      if (event.type === 'message') await receiveMessage(event);
      else if (event.type === 'status') await receiveStatus(event);
      else await receiveUnreadable(event);
    }
  };
}

export type ReceiveMessages = ReturnType<typeof createReceiveMessages>;
