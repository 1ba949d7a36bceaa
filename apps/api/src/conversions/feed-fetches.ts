import type Database from 'better-sqlite3';
import { formatIndiaTime } from '../format/lead-format.ts';
import type { ReportedStage } from '../config/google-conversions-config.ts';
import { feedSince, type ConversionStore } from './google-ads-feed.ts';

const WEEK_MS = 7 * 86_400_000;

/** Where the platform's fetches of a feed stand since the last one that was answered. */
export interface FeedStanding {
  lastFetchedAt: number | undefined;
  /** The first refused fetch since then, and the last one with its reason. */
  refusedSince: number | undefined;
  lastRefusal: { at: number; reason: string } | undefined;
}

/** The log of a feed's fetches (`feed_fetches`): kept 7 days, enough to say where it stands. */
export function createFeedFetches(db: Database.Database) {
  const insert = db.prepare<[string, number, number | null, string | null]>(
    `INSERT INTO feed_fetches (feed, at, rows, refused) VALUES (?, ?, ?, ?)`,
  );
  const prune = db.prepare<[string, number]>(`DELETE FROM feed_fetches WHERE feed = ? AND at < ?`);
  const lastFetched = db.prepare<[string], { at: number | null }>(
    `SELECT MAX(at) AS at FROM feed_fetches WHERE feed = ? AND rows IS NOT NULL`,
  );
  const refusals = db.prepare<[string, number], { first: number | null; last: number | null }>(`
    SELECT MIN(at) AS first, MAX(at) AS last FROM feed_fetches
    WHERE feed = ? AND refused IS NOT NULL AND at > ?`);
  const reasonAt = db.prepare<[string, number], { reason: string }>(`
    SELECT refused AS reason FROM feed_fetches WHERE feed = ? AND at = ? AND refused IS NOT NULL
    ORDER BY id DESC LIMIT 1`);
  const record = db.transaction(
    (feed: string, at: number, rows: number | null, refused: string | null) => {
      insert.run(feed, at, rows, refused);
      prune.run(feed, at - WEEK_MS);
    },
  );

  return {
    fetched: (feed: string, at: number, rows: number) => record(feed, at, rows, null),
    refused: (feed: string, at: number, reason: string) => record(feed, at, null, reason),
    standing(feed: string): FeedStanding {
      const lastFetchedAt = lastFetched.get(feed)?.at ?? undefined;
      const since = refusals.get(feed, lastFetchedAt ?? Number.MIN_SAFE_INTEGER);
      const lastAt = since?.last ?? undefined;
      const reason = lastAt === undefined ? undefined : reasonAt.get(feed, lastAt)?.reason;
      return {
        lastFetchedAt,
        refusedSince: since?.first ?? undefined,
        lastRefusal: lastAt !== undefined && reason ? { at: lastAt, reason } : undefined,
      };
    },
  };
}

export type FeedFetches = ReturnType<typeof createFeedFetches>;

/** Google's feed as the Sources screen shows it: the same figures as a platform that is sent to. */
export interface FeedStages {
  sentToday: number;
  sent7Days: number;
  waiting: number;
  failingSince: number | undefined;
  lastError: string | undefined;
}

/**
 * The stages in Google's feed that Google has read (reached before its last answered fetch) today
 * and in the last 7 India days, those reached since that it will read next time, and its refused
 * fetches since then in words.
 */
export function googleFeedStages(
  options: {
    store: ConversionStore;
    fetches: FeedFetches;
    names: ReadonlyMap<ReportedStage, string>;
  },
  window: { now: number; todayStart: number; weekStart: number },
): FeedStages {
  const standing = options.fetches.standing(GOOGLE_ADS_FEED);
  const read = standing.lastFetchedAt ?? Number.MIN_SAFE_INTEGER;
  const rows = options.store
    .rows(feedSince(window.now))
    .filter((row) => options.names.has(row.stage));
  const refusal = standing.lastRefusal;
  return {
    sentToday: rows.filter((row) => row.at >= window.todayStart && row.at <= read).length,
    sent7Days: rows.filter((row) => row.at >= window.weekStart && row.at <= read).length,
    waiting: rows.filter((row) => row.at > read).length,
    failingSince: standing.refusedSince,
    lastError:
      refusal && `Google's fetch at ${formatIndiaTime(refusal.at)} was refused: ${refusal.reason}`,
  };
}

export const GOOGLE_ADS_FEED = 'google-ads';
