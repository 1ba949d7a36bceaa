/**
 * `feed_fetches` (its queries: `conversions/feed-fetches.ts`): each fetch of a conversions feed
 * by the platform (Google Ads' scheduled upload), so the Sources screen can say which stages the
 * platform has read and when its fetch last failed. `rows` is the file's row count on a fetch
 * that was answered; `refused` the reason in words on one that was not (the right username with a
 * wrong password: the platform's schedule holds an old password). Rows older than 7 days go.
 */
export const FEED_FETCHES_MIGRATION = `
  CREATE TABLE feed_fetches (
    id      INTEGER PRIMARY KEY,
    feed    TEXT    NOT NULL,
    at      INTEGER NOT NULL,
    rows    INTEGER,
    refused TEXT,
    CHECK ((rows IS NULL) <> (refused IS NULL))
  ) STRICT;
  CREATE INDEX feed_fetches_by_feed ON feed_fetches (feed, at);
`;
