import type { StoredLead } from './lead-types.ts';

/**
 * The outbox's table, `deliveries`: one row per message to send. A message has its own id (the
 * idempotency key its receiver sees: the email's Message-ID, a webhook's `webhook-id`), its lead
 * or none, its channel, its payload kind, and its due time; it is written in the transaction
 * of whatever made it, so it exists exactly when that change does.
 */

/** The email to the sales inbox about a new lead; its id is the lead's Message-ID. */
export const SALES_EMAIL_KIND = 'sales-email';
/** The signed webhook event about a new lead. */
export const LEAD_CREATED_KIND = 'lead.created';
/** The signed webhook event naming leads whose personal data was erased. */
export const LEAD_ERASED_KIND = 'lead.erased';

/** The signed webhook event telling that a buyer's stage or owner changed. */
export const LEAD_UPDATED_KIND = 'lead.updated';
export const WHATSAPP_MESSAGE_KIND = 'whatsapp.message';

/** What a `whatsapp.message` message carries beyond the leads it names on its endpoint. */
export interface WhatsappMessageUpdate {
  buyerId: number;
  messageId: number;
  direction: 'in' | 'out';
  kind: string;
  status: string;
  /** Only when the endpoints are to get the text (WEBHOOK_INCLUDE_MESSAGES). */
  text: string | null;
  at: number;
}

export type WhatsappMessagePayload = WhatsappMessageUpdate & { ids: string[] };

/** What a `lead.updated` message carries beyond the leads it names on its endpoint. */
export interface BuyerUpdate {
  buyerId: number;
  stage: string;
  owner: { id: number; name: string } | null;
  changed: Array<'stage' | 'owner'>;
  at: number;
}

/** The payload of a `lead.updated` message. */
export type LeadUpdatedPayload = BuyerUpdate & { ids: string[] };

/**
 * The Graph read of a Meta lead: a message about no lead yet, on its own channel, carrying the
 * webhook event that named it. Its id comes from the `leadgen_id`, so an event Meta delivers
 * again queues nothing more.
 */
export const META_LEAD_READ_KIND = 'meta.leadgen';
export const META_GRAPH_CHANNEL = 'meta-graph';

/** How a Meta lead read's message id starts; the rest is the `leadgen_id`. */
export const META_LEAD_READ_PREFIX = 'meta-leadgen:';

export function metaLeadReadId(leadgenId: string): string {
  return `${META_LEAD_READ_PREFIX}${leadgenId}`;
}

/** The payload of a Meta lead read: the lead's id, when we had the event, and the event itself. */
export interface MetaLeadgenPayload {
  leadgenId: string;
  receivedAt: number;
  /** The change's `value` exactly as Meta sent it (ids and a time; no personal data). */
  event: unknown;
}

/** The payload of a `lead.erased` message: the leads' public ids and when they were erased. */
export interface LeadErasedPayload {
  ids: string[];
  erasedAt: number;
}

export type DeliveryStatus = 'pending' | 'sent' | 'dead';

/** A message to put in the outbox. */
export interface NewMessage {
  /** The idempotency key its receiver sees; unique across the outbox. */
  messageId: string;
  channel: string;
  kind: string;
  leadId?: number | undefined;
  /** What the message carries beyond its lead, as JSON: the same body on every attempt. */
  payload?: unknown;
  dueAt: number;
}

/** What a new lead sends on one channel: the payload kind and how the message's id is made. */
export interface LeadMessageRoute {
  channel: string;
  kind: string;
  /** Made once, when the message is first queued, and stored with it. */
  messageId(lead: Pick<StoredLead, 'publicId' | 'messageId'>): string;
}

/** The sales inbox's email about a lead: the one route every store has. */
export const SALES_EMAIL_ROUTE: LeadMessageRoute = {
  channel: 'email',
  kind: SALES_EMAIL_KIND,
  messageId: (lead) => lead.messageId,
};

/** A message taken from the outbox, leased to its taker. */
export interface ClaimedDelivery {
  /** The outbox row. */
  deliveryId: number;
  /** The idempotency key its receiver sees. */
  messageId: string;
  channel: string;
  kind: string;
  /** Attempts at this message, this one included. */
  attempts: number;
  /** When the message was queued, or queued again by hand. */
  queuedAt: number;
  /** The lead it is about; undefined for a message about no single lead. */
  lead?: StoredLead | undefined;
  payload?: unknown;
}

export interface PendingSummary {
  count: number;
  /**
   * Receipt time of the oldest lead still waiting on the channel (or, for a message about no
   * lead or one queued for later, when it was due), or undefined when none.
   */
  oldestReceivedAt: number | undefined;
}

/**
 * A buyer's stage sent back to Meta's Conversions API for CRM: one message per lead and stage,
 * on its own channel, queued with the stage change. Its id names both, so a stage reached twice
 * (Lost, then back, then Lost again) is sent once.
 */
export const META_STAGE_KIND = 'meta.stage';
export const META_CONVERSIONS_CHANNEL = 'meta-conversions';

/** What a Meta stage message keeps: the stage and when it was reached; nothing personal. */
export interface MetaStagePayload {
  stage: string;
  at: number;
}

export function metaStageMessageId(leadPublicId: string, stage: string): string {
  return `meta-stage:${leadPublicId}:${stage}`;
}
