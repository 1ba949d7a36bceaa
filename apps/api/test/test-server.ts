/**
 * The API's servers for tests, benches and drills, in this repository's other packages too: in
 * this process (`startTestServer`), or as a child process as production runs it
 * (`startServerProcess`, `startSiteServer`); the desk's, with accounts and sign-in
 * (`startDeskTestServer`); WhatsApp's Cloud API peer set up as the API expects it.
 */
export * from './in-process.ts';
export {
  PASSWORD,
  startDeskTestServer,
  type DeskTestServer,
} from '../src/desk/desk-test-support.ts';
export * from './server-process.ts';
export {
  postWebhook as postWhatsappWebhook,
  startCloudApiPeer,
  WHATSAPP_PHONE_NUMBER_ID,
  whatsappEnv,
} from '../src/whatsapp/whatsapp-test-support.ts';
