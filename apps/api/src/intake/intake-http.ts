import express, { type Request, type RequestHandler } from 'express';
import { isSafeNumber, parse } from 'lossless-json';
import type { Clock } from '../clock.ts';
import { INTAKE_BODY_LIMIT_BYTES, INTAKE_REPLIES } from '../http/intake-replies.ts';
import { createSlidingAllowance } from '../http/rate-limit.ts';
import { methodNotAllowed, sendText } from '../http/replies.ts';
import { requestLogger } from '../http/request-log.ts';
import { requestTimeout } from '../http/request-timeout.ts';
import type { Logger } from '../logger.ts';
import type { IntakeRefusal } from '../store/intake-refusal-store.ts';

export { INTAKE_BODY_LIMIT_BYTES, INTAKE_REPLIES };

/**
 * The HTTP plumbing every intake channel shares (Google Ads, Meta, partners): the raw body up to
 * 64 kB, a ceiling per source, plain-text answers, and a record of every refused request by
 * source for source health. A channel writes one handler from a plain request to an answer.
 */

/** A request as a channel's handler sees it: the exact bytes sent and the headers, no Express. */
export interface IntakeRequest {
  /** The body exactly as received (signatures are computed over these bytes); empty when none. */
  body: Buffer;
  header(name: string): string | undefined;
  /** Path parameters of the route (a partner's name). */
  params: Readonly<Record<string, string>>;
  /** Query parameters, each the first value given. */
  query: Readonly<Record<string, string>>;
}

/**
 * A handler's answer. 200 says the lead is stored (or was already); its text is `success`
 * unless the channel's protocol says otherwise (Meta's handshake echoes a challenge). A refusal
 * names why, in words for the sender's developer, never quoting the body.
 */
export type IntakeAnswer =
  { status: 200; text?: string } | { status: 400 | 401 | 403 | 404 | 415; reason: string };

export type IntakeHandler = (request: IntakeRequest) => IntakeAnswer | Promise<IntakeAnswer>;

/** Which source a request is for: fixed for a platform, from the path for a partner. */
export type IntakeSource = string | ((request: IntakeRequest) => string);

export interface IntakeHttpOptions {
  logger: Logger;
  clock: Clock;
  /** Requests each source may make per `windowMs`, one back every `windowMs / max`; 0: none. */
  ceiling: { max: number; windowMs: number };
  requestTimeoutMs: number;
  /** Keeps each refused request (400, 401, 403, 413, 415) under its source. */
  recordRefusal: (refusal: IntakeRefusal) => void;
}

export interface IntakeHttp {
  /**
   * The handlers of one channel's endpoint, for `router.get/post(path, ...handlers)`: a request
   * timeout, the source's ceiling (429 past it), the raw body (413 over 64 kB), then `handle`.
   * An error thrown by `handle` is the server's (500 `error`), never recorded as a refusal.
   */
  endpoint(source: IntakeSource, handle: IntakeHandler): RequestHandler[];
  /** For `router.route(path).all(...)`: 405 naming the methods the endpoint takes. */
  otherMethods(allow: readonly string[]): RequestHandler;
}

/** Not recorded: a 404 names no source to hold it against, a 429 is the ceiling doing its job. */
const RECORDED = new Set([400, 401, 403, 413, 415]);

function firstValues(query: Request['query']): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === 'string') values[key] = first;
  }
  return values;
}

function toIntakeRequest(req: Request): IntakeRequest {
  return {
    body: Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0),
    header: (name) => req.get(name),
    params: req.params as Record<string, string>,
    query: firstValues(req.query),
  };
}

/**
 * Whether the request says its body is JSON: `application/json`, in any case, with no charset or
 * UTF-8's (JSON between systems is UTF-8, RFC 8259), as Standard Webhooks senders label it.
 */
export function isJsonContentType(request: IntakeRequest): boolean {
  const [type, ...parameters] = (request.header('content-type') ?? '')
    .split(';')
    .map((part) => part.trim().toLowerCase());
  if (type !== 'application/json') return false;
  return parameters.every((parameter) => {
    const [key = '', value = ''] = parameter.split('=').map((part) => part.trim());
    return key !== 'charset' || value.replace(/^"(.*)"$/, '$1') === 'utf-8';
  });
}

