import type Database from 'better-sqlite3';
import express, { Router, type ErrorRequestHandler, type Request } from 'express';
import { isLeadSource } from '@iconia/shared';
import { EXPORT_FIELDS, toExportRecord } from '../reports/lead-export.ts';
import { toCsv } from '../reports/csv.ts';
import type { Clock } from '../clock.ts';
import type { Logger } from '../logger.ts';
import { addDays, indiaDay, indiaDayStart, indiaTimestamp, isDay } from '../reports/india-day.ts';
import { toLead } from '../store/lead-types.ts';
import { createAccount, disableAccount } from './accounts.ts';
import { createAuth, currentUser, sessionToken, type Auth } from './auth.ts';
import { DeskError, MESSAGES } from './desk-error.ts';
import { createDeskStore, toDeskUser, type DeskStore, type ExportRow } from './desk-store.ts';
import { isStage, type DeskUser, type LeadCursor, type LeadFilter } from './desk-types.ts';
import { timeline, toLeadDetail, toLeadRow, toTimelineEntry } from './lead-json.ts';
import {
  addNote,
  changeLead,
  CONTACT_TEXT,
  findLead,
  recordContact,
  type LeadChange,
} from './lead-work.ts';
import { createLiveEvents, type LiveEvents } from './live-events.ts';
import { buildReports, REPORT_DAYS, type ReportDays } from './reports.ts';

export interface DeskRouterDeps {
  /** The lead database (the desk's tables are migrated with it). */
  db: Database.Database;
  clock: Clock;
  logger: Logger;
}

export interface DeskApi {
  /** Mount at `/desk/api`. */
  router: Router;
  store: DeskStore;
  auth: Auth;
  events: LiveEvents;
}

const DEFAULT_PAGE = 50;
const MAX_PAGE = 100;
const NOTE_MAX_LENGTH = 2_000;
const REASON_MAX_LENGTH = 200;
const DAY_MS = 86_400_000;
const UNCONTACTED_DAYS = 30;

type Body = Record<string, unknown>;

function body(req: Request): Body {
  const value: unknown = req.body;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new DeskError(400, 'Send a JSON object with content-type: application/json.');
  }
  return value as Body;
}

function onlyFields(input: Body, allowed: readonly string[]): void {
  const unknown = Object.keys(input).filter((key) => !allowed.includes(key));
  if (unknown.length > 0) {
    throw new DeskError(
      400,
      `Unknown field ${unknown.map((key) => `"${key}"`).join(', ')}; expected ${allowed.join(', ')}.`,
    );
  }
}

function text(input: Body, field: string, maxLength: number): string {
  const value = input[field];
  if (typeof value !== 'string' || value.trim() === '') {
    throw new DeskError(400, `"${field}" is required.`);
  }
  if (value.length > maxLength) {
    throw new DeskError(400, `"${field}" must be at most ${maxLength} characters.`);
  }
  return value.trim();
}

/** The `:id` of the path; anything but a positive whole number cannot name a lead or account. */
function pathId(req: Request, notFound: string): number {
  const raw = String(req.params.id);
  if (!/^[1-9]\d{0,14}$/.test(raw)) throw new DeskError(404, notFound);
  return Number(raw);
}

const leadId = (req: Request): number => pathId(req, MESSAGES.leadNotFound);

function query(req: Request, name: string): string | undefined {
  const value = req.query[name];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string') throw new DeskError(400, `Give "${name}" once.`);
  return value;
}

/** An ISO 8601 time with its offset, e.g. 2026-11-21T15:45:00+05:30. */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

function parseTime(value: unknown, field: string): number | null {
  if (value === null) return null;
  const ms = typeof value === 'string' && ISO_TIME.test(value) ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(ms)) {
    throw new DeskError(
      400,
      `"${field}" must be a time like 2026-11-21T15:45:00+05:30, or null to clear it.`,
    );
  }
  return ms;
}

function encodeCursor(cursor: LeadCursor): string {
  return Buffer.from(`${cursor.receivedAt}.${cursor.id}`).toString('base64url');
}

function decodeCursor(value: string): LeadCursor {
  const match = /^(\d{1,15})\.(\d{1,15})$/.exec(Buffer.from(value, 'base64url').toString());
  if (!match) throw new DeskError(400, 'The page cursor is not valid; start from the first page.');
  return { receivedAt: Number(match[1]), id: Number(match[2]) };
}

/** Digits typed in any common way: "+91 98765 43210", "98765-43210", "4321". */
function mobileDigits(value: string): string | undefined {
  const digits = value.replace(/[\s+\-()]/g, '');
  if (!/^\d+$/.test(digits)) return undefined;
  return digits.length === 12 && digits.startsWith('91') ? digits.slice(2) : digits;
}

