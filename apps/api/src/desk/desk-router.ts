import type Database from 'better-sqlite3';
import express, { Router, type ErrorRequestHandler, type Request } from 'express';
import {
  contactSchema,
  encodeLeadCursor,
  erasureSchema,
  exportQuerySchema,
  leadChangeSchema,
  leadPageQuerySchema,
  mobileSearchDigits,
  newPartnerSourceSchema,
  noteSchema,
  reportQuerySchema,
  signInSchema,
  type LeadFilterQuery,
  type LeadPage,
  type LeadView,
  type PartnerSource,
  type SessionAnswer,
} from '@iconia/shared';
import { exportCsv } from '../reports/lead-export.ts';
import type { Clock } from '../clock.ts';
import type { Logger } from '../logger.ts';
import { addDays, indiaDay, indiaDayStart, indiaTimestamp } from '../reports/india-day.ts';
import { toLead } from '../store/lead-types.ts';
import { createAuth, currentUser, sessionToken, type Auth } from './auth.ts';
import { DeskError, MESSAGES } from './desk-error.ts';
import { createDeskOpenApiDocument } from './desk-openapi.ts';
import { parse, pathId } from './desk-input.ts';
import { createDeskStore, type DeskStore, type ExportRow } from './desk-store.ts';
import type { DeskUser, LeadFilter } from './desk-types.ts';
import { timeline, toLeadDetail, toLeadRow, toTimelineEntry } from './lead-json.ts';
import { addNote, changeLead, CONTACT_TEXT, findLead, recordContact } from './lead-work.ts';
import { createLiveEvents, type LiveEvents } from './live-events.ts';
import { createErasure, type Erasure, type ErasureOptions } from './erasure.ts';
import type { ErasureLedger } from '../privacy/erasure-ledger.ts';
import type { SourceHealth } from '../intake/source-health.ts';
import type { Routing } from '../routing/routing.ts';
import { registerRoutingRoutes } from './routing-routes.ts';
import { heldRoutes } from './held-routes.ts';
import { createHeldRelease } from './held-release.ts';
import { mountRoutes } from './route.ts';
import { registerBuyerMergeRoutes } from './buyer-merge-routes.ts';
import { createBuyerMerge } from './buyer-merge.ts';
import { createVisitStore } from '../store/visit-store.ts';
import type { LeadMessageRoute, LeadStore } from '../store/lead-store.ts';
import { registerAccountRoutes } from './account-routes.ts';
import { buildReports } from './reports.ts';
import {
  createHoldExpiryQueue,
  createPlotInventory,
  createPlotStore,
  plotRoutes,
  type PlotInventory,
} from '../plots/index.ts';
import { registerPushRoutes } from '../push/push-routes.ts';
import { createPushStore } from '../store/push-store.ts';
import { registerVisitRoutes } from './visit-routes.ts';
import { createVisits } from '../visits/visits.ts';
import type { CalendarPublisher } from '../visits/visit-calendar.ts';
import {
  createPartnerSources,
  PartnerSourceError,
  type PartnerSourceState,
} from '../intake/partner-sources.ts';

