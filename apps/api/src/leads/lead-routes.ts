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
import {
  createHeldTotalLimiter,
  createRateLimiter,
  isHeld,
  type RateLimitOptions,
} from '../http/rate-limit.ts';
import { methodNotAllowed, REPLIES, sendReply, sendText } from '../http/replies.ts';
import { requestLogger } from '../http/request-log.ts';
import { requestTimeout } from '../http/request-timeout.ts';
import type { Clock } from '../clock.ts';
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
  /** The rate limit's time. */
  clock: Clock;
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

/**
 * A browser always names the page's origin on a cross-site post. A lead posted from another
 * site (a form that copies ours, a phishing page) is refused before anything is read or counted;
 * this site, the origins in CORS_ORIGINS and clients that name no origin (curl, servers) pass.
 */
function refuseForeignOrigin(corsOrigins: readonly string[], logger: Logger): RequestHandler {
  return (req, res, next) => {
    const origin = req.get('origin');
    // Sec-Fetch-Site is the browser's own word (a page cannot set it); it covers the dev
    // server's proxy, which rewrites Host.
    const sameSite = req.get('sec-fetch-site') === 'same-origin';
    if (
      origin === undefined ||
      sameSite ||
      corsOrigins.includes(origin) ||
      isOwnOrigin(origin, req.get('host'))
    ) {
      next();
      return;
    }
    requestLogger(req, logger).info(
      { origin: origin.slice(0, 100) },
      'lead from another site refused',
    );
    sendReply(req, res, 403, REPLIES.foreignOrigin);
  };
}

function isOwnOrigin(origin: string, host: string | undefined): boolean {
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
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
  const heldTotal = createHeldTotalLimiter(options.rateLimit);

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
      await captureLead({ ...lead.input, held: isHeld(res) });
      if (!res.headersSent) sendReply(req, res, 200, REPLIES.success);
    };

    router
      .route(LEAD_ENDPOINTS[kind])
      .options(allowCors)
      .post(
        requestTimeout(requestTimeoutMs),
        allowCors,
        refuseForeignOrigin(corsOrigins, logger),
        // A limiter per endpoint: separate counters for the brochure and the enquiry.
        ...createRateLimiter(options.rateLimit, heldTotal, options.clock),
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