function parseFilter(req: Request, user: DeskUser, now: number): LeadFilter {
  const filter: LeadFilter = { spam: query(req, 'spam') === '1', held: query(req, 'held') === '1' };
  const stage = query(req, 'stage');
  if (stage !== undefined) {
    if (!isStage(stage)) throw new DeskError(400, `"${stage}" is not a stage.`);
    filter.stage = stage;
  }
  const form = query(req, 'form');
  if (form !== undefined) {
    if (!isLeadSource(form)) throw new DeskError(400, `"${form}" is not a form of the site.`);
    filter.form = form;
  }
  filter.utmSource = query(req, 'utmSource');
  filter.utmCampaign = query(req, 'utmCampaign');
  const owner = query(req, 'owner');
  if (owner === 'me') filter.owner = user.id;
  else if (owner === 'none') filter.owner = 'none';
  else if (owner !== undefined) {
    if (!/^\d{1,15}$/.test(owner)) {
      throw new DeskError(400, '"owner" must be me, none or an account id.');
    }
    filter.owner = Number(owner);
  }
  const from = query(req, 'from');
  const to = query(req, 'to');
  for (const [name, day] of [
    ['from', from],
    ['to', to],
  ] as const) {
    if (day !== undefined && !isDay(day)) {
      throw new DeskError(400, `"${name}" must be a day written YYYY-MM-DD.`);
    }
  }
  if (from !== undefined && to !== undefined && from > to) {
    throw new DeskError(400, `"from" (${from}) is after "to" (${to}).`);
  }
  if (from !== undefined) filter.since = indiaDayStart(from);
  if (to !== undefined) filter.until = indiaDayStart(addDays(to, 1));
  if (query(req, 'due') === '1') filter.dueBy = now;
  const q = query(req, 'q')?.trim();
  if (q !== undefined && q !== '') {
    if (q.length > 100) throw new DeskError(400, 'The search is too long.');
    const digits = mobileDigits(q);
    if (digits !== undefined) filter.mobilePart = digits;
    else filter.namePart = q;
  }
  return filter;
}

function csvOf(rows: readonly ExportRow[]): string {
  const deskFields = ['stage', 'owner', 'followUpAt', 'lostReason', 'firstContactAt'] as const;
  return toCsv(
    [...EXPORT_FIELDS, ...deskFields],
    rows.map((row) => {
      const record = toExportRecord({
        ...toLead(row),
        ...(row.original_public_id !== null ? { duplicateOfPublicId: row.original_public_id } : {}),
      });
      return [
        ...EXPORT_FIELDS.map((field) => record[field]),
        row.stage ?? 'new',
        row.owner_name,
        row.follow_up_at === null ? null : indiaTimestamp(row.follow_up_at),
        row.lost_reason,
        row.first_contact_at === null ? null : indiaTimestamp(row.first_contact_at),
      ];
    }),
  );
}

