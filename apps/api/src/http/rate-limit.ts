import type { Request, RequestHandler, Response } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import type { Clock } from '../clock.ts';
import { REPLIES, sendReply } from './replies.ts';

export interface RateLimitOptions {
  /**
   * Leads an address may have emailed at once per endpoint, one more coming back every
   * `windowMs / max`; 0 turns every limit off (benchmarks, load tests).
   */
  max: number;
  windowMs: number;
  /** Leads held per address per hour past `max`; beyond it the address gets 429. */
  heldPerAddressPerHour: number;
  /** Leads held per hour from all addresses together; beyond it everyone over `max` gets 429. */
  heldPerHour: number;
}

/**
 * Refused posts (a field to correct, a body too large) an address may make per lead it may
 * store: far more than a person correcting a typo needs, few enough that a script guessing at
 * the fields is stopped with 429.
 */
export const REFUSED_PER_LEAD = 3;

const HOUR_MS = 60 * 60_000;

// A held-lead cap of 0 means what it says, hold none: every lead over `max` gets 429. The
// library warns about a limit of 0 for those upgrading from its version 6, where 0 meant off.
const HELD_CAP_CHECKS = { limit: false } as const;

// Retry-After is set before this is called.
const refuse: RequestHandler = (req, res) => {
  sendReply(req, res, 429, REPLIES.tooManyRequests);
};

/** True when this request came in over its address's limit and its lead is to be held. */
export function isHeld(res: Response): boolean {
  return res.locals.held === true;
}

/** Keys an address as express-rate-limit does: IPv6 by its /56, as one household's prefix. */
function addressKey(req: Request): string {
  return ipKeyGenerator(req.ip ?? '');
}

export interface SlidingAllowance {
  /** Milliseconds until `key` may take one more; 0 when it may now. */
  waitMs(key: string): number;
  take(key: string): void;
  /** Returns what `take` took, for a request that turned out not to count. */
  giveBack(key: string): void;
}

/**
 * Up to `limit` at once per key, and one back every `windowMs / limit` after (the generic cell
 * rate algorithm): over any long stretch `limit` per window, as a fixed window allows, but the
 * allowance slides with the clock instead of coming back all at once when a window ends. After a
 * flood from an address, its next lead waits at most `windowMs / limit` (a minute by default),
 * where a fixed window made it wait up to the whole window. One number per key: the time its
 * allowance would be whole again.
 */
export function createSlidingAllowance(
  limit: number,
  windowMs: number,
  clock: Clock,
): SlidingAllowance {
  const interval = windowMs / limit;
  const ahead = windowMs - interval;
  const wholeAt = new Map<string, number>();
  let sweepAbove = 1_000;
  // Keys whose allowance is whole again are forgotten, so a flood of addresses cannot keep them.
  const sweep = (now: number) => {
    for (const [key, at] of wholeAt) if (at <= now) wholeAt.delete(key);
    sweepAbove = Math.max(1_000, wholeAt.size * 2);
  };
  return {
    waitMs(key) {
      const now = clock.now();
      return Math.max(0, (wholeAt.get(key) ?? now) - ahead - now);
    },
    take(key) {
      const now = clock.now();
      wholeAt.set(key, Math.max(wholeAt.get(key) ?? now, now) + interval);
      if (wholeAt.size > sweepAbove) sweep(now);
    },
    giveBack(key) {
      const at = wholeAt.get(key);
      if (at !== undefined) wholeAt.set(key, at - interval);
    },
  };
}

/**
 * The rate limit of one endpoint. Many mobile visitors share one carrier address, so a lead over
 * the per-address allowance is not refused: it is stored as held (not emailed until an operator
 * releases it) and the visitor is answered as usual. Only stored leads use the allowance; a
 * refused post gives back what it took and counts against a separate ceiling,
 * `REFUSED_PER_LEAD` times higher, past which the address gets 429. What a flood can cost is
 * bounded by two caps on held leads per hour, one per address and one for all addresses (shared
 * by both endpoints: pass the same `heldTotal`); past either, the answer is 429. Keys come from
 * `req.ip`, which honours the app's `trust proxy`.
 */
export function createRateLimiter(
  options: RateLimitOptions,
  heldTotal: RequestHandler,
  clock: Clock,
): RequestHandler[] {
  const { max, windowMs, heldPerAddressPerHour } = options;
  if (max === 0) return [];
  const leads = createSlidingAllowance(max, windowMs, clock);
  const refusals = createSlidingAllowance(max * REFUSED_PER_LEAD, windowMs, clock);
  const perAddress: RequestHandler = (req, res, next) => {
    const key = addressKey(req);
    const refusedWaitMs = refusals.waitMs(key);
    if (refusedWaitMs > 0) {
      res.set('Retry-After', String(Math.ceil(refusedWaitMs / 1000)));
      refuse(req, res, next);
      return;
    }
    if (leads.waitMs(key) > 0) res.locals.held = true;
    else leads.take(key);
    res.on('finish', () => {
      const status = res.statusCode;
      if (status < 400) return;
      if (!isHeld(res)) leads.giveBack(key);
      if (status < 500 && status !== 429) refusals.take(key);
    });
    next();
  };
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
