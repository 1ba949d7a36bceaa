import type Database from 'better-sqlite3';

export interface PortalSourceRow {
  id: number;
  name: string;
  portal: string;
  url: string;
  credentials: string;
  created_at: number;
  disabled_at: number | null;
  read_until: number;
  last_poll_at: number | null;
  last_success_at: number | null;
  failing_since: number | null;
  last_error: string | null;
  lease_owner: string | null;
  lease_until: number | null;
}

/** The statements on `portal_sources` (its table: `store/portal-source-schema.ts`). */
export function createPortalStore(db: Database.Database) {
  const statements = {
    byName: db.prepare<[string], PortalSourceRow>(`SELECT * FROM portal_sources WHERE name = ?`),
    all: db.prepare<[], PortalSourceRow>(`SELECT * FROM portal_sources ORDER BY name`),
    insert: db.prepare<{
      name: string;
      portal: string;
      url: string;
      credentials: string;
      at: number;
    }>(
      `INSERT INTO portal_sources (name, portal, url, credentials, created_at, read_until)
       VALUES (@name, @portal, @url, @credentials, @at, @at)`,
    ),
    credentials: db.prepare<[string, string]>(
      `UPDATE portal_sources SET credentials = ?, failing_since = NULL, last_error = NULL
       WHERE name = ?`,
    ),
    disabled: db.prepare<[number | null, string]>(
      `UPDATE portal_sources SET disabled_at = ? WHERE name = ?`,
    ),
    due: db.prepare<{ now: number; everyMs: number }, PortalSourceRow>(
      `SELECT * FROM portal_sources
       WHERE disabled_at IS NULL AND (last_poll_at IS NULL OR last_poll_at + @everyMs <= @now)
       ORDER BY name`,
    ),
    lease: db.prepare<{ name: string; owner: string; now: number; until: number }>(
      `UPDATE portal_sources SET lease_owner = @owner, lease_until = @until, last_poll_at = @now
       WHERE name = @name AND disabled_at IS NULL
         AND (lease_until IS NULL OR lease_until <= @now)`,
    ),
    readUntil: db.prepare<{ name: string; owner: string; until: number }>(
      `UPDATE portal_sources SET read_until = max(read_until, @until)
       WHERE name = @name AND lease_owner = @owner`,
    ),
    succeeded: db.prepare<{ name: string; owner: string; now: number }>(
      `UPDATE portal_sources SET last_success_at = @now, failing_since = NULL, last_error = NULL,
         lease_owner = NULL, lease_until = NULL
       WHERE name = @name AND lease_owner = @owner`,
    ),
    releaseLeases: db.prepare(
      `UPDATE portal_sources SET lease_owner = NULL, lease_until = NULL, last_poll_at = NULL
       WHERE lease_owner IS NOT NULL`,
    ),
    failed: db.prepare<{ name: string; owner: string; now: number; error: string }>(
      `UPDATE portal_sources SET failing_since = coalesce(failing_since, @now), last_error = @error,
         lease_owner = NULL, lease_until = NULL
       WHERE name = @name AND lease_owner = @owner`,
    ),
  };
  return {
    find: (name: string) => statements.byName.get(name),
    all: () => statements.all.all(),
    insert: (row: { name: string; portal: string; url: string; credentials: string; at: number }) =>
      statements.insert.run(row),
    setCredentials: (name: string, sealed: string) =>
      statements.credentials.run(sealed, name).changes > 0,
    setDisabled: (name: string, at: number | null) => statements.disabled.run(at, name).changes > 0,
    due: (now: number, everyMs: number) => statements.due.all({ now, everyMs }),
    /** Takes the source's lease: true when this process may poll it now. */
    lease: (name: string, owner: string, now: number, until: number) =>
      statements.lease.run({ name, owner, now, until }).changes > 0,
    /** Every lead up to `until` is stored: the next poll may start from there. */
    readUntil: (name: string, owner: string, until: number) =>
      statements.readUntil.run({ name, owner, until }),
    succeeded: (name: string, owner: string, now: number) =>
      statements.succeeded.run({ name, owner, now }),
    /**
     * The only server on the file frees the polls a killed process held, without waiting, and
     * polls those sources at once: a poll that died is no poll.
     */
    takeBackLeases: () => statements.releaseLeases.run().changes,
    failed: (name: string, owner: string, now: number, error: string) =>
      statements.failed.run({ name, owner, now, error: error.slice(0, 500) }),
  };
}

export type PortalStore = ReturnType<typeof createPortalStore>;
