import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { portalOrigin, readPlatformPhone, type LeadOrigin } from '@iconia/shared';
import type { Clock } from '../clock.ts';
import type { Logger } from '../logger.ts';
import { PORTAL_ADAPTERS } from './adapters.ts';
import { PortalError, type PortalLead } from './portal-adapter.ts';
import { PortalCredentialsError, type PortalCredentialSeal } from './portal-credentials.ts';
import type { PortalSourceRow, PortalStore } from './portal-store.ts';

/** Each poll reads again this much before the last fully read moment: a lead the portal files late is not missed. */
export const POLL_OVERLAP_MS = 10 * 60_000;
/** How long one poll may hold its source; a process killed mid-poll frees it after this. */
export const POLL_LEASE_MS = 10 * 60_000;
/** How long the poller waits for one answer of a portal. */
export const PORTAL_TIMEOUT_MS = 30_000;

/**
 * A portal's enquiry as the intake stores it (the shape of the intake's enquiry, which this
 * feature may not import; the composition root hands one to the other).
 */
export interface PortalEnquiry {
  origin: LeadOrigin;
  /** The portal's id of the enquiry: the same enquiry read in two windows is stored once. */
  externalId: string;
  name: string;
  mobile: string;
  email?: string;
  message?: string;
  answers: Record<string, string>;
  receivedAt: number;
  problems: string[];
}

export type PollOutcome =
  | { source: string; outcome: 'read'; leads: number }
  | { source: string; outcome: 'failed'; error: string }
  /** Another process holds the source's poll. */
  | { source: string; outcome: 'busy' };

export interface PortalPollerOptions {
  store: PortalStore;
  seal: PortalCredentialSeal;
  /** Stores an enquiry as every channel's is stored; resolves once it is on disk. */
  ingest: (enquiry: PortalEnquiry) => Promise<unknown>;
  clock: Clock;
  logger: Logger;
  /** PORTAL_POLL_MINUTES, in ms. */
  everyMs: number;
  timeoutMs?: number;
  /** How often the poller looks for a source that is due (default: a tenth of `everyMs`, at most 30 s). */
  checkEveryMs?: number;
}

/** The portal's enquiry as the intake's: its number in E.164 (ten digits read as +91), its project and message kept. */
export function enquiryOf(source: string, lead: PortalLead, now: number): PortalEnquiry {
  const phone = readPlatformPhone(lead.mobile);
  const answers = { ...lead.answers };
  if (lead.project) answers.Project = lead.project;
  return {
    origin: portalOrigin(source),
    externalId: lead.externalId,
    name: lead.name,
    mobile: phone.mobile,
    ...(lead.email ? { email: lead.email } : {}),
    ...(lead.message ? { message: lead.message } : {}),
    answers,
    receivedAt: lead.receivedAt ?? now,
    problems: phone.problem ? [phone.problem] : [],
  };
}

/** The words of an error with every secret of the login taken out. */
function scrubbed(words: string, secrets: readonly string[]): string {
  return secrets
    .filter((secret) => secret.length >= 3)
    .reduce((text, secret) => text.split(secret).join('[hidden]'), words);
}

interface WindowReader {
  store: PortalStore;
  owner: string;
  clock: Clock;
  ingest: PortalPollerOptions['ingest'];
  /** Each request's signal: aborted on its timeout, or when the server stops. */
  signal: () => AbortSignal;
}

/**
 * Reads a source's windows from its mark (less the overlap) to now, in the steps its portal
 * allows, and stores each lead; the mark moves past a step once all of the step's leads are stored.
 */
