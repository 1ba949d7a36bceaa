import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import type { Logger } from '../logger.ts';
import { redactUrl } from '../privacy/log-redaction.ts';

const REQUEST_ID = /^[\w.:-]{1,100}$/;
const STATE = Symbol('request log');

interface RequestLogState {
  logger: Logger;
  id: string;
  startedAt: number;
  /** Made on first use: most requests, at the usual levels, never write a line of their own. */
  child: Logger | undefined;
}

type Logged = IncomingMessage & { [STATE]?: RequestLogState };

/**
 * The logger for lines about this request: they carry its id, method, path (without query
 * values or whole mobiles) and client address. Outside a logged request, `fallback`.
 */
export function requestLogger(req: IncomingMessage, fallback: Logger): Logger {
  const state = (req as Logged)[STATE];
  if (!state) return fallback;
  state.child ??= state.logger.child({
    req: {
      id: state.id,
      method: req.method,
      url: redactUrl((req as Request).originalUrl ?? req.url ?? ''),
      remoteAddress: req.socket.remoteAddress,
    },
  });
  return state.child;
}

// Registered on every response, so it takes the response from `this` rather than a closure.
function logCompletion(this: Response): void {
  this.off('finish', logCompletion);
  this.off('close', logCompletion);
  const state = (this.req as Logged)[STATE];
  if (!state) return;
  const { statusCode } = this;
  const responseTime = Date.now() - state.startedAt;
  if (statusCode >= 500) {
    if (!state.logger.isLevelEnabled('error')) return;
    const err = new Error(`failed with status code ${statusCode}`);
    requestLogger(this.req, state.logger).error(
      { res: { statusCode }, err, responseTime },
      'request errored',
    );
  } else if (state.logger.isLevelEnabled('info')) {
    requestLogger(this.req, state.logger).info(
      { res: { statusCode }, responseTime },
      'request completed',
    );
  }
}

/**
 * One log line per answered request — "request completed" at info, or "request errored" at
 * error for a 5xx — with the request (see `requestLogger`), the status and the milliseconds
 * taken; and `X-Request-Id` on every answer: the caller's when it is sane, else a new one.
 *
 * These are the lines pino-http wrote. It also built a child logger for every request, with the
 * request serialised into it, whether a line was written or not: a fifth of the HTTP thread's
 * time per lead. Here the child is made on first use and the closing line only when its level
 * is on.
 */
export function createRequestLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const incoming = req.headers['x-request-id'];
    const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    (req as Logged)[STATE] = { logger, id, startedAt: Date.now(), child: undefined };
    res.setHeader('X-Request-Id', id);
    // Docker's health probe every 30 s would drown the rest.
    if (req.originalUrl !== '/healthz') {
      res.on('finish', logCompletion);
      res.on('close', logCompletion);
    }
    next();
  };
}
