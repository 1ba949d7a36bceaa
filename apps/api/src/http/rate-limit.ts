import type { RequestHandler, Response } from 'express';
import { rateLimit } from 'express-rate-limit';
import { REPLIES, sendReply } from './replies.ts';

export interface RateLimitOptions {
  /** Leads emailed per address per window; 0 turns every limit off (benchmarks, load tests). */
  max: number;
  windowMs: number;
  /** Leads held per address per hour past `max`; beyond it the address gets 429. */
  heldPerAddressPerHour: number;
  /** Leads held per hour from all addresses together; beyond it everyone over `max` gets 429. */
  heldPerHour: number;
}

const HOUR_MS = 60 * 60_000;

// A held-lead cap of 0 means what it says, hold none: every lead over `max` gets 429. The
// library warns about a limit of 0 for those upgrading from its version 6, where 0 meant off.
const HELD_CAP_CHECKS = { limit: false } as const;

// express-rate-limit has already set Retry-After.
const refuse: RequestHandler = (req, res) => {
  sendReply(req, res, 429, REPLIES.tooManyRequests);
};

/** True when this request came in over its address's limit and its lead is to be held. */
export function isHeld(res: Response): boolean {
  return res.locals.held === true;
}

/**
 * The rate limit of one endpoint. Many mobile visitors share one carrier address, so a lead over
 * the per-address limit is not refused: it is stored as held (not emailed until an operator
 * releases it) and the visitor is answered as usual. What a flood can cost is bounded by two
 * caps on held leads per hour, one per address and one for all addresses (shared by both
 * endpoints: pass the same `heldTotal`); past either, the answer is 429. Keys come from `req.ip`,
 * which honours the app's `trust proxy`.
 */
export function createRateLimiter(
  options: RateLimitOptions,
  heldTotal: RequestHandler,
): RequestHandler[] {
  const { max, windowMs, heldPerAddressPerHour } = options;
  if (max === 0) return [];
  const perAddress = rateLimit({
    windowMs,
    limit: max,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    identifier: 'per-address',
    requestPropertyName: 'rateLimit',
    handler: (_req, res, next) => {
      res.locals.held = true;
      next();
    },
  });
  const heldPerAddress = rateLimit({
    windowMs: HOUR_MS,
    limit: heldPerAddressPerHour,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    identifier: 'held-per-address',
    requestPropertyName: 'heldPerAddress',
    validate: HELD_CAP_CHECKS,
    skip: (_req, res) => !isHeld(res),
    handler: refuse,
  });
  return [perAddress, heldPerAddress, heldTotal];
}

/** The cap on held leads from all addresses together, one per server. */
export function createHeldTotalLimiter(options: RateLimitOptions): RequestHandler {
  return rateLimit({
    windowMs: HOUR_MS,
    limit: options.heldPerHour,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    identifier: 'held-total',
    requestPropertyName: 'heldTotal',
    validate: HELD_CAP_CHECKS,
    keyGenerator: () => 'all addresses',
    skip: (_req, res) => !isHeld(res),
    handler: refuse,
  });
}
