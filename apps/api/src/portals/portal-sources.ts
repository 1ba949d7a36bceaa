import type Database from 'better-sqlite3';
import { PARTNER_NAME_PATTERN, PARTNER_NAME_RULE } from '@iconia/shared';
import { PORTAL_ADAPTERS, PORTAL_KEYS } from './adapters.ts';
import { createPortalCredentialSeal, type PortalCredentialSeal } from './portal-credentials.ts';
import { createPortalStore, type PortalSourceRow } from './portal-store.ts';

/** A refusal for people, with the HTTP status the desk would answer it with. */
export class PortalSourceError extends Error {
  constructor(
    readonly status: 400 | 404 | 409,
    message: string,
  ) {
    super(message);
    this.name = 'PortalSourceError';
  }
}

/** A pull source as the CLI and the desk show it: never its login, only that one is set. */
export interface PortalSourceState {
  name: string;
  portal: string;
  portalLabel: string;
  url: string;
  disabled: boolean;
  createdAt: number;
  credentialsSet: true;
  /** Every lead up to this moment is stored. */
  readUntil: number;
  lastPollAt: number | null;
  lastSuccessAt: number | null;
  failingSince: number | null;
  /** The portal's last error, in words. */
  lastError: string | null;
}

function toState(row: PortalSourceRow): PortalSourceState {
  return {
    name: row.name,
    portal: row.portal,
    portalLabel: PORTAL_ADAPTERS.get(row.portal)?.label ?? row.portal,
    url: row.url,
    disabled: row.disabled_at !== null,
    createdAt: row.created_at,
    credentialsSet: true,
    readUntil: row.read_until,
    lastPollAt: row.last_poll_at,
    lastSuccessAt: row.last_success_at,
    failingSince: row.failing_since,
    lastError: row.last_error,
  };
}

export interface NewPortalSource {
  portal: string;
  name: string;
  credentials: Readonly<Record<string, string>>;
  /** The portal's endpoint when it is not the documented one (a staging host, a local peer). */
  url?: string | undefined;
}

/**
 * The pull sources, as `pnpm leads sources` manages them and the poller reads them. A login is
 * sealed before it is stored and never returned.
 */
export function createPortalSources(
  db: Database.Database,
  seal: PortalCredentialSeal,
  /** Whether a partner source already has the name: a name is one source's. */
  partnerNamed: (name: string) => boolean,
) {
  const store = createPortalStore(db);
  const existing = (name: string): PortalSourceRow => {
    const row = store.find(name);
    if (!row) throw new PortalSourceError(404, `There is no portal source named "${name}".`);
    return row;
  };
  const checkedCredentials = (portal: string, credentials: Readonly<Record<string, string>>) => {
    const adapter = PORTAL_ADAPTERS.get(portal);
    if (!adapter) {
      throw new PortalSourceError(
        400,
        `"${portal}" is not a portal the desk pulls from: use one of ${PORTAL_KEYS.join(', ')}.`,
      );
    }
    const missing = adapter.credentialFields.filter(
      (field) => (credentials[field.key] ?? '').trim() === '',
    );
    if (missing.length > 0) {
      throw new PortalSourceError(
        400,
        `${adapter.label} needs ${missing.map((field) => field.label).join(' and ')}.`,
      );
    }
    return Object.fromEntries(
      adapter.credentialFields.map((field) => [field.key, (credentials[field.key] ?? '').trim()]),
    );
  };
  const checkedUrl = (url: string | undefined, fallback: string) => {
    if (url === undefined) return fallback;
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new PortalSourceError(400, `"${url}" is not a URL.`);
    }
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
      throw new PortalSourceError(
        400,
        `The portal's URL must be http or https, not ${parsed.protocol}`,
      );
    }
    return parsed.href;
  };

  const add = db.transaction((source: NewPortalSource, now: number): PortalSourceState => {
    if (!PARTNER_NAME_PATTERN.test(source.name)) {
      throw new PortalSourceError(
        400,
        `"${source.name}" is not a valid name. ${PARTNER_NAME_RULE}`,
      );
    }
    if (store.find(source.name) || partnerNamed(source.name)) {
      throw new PortalSourceError(409, `There is already a source named "${source.name}".`);
    }
    const credentials = checkedCredentials(source.portal, source.credentials);
    const adapter = PORTAL_ADAPTERS.get(source.portal)!;
    store.insert({
      name: source.name,
      portal: source.portal,
      url: checkedUrl(source.url, adapter.defaultUrl),
      credentials: seal.seal(credentials),
      at: now,
    });
    return toState(existing(source.name));
  });

  return {
    add,
    list: () => store.all().map(toState),
    find: (name: string) => {
      const row = store.find(name);
      return row ? toState(row) : undefined;
    },
    /** Replaces a source's login (after the portal changed it, or the key was lost). */
    setCredentials(name: string, credentials: Readonly<Record<string, string>>) {
      const row = existing(name);
      store.setCredentials(name, seal.seal(checkedCredentials(row.portal, credentials)));
      return toState(existing(name));
    },
    setDisabled(name: string, disabled: boolean, now: number) {
      existing(name);
      store.setDisabled(name, disabled ? now : null);
      return toState(existing(name));
    },
  };
}

export type PortalSources = ReturnType<typeof createPortalSources>;

/** The pull sources of the data folder `dataDir`, and the seal of their logins. */
export function openPortalSources(
  db: Database.Database,
  dataDir: string,
  partnerNamed: (name: string) => boolean,
) {
  const seal = createPortalCredentialSeal(dataDir);
  return { seal, sources: createPortalSources(db, seal, partnerNamed) };
}
