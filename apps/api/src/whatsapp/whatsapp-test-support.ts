import request from 'supertest';
import { metaSignature, startWhatsappCloudApi, type WhatsappCloudApi } from '@iconia/testkit';
import { GRAPH_API_VERSION } from '../config/meta-config.ts';

export const WHATSAPP_TOKEN = 'EAAGwhatsappSystemUserToken';
export const WHATSAPP_PHONE_NUMBER_ID = '106540352242922';
export const WHATSAPP_APP_SECRET = 'whatsapp-app-secret';
export const WHATSAPP_VERIFY_TOKEN = 'whatsapp-verify';

/** The Cloud API peer for the tests, on the version the API pins. */
export function startCloudApiPeer(): Promise<WhatsappCloudApi> {
  return startWhatsappCloudApi({
    version: GRAPH_API_VERSION,
    phoneNumberId: WHATSAPP_PHONE_NUMBER_ID,
    accessToken: WHATSAPP_TOKEN,
  });
}

/** The server's WhatsApp settings, sending to the peer. */
export function whatsappEnv(api: WhatsappCloudApi): Record<string, string> {
  return {
    WHATSAPP_PHONE_NUMBER_ID,
    WHATSAPP_ACCESS_TOKEN: WHATSAPP_TOKEN,
    WHATSAPP_APP_SECRET,
    WHATSAPP_VERIFY_TOKEN,
    WHATSAPP_WELCOME_TEMPLATE: 'brochure_welcome:en',
    WHATSAPP_GRAPH_URL: api.url,
    SITE_URL: 'https://www.iconia.test',
  };
}

/** Meta's post of a webhook to `/intake/whatsapp`, signed with the app's secret (or another). */
export function postWebhook(url: string, body: string, secret = WHATSAPP_APP_SECRET) {
  return request(url)
    .post('/intake/whatsapp')
    .set('Content-Type', 'application/json')
    .set('X-Hub-Signature-256', metaSignature(body, secret))
    .send(body);
}
