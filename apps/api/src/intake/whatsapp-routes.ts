import { Router } from 'express';
import { META_REPLIES } from '@iconia/shared';
import type { Clock } from '../clock.ts';
import type { Logger } from '../logger.ts';
import { REPLIES } from '../http/replies.ts';
import {
  parseWhatsappWebhook,
  WHATSAPP_INTAKE_PATH,
  type ReceiveMessages,
} from '../whatsapp/index.ts';
import { readExactJsonBody, type IntakeHandler, type IntakeHttp } from './intake-http.ts';
import { isMetaSignature, verifyHandshake } from './meta-routes.ts';

/** The source WhatsApp's requests are counted and refused under. */
export const WHATSAPP_SOURCE = 'whatsapp';

export interface WhatsappRoutesOptions {
  /** WhatsApp's settings; undefined when it is off (both endpoints answer 404). */
  settings: { appSecret: string; verifyToken: string; phoneNumberId: string } | undefined;
  intakeHttp: IntakeHttp;
  receive: ReceiveMessages | undefined;
  clock: Clock;
  logger: Logger;
}

/**
 * `GET /intake/whatsapp`: Meta's subscription handshake, as for lead ads. `POST
 * /intake/whatsapp`: a WhatsApp Business Account webhook, signed with the app's secret, whose
 * messages and statuses are stored (on disk) before the `200`. A bad signature stores nothing; a
 * failure to store answers `500`, and Meta delivers the post again. A signed post is never
 * refused for what is inside it: only a body that is not such a webhook at all answers `400`.
 */
export function createWhatsappRouter(options: WhatsappRoutesOptions): Router {
  const { settings, intakeHttp, clock, logger } = options;

  const handshake: IntakeHandler = (request) =>
    settings
      ? verifyHandshake(request, settings.verifyToken)
      : { status: 404, reason: REPLIES.notFound };

  const receive: IntakeHandler = async (request) => {
    if (!settings || !options.receive) return { status: 404, reason: REPLIES.notFound };
    if (!isMetaSignature(request.body, request.header('x-hub-signature-256'), settings.appSecret)) {
      return { status: 401, reason: META_REPLIES.badSignature };
    }
    const json = readExactJsonBody(request);
    if (!json.ok) return json.answer;
    const parsed = parseWhatsappWebhook(json.value, settings.phoneNumberId, clock.now());
    if ('field' in parsed) return { status: 400, reason: META_REPLIES.invalid(parsed.field) };
    if (parsed.skipped.length > 0) {
      logger.warn({ skipped: parsed.skipped }, 'whatsapp webhook parts not as documented; skipped');
    }
    await options.receive(parsed.events);
    return { status: 200 };
  };

  const router = Router();
  router
    .route(WHATSAPP_INTAKE_PATH)
    .get(...intakeHttp.endpoint(WHATSAPP_SOURCE, handshake))
    .post(...intakeHttp.endpoint(WHATSAPP_SOURCE, receive))
    .all(intakeHttp.otherMethods(['GET', 'POST']));
  return router;
}