/**
 * The body as JSON, or the 400 to answer. Channels read their own fields from it and name the
 * first one that is wrong.
 */
export function readJsonBody(
  request: IntakeRequest,
): { ok: true; value: unknown } | { ok: false; answer: IntakeAnswer } {
  try {
    return { ok: true, value: JSON.parse(request.body.toString('utf8')) as unknown };
  } catch {
    return { ok: false, answer: { status: 400, reason: INTAKE_REPLIES.notJson } };
  }
}

/**
 * A platform's body as JSON, its numbers kept exactly as sent: one that a JavaScript number
 * would change (Google's 64-bit `form_id` 9223372036854775807) stays its digits, as text, so an
 * id is never stored rounded. Every other number is a number.
 */
export function readExactJsonBody(
  request: IntakeRequest,
): { ok: true; value: unknown } | { ok: false; answer: IntakeAnswer } {
  try {
    const value = parse(request.body.toString('utf8'), null, (digits) =>
      isSafeNumber(digits) ? Number(digits) : digits,
    );
    return { ok: true, value };
  } catch {
    return { ok: false, answer: { status: 400, reason: INTAKE_REPLIES.notJson } };
  }
}

export function createIntakeHttp(options: IntakeHttpOptions): IntakeHttp {
  const { logger, clock, ceiling, requestTimeoutMs, recordRefusal } = options;
  const allowance =
    ceiling.max > 0 ? createSlidingAllowance(ceiling.max, ceiling.windowMs, clock) : undefined;
  const rawBody = express.raw({ type: () => true, limit: INTAKE_BODY_LIMIT_BYTES });

  return {
    endpoint(source, handle) {
      const sourceOf = (req: Request): string =>
        typeof source === 'string' ? source : source(toIntakeRequest(req));

      const refuse = (req: Request, res: express.Response, status: number, reason: string) => {
        const name = sourceOf(req);
        requestLogger(req, logger).info({ source: name, status, reason }, 'intake refused');
        if (RECORDED.has(status)) recordRefusal({ source: name, at: clock.now(), status, reason });
        sendText(res, status, reason);
      };

      const withinCeiling: RequestHandler = (req, res, next) => {
        if (!allowance) {
          next();
          return;
        }
        const key = sourceOf(req);
        const waitMs = allowance.waitMs(key);
        if (waitMs > 0) {
          res.set('Retry-After', String(Math.ceil(waitMs / 1000)));
          refuse(req, res, 429, INTAKE_REPLIES.tooMany);
          return;
        }
        allowance.take(key);
        next();
      };

      const readBody: RequestHandler = (req, res, next) => {
        if (Number(req.get('content-length') ?? 0) > INTAKE_BODY_LIMIT_BYTES) {
          // Answered before the body is read; the rest of it is not worth the wait.
          res.set('Connection', 'close');
          refuse(req, res, 413, INTAKE_REPLIES.tooLarge);
          return;
        }
        rawBody(req, res, (error: unknown) => {
          if (error === undefined) {
            next();
            return;
          }
          const type = (error as { type?: unknown }).type;
          if (type === 'entity.too.large') {
            res.set('Connection', 'close');
            refuse(req, res, 413, INTAKE_REPLIES.tooLarge);
          } else refuse(req, res, 400, INTAKE_REPLIES.unreadable);
        });
      };

      const run: RequestHandler = async (req, res) => {
        // The request-timeout guard has already answered: store nothing.
        if (res.headersSent) return;
        const answer = await handle(toIntakeRequest(req));
        if (res.headersSent) return;
        if (answer.status === 200) sendText(res, 200, answer.text ?? INTAKE_REPLIES.success);
        else refuse(req, res, answer.status, answer.reason);
      };

      return [requestTimeout(requestTimeoutMs), withinCeiling, readBody, run];
    },
    otherMethods(allow) {
      return (_req, res) => {
        res.set('Allow', allow.join(', '));
        sendText(res, 405, methodNotAllowed(allow));
      };
    },
  };
}
