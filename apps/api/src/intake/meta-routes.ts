import { createHmac, timingSafeEqual } from 'node:crypto';
import { Router } from 'express';
import { META_INTAKE_PATH, META_REPLIES, parseMetaLeadgens } from '@iconia/shared';
import type { Clock } from '../clock.ts';
import { REPLIES } from '../http/replies.ts';
import type { LeadStore } from '../store/lead-store.ts';
import {
  META_GRAPH_CHANNEL,
  META_LEAD_READ_KIND,
  metaLeadReadId,
  type MetaLeadgenPayload,
} from '../store/outbox-store.ts';
import {
  readExactJsonBody,
  type IntakeAnswer,
  type IntakeHandler,
  type IntakeHttp,
  type IntakeRequest,
} from './intake-http.ts';

/** The source Meta's requests are counted and refused under. */
export const META_SOURCE = 'meta';

export interface MetaRoutesOptions {
  /** The channel's settings; undefined when it is off (both endpoints answer 404). */
  settings: { appSecret: string; verifyToken: string } | undefined;
  intakeHttp: IntakeHttp;
  store: Pick<LeadStore, 'queueNewMessages'>;
  clock: Clock;
  /** Graph reads were queued: start them now rather than at the next poll. */
  onQueued: () => void;
}

/** `sha256=<hex>` of the raw body with the app secret, compared in constant time. */
export function isMetaSignature(body: Buffer, header: string | undefined, secret: string): boolean {
  if (!header?.startsWith('sha256=')) return false;
  const given = Buffer.from(header.slice('sha256='.length), 'utf8');
  const expected = Buffer.from(createHmac('sha256', secret).update(body).digest('hex'), 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function sameText(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Meta's subscription handshake: `hub.challenge` echoed when the verify token matches. */
export function verifyHandshake(request: IntakeRequest, verifyToken: string): IntakeAnswer {
  const challenge = request.query['hub.challenge'];
  if (
    request.query['hub.mode'] !== 'subscribe' ||
    challenge === undefined ||
    !sameText(request.query['hub.verify_token'], verifyToken)
  ) {
    return { status: 403, reason: META_REPLIES.handshakeRefused };
  }
  return { status: 200, text: challenge };
}

/**
 * `GET /intake/meta`: Meta's subscription handshake. `POST /intake/meta`: a signed leadgen
 * event, stored (one outbox message per new `leadgen_id`, synced to disk) before `success`; the
 * Graph read follows through the outbox. A bad signature stores and fetches nothing.
 */
export function createMetaRouter(options: MetaRoutesOptions): Router {
  const { settings, intakeHttp, store, clock } = options;

  const handshake: IntakeHandler = (request) =>
    settings
      ? verifyHandshake(request, settings.verifyToken)
      : { status: 404, reason: REPLIES.notFound };

  const receive: IntakeHandler = (request) => {
    if (!settings) return { status: 404, reason: REPLIES.notFound };
    if (!isMetaSignature(request.body, request.header('x-hub-signature-256'), settings.appSecret)) {
      return { status: 401, reason: META_REPLIES.badSignature };
    }
    const json = readExactJsonBody(request);
    if (!json.ok) return json.answer;
    const parsed = parseMetaLeadgens(json.value);
    if ('field' in parsed) return { status: 400, reason: META_REPLIES.invalid(parsed.field) };
    const now = clock.now();
    const queued = store.queueNewMessages(
      parsed.leadgens.map((event) => {
        const payload: MetaLeadgenPayload = { leadgenId: event.leadgen_id, receivedAt: now, event };
        return {
          messageId: metaLeadReadId(event.leadgen_id),
          channel: META_GRAPH_CHANNEL,
          kind: META_LEAD_READ_KIND,
          payload,
          dueAt: now,
        };
      }),
    );
    if (queued > 0) options.onQueued();
    return { status: 200 };
  };

  const router = Router();
  router
    .route(META_INTAKE_PATH)
    .get(...intakeHttp.endpoint(META_SOURCE, handshake))
    .post(...intakeHttp.endpoint(META_SOURCE, receive))
    .all(intakeHttp.otherMethods(['GET', 'POST']));
  return router;
}
