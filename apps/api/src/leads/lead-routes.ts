import cors from 'cors';
import { Router, type RequestHandler } from 'express';
import {
  LEAD_ENDPOINTS,
  parseAttribution,
  parseBrochureLead,
  parseContactEnquiry,
  type LeadKind,
} from '@iconia/shared';
import { createLeadBodyParser, formFields } from '../http/body-parsers.ts';
import { createRateLimiter, type RateLimitOptions } from '../http/rate-limit.ts';
import { methodNotAllowed, REPLIES, sendReply, sendText } from '../http/replies.ts';
import { requestLogger } from '../http/request-log.ts';
import { requestTimeout } from '../http/request-timeout.ts';
import type { Logger } from '../logger.ts';
import type { CaptureLead } from './capture-lead.ts';

/** Bots fill every field; people never see this one. */
export const HONEYPOT_FIELD = 'website';

export interface LeadRoutesOptions {
  captureLead: CaptureLead;
  /** For lines about a request that did not pass the request log. */
  logger: Logger;
  corsOrigins: readonly string[];
  rateLimit: RateLimitOptions;
  requestTimeoutMs: number;
}

function readLead(kind: LeadKind, fields: Record<string, unknown>) {
  const attribution = parseAttribution(fields);
  const honeypot = fields[HONEYPOT_FIELD];
  const honeypotFilled = typeof honeypot === 'string' && honeypot.trim() !== '';
  if (kind === 'brochure') {
    const parsed = parseBrochureLead(fields);
    return parsed.ok
      ? { ok: true as const, input: { kind, fields: parsed.value, attribution, honeypotFilled } }
      : { ok: false as const, error: parsed.error, honeypotFilled };
  }
  const parsed = parseContactEnquiry(fields);
  return parsed.ok
    ? { ok: true as const, input: { kind, fields: parsed.value, attribution, honeypotFilled } }
    : { ok: false as const, error: parsed.error, honeypotFilled };
}

/** `POST /send-email` (brochure lead) and `POST /contact-form` (contact enquiry). */
export function createLeadRouter(options: LeadRoutesOptions): Router {
  const { captureLead, logger, corsOrigins, requestTimeoutMs } = options;
  const router = Router();
  const allowCors = cors({
    origin: (origin, callback) =>
      callback(null, origin !== undefined && corsOrigins.includes(origin)),
    methods: ['POST'],
    maxAge: 600,
  });
  const bodyParser = createLeadBodyParser();

  for (const kind of Object.keys(LEAD_ENDPOINTS) as LeadKind[]) {
    const handle: RequestHandler = async (req, res) => {
      // The request-timeout guard has already told the visitor it failed: store nothing.
      if (res.headersSent) return;
      const lead = readLead(kind, formFields(req.body));
      if (!lead.ok) {
        if (lead.honeypotFilled) {
          // A bot gets the answer it hopes for and learns nothing; an invalid form has nothing to keep.
          requestLogger(req, logger).info(
            { kind, field: lead.error.field },
            'invalid spam dropped',
          );
          sendReply(req, res, 200, REPLIES.success);
          return;
        }
        requestLogger(req, logger).info({ kind, field: lead.error.field }, 'lead refused');
        sendReply(req, res, 400, lead.error.message);
        return;
      }
      await captureLead(lead.input);
      if (!res.headersSent) sendReply(req, res, 200, REPLIES.success);
    };

    router
      .route(LEAD_ENDPOINTS[kind])
      .options(allowCors)
      .post(
        requestTimeout(requestTimeoutMs),
        allowCors,
        // A limiter per endpoint: separate counters for the brochure and the enquiry.
        createRateLimiter(options.rateLimit),
        ...bodyParser,
        handle,
      )
      .all((_req, res) => {
        res.set('Allow', 'POST, OPTIONS');
        sendText(res, 405, methodNotAllowed(['POST']));
      });
  }
  return router;
}