/** The sales desk's JSON API. Every route but signing in needs a session; see docs/desk-api.md. */
export function createDeskApi(deps: DeskRouterDeps): DeskApi {
  const { db, clock, logger } = deps;
  const store = createDeskStore(db);
  const auth = createAuth(store, clock);
  const events = createLiveEvents({
    store,
    logger,
    isSignedIn: (token) => auth.sessionUser(token, { extend: false }) !== undefined,
  });
  const { requireSession, requireManager } = auth;
  const router = Router();

  router.use((_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });
  router.use(auth.sameOrigin);
  router.use(express.json({ limit: '16kb' }));

  router.post('/session', async (req, res) => {
    const input = body(req);
    const email = typeof input.email === 'string' ? input.email.trim() : '';
    const password = typeof input.password === 'string' ? input.password : '';
    if (email === '' || password === '') {
      throw new DeskError(400, 'Enter your email and password.');
    }
    const user = await auth.signIn(req, res, email, password).catch((error: unknown) => {
      // Someone guessing passwords is worth an operator's attention; the email is not logged.
      if (error instanceof DeskError && error.status === 429) {
        logger.warn({ address: req.ip }, 'desk sign-in locked after repeated failures');
      }
      throw error;
    });
    logger.info({ userId: user.id }, 'desk sign-in');
    res.json({ user });
  });
  router.get('/session', requireSession, (_req, res) => {
    res.json({ user: currentUser(res) });
  });
  router.delete('/session', requireSession, (req, res) => {
    auth.signOut(req, res);
    res.status(204).end();
  });
  router.post('/session/sign-out-everywhere', requireSession, (req, res) => {
    auth.signOutEverywhere(req, res, currentUser(res));
    res.status(204).end();
  });

  router.get('/leads', requireSession, (req, res) => {
    const now = clock.now();
    const filter = parseFilter(req, currentUser(res), now);
    const limitText = query(req, 'limit') ?? String(DEFAULT_PAGE);
    if (!/^\d{1,3}$/.test(limitText) || Number(limitText) < 1 || Number(limitText) > MAX_PAGE) {
      throw new DeskError(400, `"limit" must be a whole number from 1 to ${MAX_PAGE}.`);
    }
    const limit = Number(limitText);
    const cursorText = query(req, 'cursor');
    const rows = store.listLeads(
      filter,
      limit + 1,
      cursorText === undefined ? undefined : decodeCursor(cursorText),
    );
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    res.json({
      leads: page.map(toLeadRow),
      nextCursor:
        rows.length > limit && last
          ? encodeCursor({ receivedAt: last.received_at, id: last.id })
          : null,
    });
  });

  router.get('/events', requireSession, (req, res) => {
    events.add(res, { token: sessionToken(req) ?? '', userId: currentUser(res).id });
  });

  const leadAnswer = (id: number) => {
    const lead = findLead(store, id);
    return {
      lead: toLeadDetail(lead, store.webhookDeliveries(id)),
      timeline: timeline(lead, store.eventsOf(id)),
      duplicates:
        lead.erased_at === null ? store.sameMobile(lead.mobile, lead.id).map(toLeadRow) : [],
    };
  };

  router.get('/leads/:id', requireSession, (req, res) => {
    res.json(leadAnswer(leadId(req)));
  });

  router.patch('/leads/:id', requireSession, (req, res) => {
    const input = body(req);
    onlyFields(input, ['stage', 'lostReason', 'followUpAt', 'ownerId']);
    const change: LeadChange = {};
    if (input.stage !== undefined) {
      if (!isStage(input.stage)) throw new DeskError(400, `"stage" is not a stage.`);
      change.stage = input.stage;
    }
    if (input.lostReason !== undefined && input.lostReason !== null) {
      if (typeof input.lostReason !== 'string' || input.lostReason.length > REASON_MAX_LENGTH) {
        throw new DeskError(
          400,
          `"lostReason" must be text of at most ${REASON_MAX_LENGTH} characters.`,
        );
      }
      change.lostReason = input.lostReason;
    }
    if (input.followUpAt !== undefined)
      change.followUpAt = parseTime(input.followUpAt, 'followUpAt');
    if (input.ownerId !== undefined) {
      if (input.ownerId !== null && !Number.isSafeInteger(input.ownerId)) {
        throw new DeskError(400, '"ownerId" must be an account id or null.');
      }
      change.ownerId = input.ownerId as number | null;
    }
    const lead = findLead(store, leadId(req));
    changeLead(store, currentUser(res), lead, change, clock.now());
    res.json({ lead: leadAnswer(lead.id).lead });
  });

  router.post('/leads/:id/notes', requireSession, (req, res) => {
    const input = body(req);
    onlyFields(input, ['text']);
    const note = text(input, 'text', NOTE_MAX_LENGTH);
    const lead = findLead(store, leadId(req));
    const user = currentUser(res);
    const now = clock.now();
    addNote(store, user, lead, note, now);
    res.status(201).json({
      entry: toTimelineEntry({
        at: now,
        type: 'note',
        actor_id: user.id,
        actor_name: user.name,
        text: note,
      }),
    });
  });

  router.post('/leads/:id/contacts', requireSession, (req, res) => {
    const input = body(req);
    onlyFields(input, ['channel']);
    const channel = input.channel;
    if (channel !== 'call' && channel !== 'whatsapp') {
      throw new DeskError(400, '"channel" must be call or whatsapp.');
    }
    const lead = findLead(store, leadId(req));
    const user = currentUser(res);
    const now = clock.now();
    recordContact(store, user, lead, channel, now);
    res.status(201).json({
      entry: toTimelineEntry({
        at: now,
        type: 'contact',
        actor_id: user.id,
        actor_name: user.name,
        text: CONTACT_TEXT[channel],
      }),
    });
  });

  router.get('/today', requireSession, (_req, res) => {
    const now = clock.now();
    const endOfToday = indiaDayStart(addDays(indiaDay(now), 1));
    const lists = store.today(
      currentUser(res).id,
      now,
      endOfToday,
      now - UNCONTACTED_DAYS * DAY_MS,
    );
    res.json({
      overdue: lists.overdue.map(toLeadRow),
      dueToday: lists.dueToday.map(toLeadRow),
      uncontacted: lists.uncontacted.map(toLeadRow),
    });
  });

  router.get('/reports', requireSession, (req, res) => {
    const days = Number(query(req, 'days') ?? '30');
    if (!(REPORT_DAYS as readonly number[]).includes(days)) {
      throw new DeskError(400, '"days" must be 30 or 90.');
    }
    res.json(buildReports(store, days as ReportDays, clock.now()));
  });

  router.get('/export.csv', requireSession, requireManager, (req, res) => {
    const now = clock.now();
    const user = currentUser(res);
    const filter = parseFilter(req, user, now);
    const rows = store.exportLeads(filter);
    const filters = new URLSearchParams(req.query as Record<string, string>).toString();
    store.recordExport(user.id, now, filters, rows.length);
    logger.info({ userId: user.id, rows: rows.length }, 'desk export');
    res
      .status(200)
      .set('Content-Type', 'text/csv; charset=utf-8')
      .set(
        'Content-Disposition',
        `attachment; filename="elegant-iconia-leads-${indiaDay(now)}.csv"`,
      )
      .send(csvOf(rows));
  });

  router.post('/erasures', requireSession, requireManager, (req, res) => {
    const input = body(req);
    onlyFields(input, ['mobile']);
    const mobile = typeof input.mobile === 'string' ? mobileDigits(input.mobile) : undefined;
    if (mobile === undefined || !/^[6-9]\d{9}$/.test(mobile)) {
      throw new DeskError(400, '"mobile" must be a ten-digit Indian mobile number.');
    }
    const user = currentUser(res);
    const erased = store.erase(mobile, user, clock.now());
    logger.info({ userId: user.id, leads: erased.length }, 'desk erasure');
    res.json({ erased: erased.length });
  });

  // Agents may read the short list (names for the owner filter); the full list is managers'.
  router.get('/users', requireSession, (req, res) => {
    if (query(req, 'short') === '1') {
      const users = store
        .listUsers()
        .filter((row) => row.disabled_at === null)
        .map((row) => ({ id: row.id, name: row.name }));
      res.json({ users });
      return;
    }
    if (currentUser(res).role !== 'manager') throw new DeskError(403, MESSAGES.managersOnly);
    res.json({ users: store.listUsers().map(toDeskUser) });
  });

  router.post('/users', requireSession, requireManager, async (req, res) => {
    const input = body(req);
    onlyFields(input, ['email', 'name', 'role', 'password']);
    if (input.role !== undefined && input.role !== 'agent') {
      throw new DeskError(
        400,
        'Managers can add agents here; a manager account is added with pnpm leads users add.',
      );
    }
    const user = await createAccount(
      store,
      {
        email: typeof input.email === 'string' ? input.email : '',
        name: typeof input.name === 'string' ? input.name : '',
        role: 'agent',
        password: typeof input.password === 'string' ? input.password : '',
      },
      clock.now(),
    );
    logger.info({ userId: currentUser(res).id, created: user.id }, 'desk account added');
    res.status(201).json({ user });
  });

  router.post('/users/:id/disable', requireSession, requireManager, (req, res) => {
    const id = pathId(req, 'There is no account with this id.');
    if (id === currentUser(res).id) {
      throw new DeskError(400, 'You cannot disable your own account.');
    }
    // The desk manages agents; a manager's account is the operator's (pnpm leads users).
    if (store.userById(id)?.role === 'manager') {
      throw new DeskError(403, 'A manager account is disabled with pnpm leads users disable.');
    }
    const user = disableAccount(store, id, clock.now());
    logger.info({ userId: currentUser(res).id, disabled: user.id }, 'desk account disabled');
    res.json({ user });
  });

  router.use((_req, res) => {
    res.status(404).json({ error: 'There is no such desk endpoint.' });
  });
  const handleError: ErrorRequestHandler = (error: unknown, req, res, _next) => {
    if (res.headersSent) return;
    if (error instanceof DeskError) {
      res.status(error.status).json({ error: error.message });
      return;
    }
    const status = (error as { status?: unknown }).status;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      // body-parser's errors: malformed JSON, too large, wrong charset.
      const message =
        status === 413
          ? 'The request is too large.'
          : status === 415
            ? 'Send JSON with content-type: application/json.'
            : 'The request could not be read as JSON.';
      res.status(status).json({ error: message });
      return;
    }
    logger.error({ err: error, path: req.path }, 'desk request failed');
    res.status(500).json({ error: 'Something went wrong on the server. Please try again.' });
  };
  router.use(handleError);

  return { router, store, auth, events };
}
