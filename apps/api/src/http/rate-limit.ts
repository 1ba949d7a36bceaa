import type { RequestHandler } from 'express';
import { rateLimit } from 'express-rate-limit';
import { REPLIES, sendReply } from './replies.ts';

export interface RateLimitOptions {
  /** Requests allowed per IP per window; 0 turns the limit off (benchmarks, load tests). */
  max: number;
  windowMs: number;
}

/**
 * One limiter per endpoint, each with its own counters, so a visitor who downloads the brochure
 * can still send an enquiry. Keys come from `req.ip`, which honours the app's `trust proxy`.
 */
export function createRateLimiter({ max, windowMs }: RateLimitOptions): RequestHandler {
  if (max === 0) return (_req, _res, next) => next();
  return rateLimit({
    windowMs,
    limit: max,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (req, res) => {
      // express-rate-limit has already set Retry-After.
      sendReply(req, res, 429, REPLIES.tooManyRequests);
    },
  });
}
