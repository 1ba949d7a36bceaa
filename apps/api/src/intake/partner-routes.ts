import { Router } from 'express';
import * as v from 'valibot';
import {
  PARTNER_BODY_NOT_AN_OBJECT,
  PARTNER_REPLIES,
  partnerLeadSchema,
  partnerOrigin,
  PLOT_RANGES,
  type PartnerLead,
  type PlotRange,
  WEBHOOK_ID_MAX_LENGTH,
} from '@iconia/shared';
import type { Clock } from '../clock.ts';
import { verifyWebhook } from '../standard-webhooks.ts';
import type { ChannelEnquiry, IngestEnquiry } from './ingest-enquiry.ts';
import {
  INTAKE_REPLIES,
  isJsonContentType,
  readJsonBody,
  type IntakeAnswer,
  type IntakeHttp,
} from './intake-http.ts';
import type { PartnerSources } from '../sources/index.ts';

export const PARTNER_PATH = '/intake/partners/:name';

/** Answers kept with the lead under these questions, as the desk and the email show them. */
const ANSWER_LABELS = { plotRange: 'Plot size', externalId: 'Partner reference' } as const;

function isPlotRange(value: string | undefined): value is PlotRange {
  return (PLOT_RANGES as readonly string[]).includes(value ?? '');
}

/** A checked partner lead as an enquiry, with its `webhook-id` as the idempotency key. */
export function toPartnerEnquiry(
  name: string,
  webhookId: string,
  lead: PartnerLead,
): ChannelEnquiry {
  const answers: Record<string, string> = {};
  // The site's three ranges are kept as the plot range; anything else a partner writes is kept
  // as they wrote it, as an answer.
  if (lead.plotRange !== undefined && !isPlotRange(lead.plotRange)) {
    answers[ANSWER_LABELS.plotRange] = lead.plotRange;
  }
  if (lead.externalId !== undefined) answers[ANSWER_LABELS.externalId] = lead.externalId;
  return {
    origin: partnerOrigin(name),
    externalId: webhookId,
    name: lead.name,
    mobile: lead.mobile,
    email: lead.email,
    plotRange: isPlotRange(lead.plotRange) ? lead.plotRange : undefined,
    message: lead.message,
    campaign: lead.campaign,
    answers,
  };
}

export interface PartnerRoutesOptions {
  http: IntakeHttp;
  ingestEnquiry: IngestEnquiry;
  sources: PartnerSources;
  clock: Clock;
}

/**
 * `POST /intake/partners/<name>`: a partner's signed push (Standard Webhooks). Checked in the
 * order that tells a stranger least: the source, then the signature; only a signed request's
 * content type is looked at and only a signed body is read.
 * The sources are read on each request, so a source added, rotated or disabled by the desk or
 * the CLI counts from the next one.
 */
export function createPartnerRouter(options: PartnerRoutesOptions): Router {
  const { http, ingestEnquiry, sources, clock } = options;
  const router = Router();
  const nameOf = (params: Readonly<Record<string, string>>) => params.name ?? '';
  router
    .route(PARTNER_PATH)
    .post(
      ...http.endpoint(
        (request) => partnerOrigin(nameOf(request.params)),
        async (request): Promise<IntakeAnswer> => {
          const name = nameOf(request.params);
          const now = clock.now();
          const access = sources.access(name, now);
          if (access.status === 'unknown') return { status: 404, reason: PARTNER_REPLIES.unknown };
          if (access.status === 'disabled') {
            return { status: 403, reason: PARTNER_REPLIES.disabled };
          }
          const id = request.header('webhook-id');
          const verified = verifyWebhook(
            {
              id,
              timestamp: request.header('webhook-timestamp'),
              signature: request.header('webhook-signature'),
              body: request.body.toString('utf8'),
            },
            access.keys,
            now,
          );
          if (!verified.ok) {
            const reason = {
              'missing headers': PARTNER_REPLIES.unsigned,
              'stale timestamp': PARTNER_REPLIES.stale,
              'bad signature': PARTNER_REPLIES.badSignature,
            }[verified.reason];
            return { status: 401, reason };
          }
          if (id === undefined || id.length > WEBHOOK_ID_MAX_LENGTH) {
            return { status: 400, reason: PARTNER_REPLIES.longId };
          }
          if (!isJsonContentType(request)) {
            return { status: 415, reason: INTAKE_REPLIES.notJsonType };
          }
          const json = readJsonBody(request);
          if (!json.ok) return json.answer;
          // A JSON array passes for an object in JavaScript; a lead is never one.
          if (Array.isArray(json.value)) return { status: 400, reason: PARTNER_BODY_NOT_AN_OBJECT };
          const parsed = v.safeParse(partnerLeadSchema, json.value, { abortEarly: true });
          if (!parsed.success) return { status: 400, reason: parsed.issues[0].message };
          await ingestEnquiry(toPartnerEnquiry(name, id, parsed.output));
          return { status: 200 };
        },
      ),
    )
    .all(http.otherMethods(['POST']));
  return router;
}
