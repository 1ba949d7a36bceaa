import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Logger } from '../logger.ts';
import { redactUrl } from '../privacy/log-redaction.ts';

declare module 'http' {
  interface IncomingMessage {
    /** The request's id: the caller's X-Request-Id when it is sane, else a new one. */
    id: string;
    /** A logger whose lines carry the request's id, method, path and client address. */
    log: Logger;
  }
}

const REQUEST_ID = /^[\w.:-]{1,100}$/;

/**
 * One log line per answered request — "request completed" at info, or "request errored" at
 * error for a 5xx — with the request (id, method, path without query values or whole mobiles,
 * client address), the status and the milliseconds taken; and `X-Request-Id` on every answer.
 *
 * These are the lines pino-http wrote. It also built a child logger for every request, the
 * request serialised into it, whether a line was written or not: a fifth of the HTTP thread's
 * time per lead. Here `req.log` is made on first use, and the closing line only when its level
 * is on.
 */
export function createRequestLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const incoming = req.headers['x-request-id'];
    const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    const startedAt = Date.now();
    req.id = id;
    res.setHeader('X-Request-Id', id);

    let log: Logger | undefined;
    Object.defineProperty(req, 'log', {
      configurable: true,
      get: () =>
        (log ??= logger.child({
          req: {
            id,
            method: req.method,
            url: redactUrl(req.originalUrl),
            remoteAddress: req.socket.remoteAddress,
          },
        })),
    });

    // Docker's health probe every 30 s would drown the rest.
    if (req.originalUrl !== '/healthz') {
      const done = (): void => {
        res.off('finish', done);
        res.off('close', done);
        const { statusCode } = res;
        const responseTime = Date.now() - startedAt;
        if (statusCode >= 500) {
          if (!logger.isLevelEnabled('error')) return;
          const err = new Error(`failed with status code ${statusCode}`);
          req.log.error({ res: { statusCode }, err, responseTime }, 'request errored');
        } else if (logger.isLevelEnabled('info')) {
          req.log.info({ res: { statusCode }, responseTime }, 'request completed');
        }
      };
      res.on('finish', done);
      res.on('close', done);
    }
    next();
  };
}
