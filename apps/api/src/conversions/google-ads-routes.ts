import { Router, type RequestHandler } from 'express';
import type { Clock } from '../clock.ts';
import type { GoogleConversionsSettings } from '../config/google-conversions-config.ts';
import { createSlidingAllowance } from '../http/rate-limit.ts';
import { methodNotAllowed, REPLIES, sendText } from '../http/replies.ts';
import { requestLogger } from '../http/request-log.ts';
import { requestTimeout } from '../http/request-timeout.ts';
import { isSameKey } from '../http/same-key.ts';
import type { Logger } from '../logger.ts';
import { GOOGLE_ADS_FEED, type FeedFetches } from './feed-fetches.ts';
import { feedSince, googleAdsCsv, type ConversionStore } from './google-ads-feed.ts';

export const GOOGLE_ADS_FEED_PATH = '/conversions/google-ads.csv';
export const FEED_REALM = 'Elegant Iconia conversions';

export const FEED_REPLIES = {
  wrongCredentials:
    'The username or password is missing or wrong. Use GOOGLE_CONVERSIONS_USER and GOOGLE_CONVERSIONS_PASSWORD, as typed into the schedule in Google Ads.',
  tooMany: 'Too many requests. Please wait a minute and try again.',
  /** What the Sources screen says of Google's fetch with the right username and a wrong password. */
  wrongPassword: 'the password is not GOOGLE_CONVERSIONS_PASSWORD (type it again in the schedule)',
} as const;

export interface GoogleAdsFeedOptions {
  /** undefined: the feed is off and answers 404, as any unknown address does. */
  settings: GoogleConversionsSettings | undefined;
  store: ConversionStore;
  /** Each fetch Google makes, answered or refused, for the Sources screen. */
  fetches: FeedFetches;
  clock: Clock;
  logger: Logger;
  /** Fetches each address may make per minute, one back every `60 s / max`; 0: no ceiling. */
  perMinute: number;
  requestTimeoutMs: number;
}

/** The user and password of a `Basic` Authorization header, or undefined when there is none. */
function basicCredentials(
  header: string | undefined,
): { user: string; password: string } | undefined {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  if (!match) return undefined;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  return { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/**
 * `GET /conversions/google-ads.csv`: the file Google Ads fetches on its schedule, behind HTTP
 * basic auth. It holds click ids and stages, never a name, number or email.
 */
export function createGoogleAdsFeedRouter(options: GoogleAdsFeedOptions): Router {
  const { settings, store, fetches, clock, logger, perMinute, requestTimeoutMs } = options;
  const allowance = perMinute > 0 ? createSlidingAllowance(perMinute, 60_000, clock) : undefined;

  const withinCeiling: RequestHandler = (req, res, next) => {
    const key = req.ip ?? 'unknown';
    const waitMs = allowance?.waitMs(key) ?? 0;
    if (waitMs > 0) {
      res.set('Retry-After', String(Math.ceil(waitMs / 1000)));
      sendText(res, 429, FEED_REPLIES.tooMany);
      return;
    }
    allowance?.take(key);
    next();
  };

  const feed: RequestHandler = (req, res) => {
    if (!settings) {
      sendText(res, 404, REPLIES.notFound);
      return;
    }
    const given = basicCredentials(req.get('authorization'));
    // Both compared, always, so the answer's timing tells nothing about which one was wrong.
    const userOk = isSameKey(given?.user ?? '', settings.user);
    const passwordOk = isSameKey(given?.password ?? '', settings.password);
    if (!given || !userOk || !passwordOk) {
      requestLogger(req, logger).info({ feed: 'google-ads' }, 'conversions feed refused');
      // Google's own schedule, with a password that has changed since; a stranger's guesses at
      // the username are not its failure.
      if (given && userOk)
        fetches.refused(GOOGLE_ADS_FEED, clock.now(), FEED_REPLIES.wrongPassword);
      res.set('WWW-Authenticate', `Basic realm="${FEED_REALM}", charset="UTF-8"`);
      sendText(res, 401, FEED_REPLIES.wrongCredentials);
      return;
    }
    const now = clock.now();
    const { csv, count } = googleAdsCsv(store.rows(feedSince(now)), settings.names);
    fetches.fetched(GOOGLE_ADS_FEED, now, count);
    requestLogger(req, logger).info(
      { feed: 'google-ads', rows: count },
      'conversions feed fetched',
    );
    res
      .status(200)
      .set('Content-Type', 'text/csv; charset=utf-8')
      .set('Cache-Control', 'no-store')
      .send(csv);
  };

  const router = Router();
  router
    .route(GOOGLE_ADS_FEED_PATH)
    .get(requestTimeout(requestTimeoutMs), withinCeiling, feed)
    .all((_req, res) => {
      res.set('Allow', 'GET, HEAD');
      sendText(res, 405, methodNotAllowed(['GET']));
    });
  return router;
}
