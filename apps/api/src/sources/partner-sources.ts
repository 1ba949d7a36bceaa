import type Database from 'better-sqlite3';
import { PARTNER_NAME_PATTERN, PARTNER_NAME_RULE } from '@iconia/shared';
import { newWebhookSecret, signingKeyOf } from '../standard-webhooks.ts';
import { createPartnerSourceStore, type PartnerSourceRow } from '../store/partner-source-store.ts';

/** How long the secret before a rotation still signs: a day for the partner to switch over. */
export const PREVIOUS_SECRET_MS = 24 * 60 * 60_000;

/** A refusal for people, with the HTTP status the desk answers it with. */
export class PartnerSourceError extends Error {
  constructor(
    readonly status: 400 | 404 | 409,
    message: string,
  ) {
    super(message);
    this.name = 'PartnerSourceError';
  }
}

/** A source as the desk and the CLI show it: everything but its secrets. */
export interface PartnerSourceState {
  name: string;
  disabled: boolean;
  createdAt: number;
  rotatedAt: number | null;
  /** Until when the previous secret is accepted; null when there is none or its day is over. */
  previousSecretUntil: number | null;
}

export interface IssuedSecret {
  source: PartnerSourceState;
  /** `whsec_…`, handed to the partner; shown once. */
  secret: string;
}

/** Who may post to `/intake/partners/<name>` right now. */
export type PartnerSourceAccess =
  { status: 'unknown' } | { status: 'disabled' } | { status: 'enabled'; keys: Buffer[] };

function toState(row: PartnerSourceRow, now: number): PartnerSourceState {
  return {
    name: row.name,
    disabled: row.disabled_at !== null,
    createdAt: row.created_at,
    rotatedAt: row.rotated_at,
    previousSecretUntil:
      row.previous_until !== null && row.previous_until > now ? row.previous_until : null,
  };
}

/**
 * The partner sources, as `pnpm leads sources` and the desk's Sources screen manage them and
 * partner intake reads them. Every call reads the table, so a change made by either (even in
 * another process) applies to the next request without a restart.
 */
export function createPartnerSources(db: Database.Database) {
  const store = createPartnerSourceStore(db);
  const existing = (name: string): PartnerSourceRow => {
    const row = store.find(name);
    if (!row) throw new PartnerSourceError(404, `There is no source named "${name}".`);
    return row;
  };
  const issue = db.transaction((name: string, now: number): IssuedSecret => {
    if (!PARTNER_NAME_PATTERN.test(name)) {
      throw new PartnerSourceError(400, `"${name}" is not a valid name. ${PARTNER_NAME_RULE}`);
    }
    if (store.find(name)) {
      throw new PartnerSourceError(409, `There is already a source named "${name}".`);
    }
    const secret = newWebhookSecret();
    store.insert(name, secret, now);
    return { source: toState(existing(name), now), secret };
  });
  const rotate = db.transaction((name: string, now: number): IssuedSecret => {
    existing(name);
    const secret = newWebhookSecret();
    store.rotate(name, secret, now, now + PREVIOUS_SECRET_MS);
    return { source: toState(existing(name), now), secret };
  });

  return {
    list: (now: number): PartnerSourceState[] => store.list().map((row) => toState(row, now)),
    /** A new source with its first secret. */
    add: (name: string, now: number): IssuedSecret => issue.immediate(name, now),
    /** A new secret; the one it replaces is accepted for another PREVIOUS_SECRET_MS. */
    rotate: (name: string, now: number): IssuedSecret => rotate.immediate(name, now),
    disable(name: string, now: number): PartnerSourceState {
      existing(name);
      store.disable(name, now);
      return toState(existing(name), now);
    },
    enable(name: string, now: number): PartnerSourceState {
      existing(name);
      store.enable(name);
      return toState(existing(name), now);
    },
    access(name: string, now: number): PartnerSourceAccess {
      const row = store.find(name);
      if (!row) return { status: 'unknown' };
      if (row.disabled_at !== null) return { status: 'disabled' };
      const keys = [signingKeyOf(row.secret)];
      if (row.previous_secret !== null && row.previous_until !== null && now < row.previous_until) {
        keys.push(signingKeyOf(row.previous_secret));
      }
      return { status: 'enabled', keys };
    },
  };
}

export type PartnerSources = ReturnType<typeof createPartnerSources>;
