import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import type { Logger } from '../logger.ts';
import { redactUrl } from '../format/log-redaction.ts';

const REQUEST_ID = /^[\w.:-]{1,100}$/;
const STATE = Symbol('request log');

interface RequestLogState {
  logger: Logger;
  id: string;
  startedAt: number;
  /** Made on first use: most requests, at the usual levels, never write a line of their own. */
  child: Logger | undefined;
  /** The level of the closing line when the answer is not a server error. */
  level: 'info' | 'debug';
  /** The readiness probe: its failures are logged by the check, not once per poll. */
  probe: boolean;
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

/**
 * Sets the level of the request's closing line for any answer below 500. A file of the site is
 * one of dozens a page loads: at info, they would bury the leads and the errors.
 */
export function logRequestAt(req: IncomingMessage, level: RequestLogState['level']): void {
  const state = (req as Logged)[STATE];
  if (state) state.level = level;
}

/**
 * Probes poll all day. `/healthz` answers from the process alone and writes nothing; `/readyz`
 * writes its closing line at debug, whatever its status, as the readiness check itself logs each
 * change of readiness once.
 */
const PROBES: Record<string, 'silent' | 'debug'> = { '/healthz': 'silent', '/readyz': 'debug' };

// Registered on every response, so it takes the response from `this` rather than a closure.
function logCompletion(this: Response): void {
  this.off('finish', logCompletion);
  this.off('close', logCompletion);
  const state = (this.req as Logged)[STATE];
  if (!state) return;
  const { statusCode } = this;
  const responseTime = Date.now() - state.startedAt;
  if (statusCode >= 500 && !state.probe) {
    if (!state.logger.isLevelEnabled('error')) return;
    const err = new Error(`failed with status code ${statusCode}`);
    requestLogger(this.req, state.logger).error(
      { res: { statusCode }, err, responseTime },
      'request errored',
    );
  } else if (state.logger.isLevelEnabled(state.level)) {
    requestLogger(this.req, state.logger)[state.level](
      { res: { statusCode }, responseTime },
      'request completed',
    );
  }
}

/**
 * One log line per answered request — "request completed" at info (debug for the site's files
 * and the readiness probe), or "request errored" at error for a 5xx — with the request (see
 * `requestLogger`), the status and the milliseconds taken; and `X-Request-Id` on every answer:
 * the caller's when it is sane, else a new one.
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
    const probe = PROBES[req.path];
    (req as Logged)[STATE] = {
      logger,
      id,
      startedAt: Date.now(),
      child: undefined,
      level: probe === 'debug' ? 'debug' : 'info',
      probe: probe === 'debug',
    };
    res.setHeader('X-Request-Id', id);
    if (probe !== 'silent') {
      res.on('finish', logCompletion);
      res.on('close', logCompletion);
    }
    next();
  };
}