export interface DeskRouterDeps {
  /** The lead database (the desk's tables are migrated with it). */
  db: Database.Database;
  clock: Clock;
  logger: Logger;
  /** Every erasure, kept beside the database so a restore cannot undo it. */
  ledger: ErasureLedger;
  /** Removes the server's own copies of erased buyers' emails (the dev inbox's files). */
  forgetEmails?: ErasureOptions['forgetEmails'];
  /** The outbox channels of the CRM endpoints, told of each change of a buyer's stage or owner. */
  webhookChannels?: readonly string[];
  /** Called once a change queued a message for those endpoints, so it goes out at once. */
  onQueued?: () => void;
  /** Called once a change queued emails (buyers handed out to people), so they go out at once. */
  onEmailQueued?: () => void;
  /** The lead sources' figures and alerts. */
  sourceHealth: Pick<SourceHealth, 'report'>;
  /** Who gets a buyer; the desk's answers stop its clock. */
  routing: Routing;
  /** The lead store on `db`: releasing a held lead puts its messages in the outbox. */
  leads: LeadStore;
  /** What a new lead sends besides the sales email (each CRM endpoint's lead.created). */
  leadRoutes?: readonly LeadMessageRoute[];
  /** The domain of the ids the desk makes: reminder Message-IDs, calendar UIDs. */
  messageIdDomain?: string;
  /** Whom a visit's calendar file names as its organiser: the sales inbox. */
  calendarOrganizer: CalendarPublisher['organizer'];
  /** The server's VAPID public key (base64url), which browsers subscribe to alerts with. */
  pushPublicKey: string;
  /** The origins a device's push endpoint may be at (PUSH_SERVICES). */
  pushServices: readonly string[];
}

export interface DeskApi {
  /** Mount at `/desk/api`. */
  router: Router;
  store: DeskStore;
  auth: Auth;
  events: LiveEvents;
  erasure: Erasure;
  /** The plot inventory; its holds' expiries are the plots channel's work. */
  plots: PlotInventory;
}

const DAY_MS = 86_400_000;
const UNCONTACTED_DAYS = 30;

const leadId = (req: Request): number => pathId(req, MESSAGES.leadNotFound);

function toSourceJson(source: PartnerSourceState): PartnerSource {
  const time = (at: number | null) => (at === null ? null : indiaTimestamp(at));
  return {
    name: source.name,
    disabled: source.disabled,
    createdAt: indiaTimestamp(source.createdAt),
    rotatedAt: time(source.rotatedAt),
    previousSecretUntil: time(source.previousSecretUntil),
  };
}

/** The registry's refusals, as the desk answers them. */
function sourceChange<T>(change: () => T): T {
  try {
    return change();
  } catch (error) {
    if (error instanceof PartnerSourceError) throw new DeskError(error.status, error.message);
    throw error;
  }
}

function toFilter(query: LeadFilterQuery, user: DeskUser, now: number): LeadFilter {
  const filter: LeadFilter = {
    spam: query.spam === true,
    held: query.held === true,
    test: query.test === true,
    stage: query.stage,
    form: query.form,
    utmSource: query.utmSource,
    utmCampaign: query.utmCampaign,
    owner: query.owner === 'me' ? user.id : query.owner,
  };
  // A test lead is the team's own check of an ad platform's form: the managers' business.
  if (filter.test && user.role !== 'manager') throw new DeskError(403, MESSAGES.managersOnly);
  if (query.from !== undefined) filter.since = indiaDayStart(query.from);
  if (query.to !== undefined) filter.until = indiaDayStart(addDays(query.to, 1));
  if (query.due === true) filter.dueBy = now;
  if (query.q !== undefined && query.q !== '') {
    const digits = mobileSearchDigits(query.q);
    if (digits !== undefined) filter.mobilePart = digits;
    else filter.namePart = query.q;
  }
  return filter;
}

/** The export's filters as the log keeps them: the kind of search, never its text. */
function exportLogFilters(req: Request, filter: LeadFilter): string {
  const params = new URLSearchParams(req.query as Record<string, string>);
  if (!params.has('q')) return params.toString();
  params.delete('q');
  const kind =
    filter.mobilePart !== undefined ? 'mobile' : filter.namePart !== undefined ? 'name' : undefined;
  if (kind !== undefined) params.set('search', kind);
  return params.toString();
}

const DESK_EXPORT_FIELDS = [
  'stage',
  'owner',
  'followUpAt',
  'lostReason',
  'firstContactAt',
] as const;

/** A buyer's notes in one CSV cell: one a line, each with when and who wrote it. */
function notesCell(notes: readonly { at: number; actor_name: string | null; detail: string }[]) {
  return notes
    .map((note) => `${indiaTimestamp(note.at)} ${note.actor_name ?? 'Someone'}: ${note.detail}`)
    .join('\n');
}