async function readWindows(
  row: PortalSourceRow,
  credentials: Record<string, string>,
  reader: WindowReader,
): Promise<number> {
  const { store, owner, clock } = reader;
  const adapter = PORTAL_ADAPTERS.get(row.portal);
  if (!adapter)
    throw new PortalError(`"${row.portal}" is not a portal this server knows.`, 'portal');
  const to = clock.now();
  let from = row.read_until - POLL_OVERLAP_MS;
  let stored = 0;
  while (from < to) {
    const end = Math.min(to, from + adapter.maxWindowMs);
    const leads = await adapter.fetchWindow({
      url: row.url,
      credentials,
      from,
      to: end,
      now: clock.now(),
      signal: reader.signal(),
    });
    for (const lead of leads) await reader.ingest(enquiryOf(row.name, lead, to));
    stored += leads.length;
    store.readUntil(row.name, owner, end);
    from = end;
  }
  return stored;
}

/**
 * Polls each enabled portal source every `everyMs`: asks for the window from its last fully read
 * moment (less `POLL_OVERLAP_MS`) to now, in steps the portal allows, stores each lead through
 * the intake (the portal's id as the idempotency key), and moves the mark past a step only once
 * every lead of it is stored. A crash, an outage or a portal's error moves nothing: the next poll
 * reads the window again. A source is polled by one process at a time (its lease in the table).
 */
export function createPortalPoller(options: PortalPollerOptions) {
  const { store, seal, clock } = options;
  const logger = options.logger.child({ component: 'portal-poller' });
  const timeoutMs = options.timeoutMs ?? PORTAL_TIMEOUT_MS;
  const owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<PollOutcome[]> | undefined;
  /** Aborted when the server stops: a portal's slow answer does not hold the shutdown. */
  const stopping = new AbortController();
  const reader: WindowReader = {
    store,
    owner,
    clock,
    ingest: options.ingest,
    signal: () => AbortSignal.any([stopping.signal, AbortSignal.timeout(timeoutMs)]),
  };

  async function pollSource(row: PortalSourceRow): Promise<PollOutcome> {
    const now = clock.now();
    if (!store.lease(row.name, owner, now, now + POLL_LEASE_MS)) {
      return { source: row.name, outcome: 'busy' };
    }
    let secrets: string[] = [];
    try {
      const credentials = seal.open(row.credentials);
      secrets = Object.values(credentials);
      const leads = await readWindows(row, credentials, reader);
      store.succeeded(row.name, owner, clock.now());
      if (leads > 0)
        logger.info({ source: row.name, portal: row.portal, leads }, 'portal leads read');
      return { source: row.name, outcome: 'read', leads };
    } catch (error) {
      const known = error instanceof PortalError || error instanceof PortalCredentialsError;
      const words = scrubbed(
        known
          ? error.message
          : `The portal's leads could not be stored: ${(error as Error).message}`,
        secrets,
      );
      store.failed(row.name, owner, clock.now(), words);
      logger.warn(
        { source: row.name, portal: row.portal, reason: words },
        'portal poll failed; the next poll reads the window again',
      );
      return { source: row.name, outcome: 'failed', error: words };
    }
  }

  async function pollDueSources(): Promise<PollOutcome[]> {
    const outcomes: PollOutcome[] = [];
    for (const row of store.due(clock.now(), options.everyMs)) {
      outcomes.push(await pollSource(row));
    }
    return outcomes;
  }

  /** Polls every source that is due now, one after another; a poll already running is awaited. */
  function pollDue(): Promise<PollOutcome[]> {
    if (running) return running;
    const poll = pollDueSources().finally(() => {
      if (running === poll) running = undefined;
    });
    running = poll;
    return poll;
  }

  const run = () => {
    pollDue().catch((error: unknown) =>
      logger.error({ err: error }, 'could not poll the portals; will try again'),
    );
  };

  return {
    pollDue,
    start() {
      if (timer) return;
      const every = options.checkEveryMs ?? Math.min(30_000, Math.max(1_000, options.everyMs / 10));
      timer = setInterval(run, every);
      timer.unref();
      run();
    },
    /** Stops polling; a poll under way is cut short and fails, so its window is read again. */
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      stopping.abort();
      await running;
    },
    /** Resolves once the poll under way (if any) has ended. */
    async settled(): Promise<void> {
      await running;
    },
  };
}

export type PortalPoller = ReturnType<typeof createPortalPoller>;
