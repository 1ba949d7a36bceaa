import type Database from 'better-sqlite3';

/**
 * Partners and portals that push leads to `/intake/partners/<name>`, each with its own signing
 * secret. The secret is kept as issued, not hashed: the server needs the key itself to check an
 * HMAC. After a rotation the previous secret keeps working until `previous_until`, so a partner
 * can switch over without losing a lead.
 */
export const PARTNER_SOURCES_MIGRATION = `
  CREATE TABLE partner_sources (
    id              INTEGER PRIMARY KEY,
    name            TEXT    NOT NULL UNIQUE,
    secret          TEXT    NOT NULL,
    previous_secret TEXT,
    previous_until  INTEGER,
    disabled_at     INTEGER,
    created_at      INTEGER NOT NULL,
    rotated_at      INTEGER
  ) STRICT;
`;

export interface PartnerSourceRow {
  id: number;
  name: string;
  secret: string;
  previous_secret: string | null;
  previous_until: number | null;
  disabled_at: number | null;
  created_at: number;
  rotated_at: number | null;
}

/** The statements on `partner_sources`, on the lead store's connection. */
export function createPartnerSourceStore(db: Database.Database) {
  const byName = db.prepare<[string], PartnerSourceRow>(
    `SELECT * FROM partner_sources WHERE name = ?`,
  );
  const all = db.prepare<[], PartnerSourceRow>(`SELECT * FROM partner_sources ORDER BY name`);
  const insert = db.prepare<[string, string, number]>(
    `INSERT INTO partner_sources (name, secret, created_at) VALUES (?, ?, ?)`,
  );
  const rotate = db.prepare<[number, string, number, string]>(`
    UPDATE partner_sources
    SET previous_secret = secret, previous_until = ?, secret = ?, rotated_at = ?
    WHERE name = ?`);
  // Disabling twice keeps the first time.
  const disable = db.prepare<[number, string]>(
    `UPDATE partner_sources SET disabled_at = coalesce(disabled_at, ?) WHERE name = ?`,
  );
  const enable = db.prepare<[string]>(
    `UPDATE partner_sources SET disabled_at = NULL WHERE name = ?`,
  );
  return {
    find: (name: string): PartnerSourceRow | undefined => byName.get(name),
    list: (): PartnerSourceRow[] => all.all(),
    insert(name: string, secret: string, now: number): void {
      insert.run(name, secret, now);
    },
    rotate(name: string, secret: string, now: number, previousUntil: number): void {
      rotate.run(previousUntil, secret, now, name);
    },
    disable(name: string, now: number): void {
      disable.run(now, name);
    },
    enable(name: string): void {
      enable.run(name);
    },
  };
}

export type PartnerSourceStore = ReturnType<typeof createPartnerSourceStore>;