/** Each buyer's notes cell, read once however many of their enquiries the export holds. */
function buyerNotes(store: DeskStore): (buyerId: number) => string {
  const cells = new Map<number, string>();
  return (buyerId) => {
    const cell = cells.get(buyerId) ?? notesCell(store.notesOfBuyer(buyerId));
    cells.set(buyerId, cell);
    return cell;
  };
}

/** The export's columns for each lead, then the desk's work on its buyer (and their notes). */
function csvOf(rows: readonly ExportRow[], notesOf?: (buyerId: number) => string): string {
  const leads = rows.map((row) => ({
    ...toLead(row),
    ...(row.original_public_id !== null ? { duplicateOfPublicId: row.original_public_id } : {}),
    row,
  }));
  return exportCsv(leads, {
    names: [...DESK_EXPORT_FIELDS, ...(notesOf ? ['notes'] : [])],
    cells: ({ row }) => [
      row.stage ?? 'new',
      row.owner_name,
      row.follow_up_at === null ? null : indiaTimestamp(row.follow_up_at),
      row.lost_reason,
      row.first_contact_at === null ? null : indiaTimestamp(row.first_contact_at),
      ...(notesOf ? [row.buyer_id === null ? null : notesOf(row.buyer_id)] : []),
    ],
  });
}

