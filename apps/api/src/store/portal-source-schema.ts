/**
 * `portal_sources` (its queries: `portals/portal-store.ts`): the property portals the server
 * pulls leads from. `credentials` is the login sealed with the data folder's portal key
 * (`portals/portal-credentials.ts`), never the plain text. `read_until` is the last moment of
 * which every lead is stored: the next poll asks from there, less an overlap. One process polls a
 * source at a time: it holds the lease (`lease_owner` until `lease_until`) while it polls.
 */
export const PORTAL_SOURCES_MIGRATION = `
  CREATE TABLE portal_sources (
    id              INTEGER PRIMARY KEY,
    name            TEXT    NOT NULL UNIQUE,
    portal          TEXT    NOT NULL,
    url             TEXT    NOT NULL,
    credentials     TEXT    NOT NULL,
    created_at      INTEGER NOT NULL,
    disabled_at     INTEGER,
    read_until      INTEGER NOT NULL,
    last_poll_at    INTEGER,
    last_success_at INTEGER,
    failing_since   INTEGER,
    last_error      TEXT,
    lease_owner     TEXT,
    lease_until     INTEGER
  ) STRICT;
`;
