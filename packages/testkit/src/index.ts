export { CHROMIUM_ARGS, DEFAULT_CHROME_PATH, resolveChromium } from './chromium.ts';
export { createTestClock, START_TIME, type TestClock } from './clock.ts';
export {
  conversionsEventProblem,
  startConversionsApi,
  type ConversionsApi,
  type ConversionsApiOptions,
  type ConversionsEvent,
  type ConversionsRequest,
} from './conversions-api.ts';
export {
  startGraphApi,
  type GraphApi,
  type GraphApiOptions,
  type GraphFailure,
  type GraphFieldData,
  type GraphLead,
  type GraphRequest,
} from './graph-api.ts';
export { metaLeadgenEvent, metaSignature } from './meta-events.ts';
export { platformSample, type PlatformSample } from './platform-samples.ts';
export { freePort } from './ports.ts';
export {
  decryptAes128gcm,
  startPushService,
  verifyVapid,
  type PushDevice,
  type PushService,
  type ReceivedPush,
} from './push-service.ts';
export {
  startSmtpInbox,
  type ReceivedMail,
  type SmtpInbox,
  type SmtpInboxOptions,
} from './smtp-inbox.ts';
export { createTempDir, type TempDir } from './temp-dir.ts';
export {
  answer,
  startWebhookReceiver,
  type ReceivedPost,
  type Reply,
  type WebhookReceiver,
} from './webhook-receiver.ts';
export {
  startWhatsappCloudApi,
  whatsappSendProblem,
  type WhatsappCloudApi,
  type WhatsappCloudApiOptions,
  type WhatsappFailure,
  type WhatsappMedia,
  type WhatsappSend,
  type WhatsappSendBody,
} from './whatsapp-cloud-api.ts';
export {
  whatsappMessageEvent,
  whatsappStatusEvent,
  type IncomingWhatsappMessage,
  type WhatsappReferral,
  type WhatsappStatus,
} from './whatsapp-events.ts';
export * from './portals/index.ts';
