import type { RequestHandler } from 'express';
import { REPLIES, sendReply } from './replies.ts';

/**
 * Answers 408 when a request has not been answered in time (a slow or stalled upload), so a
 * visitor sees a clear failure rather than a spinner. The route handler checks `headersSent`
 * and stores nothing for a request that was already refused.
 */
export function requestTimeout(ms: number): RequestHandler {
  return (req, res, next) => {
    const timer = setTimeout(() => {
      if (!res.headersSent) sendReply(req, res, 408, REPLIES.timeout);
    }, ms);
    timer.unref();
    res.on('close', () => clearTimeout(timer));
    res.on('finish', () => clearTimeout(timer));
    next();
  };
}