/** The sales desk's JSON API. Every route but signing in needs a session; see docs/desk-api.md. */
export function createDeskApi(deps: DeskRouterDeps): DeskApi {
  const { db, clock, logger } = deps;
  const store = createDeskStore(db, { webhookChannels: deps.webhookChannels ?? [] });
  const plotStore = createPlotStore(db);
  const plots = createPlotInventory({
    plots: plotStore,
    desk: store,
    queueExpiry: createHoldExpiryQueue(db),
    onQueued: deps.onQueued,
    onEmailQueued: deps.onEmailQueued,
    onStageChanged: (buyerId, at) => deps.routing.answered(buyerId, at),
    onBookingRequested: (booking) => deps.routing.bookingRequested(booking),
  });
  const erasure = createErasure(store, deps.ledger, {
    transaction: plotStore.transaction,
    steps: [(buyerIds, now) => buyerIds.forEach((buyerId) => plots.eraseBuyer(buyerId, now))],
    ...(deps.forgetEmails && { forgetEmails: deps.forgetEmails }),
  });
  const auth = createAuth(store, clock);
  const events = createLiveEvents({
    store,
    logger,
    isSignedIn: (token) => auth.sessionUser(token, { extend: false }) !== undefined,
  });
  const { requireSession, requireManager } = auth;
  const pushStore = createPushStore(db);
  const router = Router();

  router.use((_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });
  router.use(auth.sameOrigin);
  router.use(express.json({ limit: '16kb' }));

  router.post('/session', async (req, res) => {
    const { email, password } = parse(signInSchema, req.body);
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
  // Who is signed in: asked on every visit, a signed-out one included, so never refused.
  router.get('/session', (req, res) => {
    res.json({ user: auth.signedInUser(req, res) ?? null } satisfies SessionAnswer);
  });
  router.delete('/session', auth.requireAnySession, (req, res) => {
    auth.signOut(req, res);
    res.status(204).end();
  });
  router.post('/session/sign-out-everywhere', auth.requireAnySession, (req, res) => {
    const user = currentUser(res);
    // A phone signed out everywhere shows no more buyers on its lock screen either.
    db.transaction(() => {
      auth.signOutEverywhere(req, res, user);
      pushStore.forgetUser(user.id);
    })();
    res.status(204).end();
  });

  router.get('/leads', requireSession, (req, res) => {
    const query = parse(leadPageQuerySchema, req.query);
    const filter = toFilter(query, currentUser(res), clock.now());
    const { limit, cursor } = query;
    const rows = store.listLeads(filter, limit + 1, cursor);
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    const answer: LeadPage = {
      leads: page.map(toLeadRow),
      nextCursor:
        rows.length > limit && last
          ? encodeLeadCursor({ receivedAt: last.received_at, id: last.id })
          : null,
    };
    res.json(answer);
  });

  router.get('/events', requireSession, (req, res) => {
    events.add(res, { token: sessionToken(req) ?? '', userId: currentUser(res).id });
  });

  const responseTargetOf = (buyerId: number): LeadView['responseTarget'] => {
    const target = deps.routing.responseTarget(buyerId, clock.now());
    return target
      ? { dueAt: indiaTimestamp(target.dueAt), workingMinutesLeft: target.workingMinutesLeft }
      : null;
  };

  // Any enquiry's id opens its buyer (the emails link to each lead's own id).
  const leadAnswer = (id: number): LeadView => {
    const lead = findLead(store, id);
    const listed = store.enquiriesOf(lead.buyer_id);
    // A spam lead is no enquiry of its buyer's, but opened by its id it is shown with them.
    const enquiries = listed.some((row) => row.id === lead.id)
      ? listed
      : [...listed, lead].sort((a, b) => a.received_at - b.received_at || a.id - b.id);
    return {
      lead: toLeadDetail(lead, store.webhookDeliveries(id)),
      enquiries: enquiries.map((row) => toLeadDetail(row, store.webhookDeliveries(row.id))),
      timeline: timeline(enquiries, store.eventsOf(lead.buyer_id)),
      responseTarget: responseTargetOf(lead.buyer_id),
    };
  };

  router.get('/leads/:id', requireSession, (req, res) => {
    res.json(leadAnswer(leadId(req)));
  });

  router.patch('/leads/:id', requireSession, (req, res) => {
    const change = parse(leadChangeSchema, req.body);
    const lead = findLead(store, leadId(req));
    if (changeLead(store, deps.routing, currentUser(res), lead, change, clock.now())) {
      deps.onQueued?.();
    }
    res.json({ lead: leadAnswer(lead.id).lead });
  });

  router.post('/leads/:id/notes', requireSession, (req, res) => {
    const { text: note } = parse(noteSchema, req.body);
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
        text: '',
        detail: note,
        lead_id: lead.id,
      }),
    });
  });

  router.post('/leads/:id/contacts', requireSession, (req, res) => {
    const { channel } = parse(contactSchema, req.body);
    const lead = findLead(store, leadId(req));
    const user = currentUser(res);
    const now = clock.now();
    recordContact(store, deps.routing, user, lead, channel, now);
    res.status(201).json({
      entry: toTimelineEntry({
        at: now,
        type: 'contact',
        actor_id: user.id,
        actor_name: user.name,
        text: CONTACT_TEXT[channel],
        detail: null,
        lead_id: lead.id,
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
    const { days } = parse(reportQuerySchema, req.query);
    res.json(buildReports(store, days, clock.now()));
  });

  router.get('/export.csv', requireSession, requireManager, (req, res) => {
    const now = clock.now();
    const user = currentUser(res);
    const query = parse(exportQuerySchema, req.query);
    const filter = toFilter(query, user, now);
    const rows = store.exportLeads(filter);
    const filters = exportLogFilters(req, filter);
    store.recordExport(user.id, now, filters, rows.length);
    logger.info({ userId: user.id, rows: rows.length }, 'desk export');
    res
      .status(200)
      .set('Content-Type', 'text/csv; charset=utf-8')
      .set(
        'Content-Disposition',
        `attachment; filename="elegant-iconia-leads-${indiaDay(now)}.csv"`,
      )
      .send(csvOf(rows, query.notes === true ? buyerNotes(store) : undefined));
  });

  router.post('/erasures', requireSession, requireManager, async (req, res) => {
    const { mobile } = parse(erasureSchema, req.body);
    const user = currentUser(res);
    const erased = await erasure.erase(mobile, user, clock.now());
    logger.info({ userId: user.id, leads: erased.length }, 'desk erasure');
    res.json({ erased: erased.length });
  });

  registerAccountRoutes(router, {
    store,
    auth,
    clock,
    logger,
    forgetDevices: (userId) => pushStore.forgetUser(userId),
  });

  registerVisitRoutes(router, {
    visits: createVisits({
      db,
      webhookChannels: deps.webhookChannels ?? [],
      messageIdDomain: deps.messageIdDomain ?? 'localhost',
      onStageChanged: (buyerId, at) => deps.routing.answered(buyerId, at),
    }),
    store,
    clock,
    logger,
    requireSession,
    requireManager,
    calendar: {
      uidDomain: deps.messageIdDomain ?? 'localhost',
      organizer: deps.calendarOrganizer,
    },
  });

  registerPushRoutes(router, {
    store: pushStore,
    publicKey: deps.pushPublicKey,
    services: deps.pushServices,
    clock,
    logger,
    requireSession,
  });

  const sources = createPartnerSources(db);
  router.get('/sources', requireSession, requireManager, (_req, res) => {
    res.json({ sources: sources.list(clock.now()).map(toSourceJson) });
  });

  router.post('/sources', requireSession, requireManager, (req, res) => {
    const { name } = parse(newPartnerSourceSchema, req.body);
    const { source, secret } = sourceChange(() => sources.add(name, clock.now()));
    logger.info({ userId: currentUser(res).id, source: name }, 'partner source added');
    res.status(201).json({ source: toSourceJson(source), secret });
  });

  router.post('/sources/:name/rotate', requireSession, requireManager, (req, res) => {
    const name = String(req.params.name);
    const { source, secret } = sourceChange(() => sources.rotate(name, clock.now()));
    logger.info({ userId: currentUser(res).id, source: name }, 'partner source secret rotated');
    res.json({ source: toSourceJson(source), secret });
  });

  for (const action of ['disable', 'enable'] as const) {
    router.post(`/sources/:name/${action}`, requireSession, requireManager, (req, res) => {
      const name = String(req.params.name);
      const source = sourceChange(() => sources[action](name, clock.now()));
      logger.info({ userId: currentUser(res).id, source: name }, `partner source ${action}d`);
      res.json({ source: toSourceJson(source) });
    });
  }

  router.get('/source-health', requireSession, requireManager, (_req, res) => {
    res.json(deps.sourceHealth.report());
  });

  mountRoutes(
    router,
    plotRoutes,
    { plots: plotStore, inventory: plots, desk: store, clock, logger },
    auth,
  );

  registerRoutingRoutes(router, {
    routing: deps.routing,
    store,
    auth,
    clock,
    logger,
    onQueued: deps.onEmailQueued,
  });

  mountRoutes(
    router,
    heldRoutes,
    {
      store,
      clock,
      release: createHeldRelease({
        store,
        leads: deps.leads,
        routing: deps.routing,
        leadRoutes: deps.leadRoutes ?? [],
        logger,
        onQueued: () => {
          deps.onEmailQueued?.();
          deps.onQueued?.();
        },
      }),
    },
    auth,
  );

  const visitStore = createVisitStore(db);
  registerBuyerMergeRoutes(router, {
    merge: createBuyerMerge(db, store, {
      webhookChannels: deps.webhookChannels ?? [],
      steps: [
        (from, into) => plotStore.moveBuyer(from, into),
        (from, into) => visitStore.moveBuyer(from, into),
        (from, into, now) => deps.routing.buyersMerged(from, into, now),
      ],
    }),
    store,
    clock,
    logger,
    requireSession,
    requireManager,
    onQueued: deps.onQueued,
  });

  const openApiDocument = createDeskOpenApiDocument();
  router.get('/openapi.json', requireSession, requireManager, (_req, res) => {
    res.json(openApiDocument);
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

  return { router, store, auth, events, erasure, plots };
}
