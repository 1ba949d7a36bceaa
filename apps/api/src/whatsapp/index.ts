/**
 * WhatsApp (the Business Platform's Cloud API): every message to and from a buyer on the
 * business number, each outgoing one's status as WhatsApp reports it, and the buyers who opted
 * out. It owns the welcome queued with a new buyer, the outbox channel that sends through the
 * Cloud API, the webhook that brings messages and statuses in (`/intake/whatsapp`), the files
 * buyers send (fetched through the Graph media endpoint, kept under DATA_DIR/whatsapp-media), and
 * the desk's conversation routes, and the alert to a buyer's owner when their message waits 5
 * working minutes for a reply. Its tables are `whatsapp_messages` and `whatsapp_opt_outs`
 * (`store/whatsapp-schema.ts`); other features reach them only through what this module exports.
 */
export { createWhatsappChannel, WHATSAPP_WORKER } from './whatsapp-channel.ts';
export { createMediaChannel, MEDIA_WORKER } from './media-channel.ts';
export { createMediaShelf, type MediaShelf } from './media-shelf.ts';
export {
  createWhatsappStore,
  type MessageAnnouncements,
  type WhatsappStore,
} from './whatsapp-store.ts';
export { createWelcome } from './welcome.ts';
export { createVisitNews } from './visit-news.ts';
export { createWaitingAlerts, WAITING_ALERT_MINUTES, type WaitingAlerts } from './waiting-alert.ts';
export {
  createReceiveMessages,
  type ReceiveMessages,
  type WhatsappEnquiry,
} from './receive-messages.ts';
export {
  parseWhatsappWebhook,
  WhatsappWebhookSchema,
  WHATSAPP_INTAKE_PATH,
  type WhatsappEvent,
} from './whatsapp-webhook.ts';
export { conversationRoutes, type ConversationRouteDeps } from './conversation-routes.ts';
export { conversationChanges, createConversation, type Conversation } from './conversation.ts';
export { createClaimCodeSender, type ClaimCodeSender } from './claim-code.ts';
