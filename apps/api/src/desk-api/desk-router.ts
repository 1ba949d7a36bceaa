import type Database from 'better-sqlite3';
import express, { Router } from 'express';
import { accountRoutes, sessionRoutes } from '../accounts/index.ts';
import {
  buyerRoutes,
  createBuyerMerge,
  createLiveEvents,
  type LiveEvents,
} from '../buyers/index.ts';
import type { Clock } from '../clock.ts';
import type { Logger } from '../logger.ts';
import {
  createHoldExpiryQueue,
  createPlotInventory,
  createPlotStore,
  plotRoutes,
  type PlotInventory,
} from '../plots/index.ts';
import {
  createErasure,
  erasureRoutes,
  type Erasure,
  type ErasureLedger,
  type ErasureOptions,
} from '../privacy/index.ts';
import { createPushStore, pushRoutes } from '../push/index.ts';
import { reportRoutes } from '../reports/index.ts';
import { createHeldRelease, heldRoutes, routingRoutes, type Routing } from '../routing/index.ts';
import { createPartnerSources, sourceRoutes, type SourceHealth } from '../sources/index.ts';
import { portalRoutes, type PortalSources } from '../portals/index.ts';
import type { LeadMessageRoute, LeadStore } from '../store/lead-store.ts';
import {
  createVisits,
  createVisitStore,
  visitRoutes,
  type CalendarPublisher,
} from '../visits/index.ts';
import {
  conversationChanges,
  conversationRoutes,
  createClaimCodeSender,
  createConversation,
  createWhatsappStore,
  type MediaShelf,
  type MessageAnnouncements,
} from '../whatsapp/index.ts';
import { brokerDeskRoutes, type Brokers } from '../brokers/index.ts';
import { createAuth, type Auth } from '../desk/auth.ts';
import { deskErrorHandler } from '../desk/desk-error.ts';
import { writtenOnFirstRequest } from '../http/openapi-parts.ts';
import { createDeskOpenApiDocument } from './desk-openapi.ts';
import { createDeskStore, type DeskStore } from './desk-store.ts';
import { openApiRoutes } from './openapi-routes.ts';
import { mountRoutes } from '../desk/route.ts';

export interface DeskRouterDeps {
  /** The lead database (the desk's tables are migrated with it). */
  db: Database.Database;
  clock: Clock;
  logger: Logger;
  /** Every erasure, kept beside the database so a restore cannot undo it. */
  ledger: ErasureLedger;
  /** Removes the server's own copies of erased buyers' emails (the dev inbox's files). */
  forgetEmails?: ErasureOptions['forgetEmails'];
  /** Deletes the files of erased buyers the server keeps outside the database. */
  forgetFiles?: ErasureOptions['forgetFiles'];
  /** The outbox channels of the CRM endpoints, told of each change of a buyer's stage or owner. */
  webhookChannels?: readonly string[];
  /** Called once a change queued a message for those endpoints, so it goes out at once. */
  onQueued?: () => void;
  /** Called once a change queued emails (buyers handed out to people), so they go out at once. */
  onEmailQueued?: () => void;
  /** The lead sources' figures and alerts. */
  sourceHealth: Pick<SourceHealth, 'report'>;
  /** The property portals the server polls. */
  portalSources: PortalSources;
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
  /** Wakes WhatsApp's sends; undefined when WhatsApp is not set up (the desk's sends say so). */
  wakeWhatsapp?: () => void;
  /** The files buyers sent on WhatsApp, which the desk serves. */
  whatsappMedia?: MediaShelf;
  /** The CRM endpoints told of each WhatsApp message the desk sends. */
  whatsappAnnouncements?: MessageAnnouncements;
  /** Channel partners: their applications, claims and brokerage. */
  brokers: Brokers;
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
  brokers: Brokers;
}

/** The parts the desk's routes share: its store, sign-in, live events, plots, erasure and merge. */
function createDeskParts(deps: DeskRouterDeps) {
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
    onBookingApproved: (booking) => deps.brokers.brokerage.bookingApproved(booking),
    onBookingCancelled: (bookingId, at) => deps.brokers.brokerage.bookingCancelled(bookingId, at),
  });
  const erasure = createErasure(store, deps.ledger, {
    transaction: plotStore.transaction,
    steps: [(buyerIds, now) => buyerIds.forEach((buyerId) => plots.eraseBuyer(buyerId, now))],
    mobileSteps: [(mobile) => deps.brokers.claimQueries.erase(mobile)],
    ...(deps.forgetEmails && { forgetEmails: deps.forgetEmails }),
    ...(deps.forgetFiles && { forgetFiles: deps.forgetFiles }),
  });
  const auth = createAuth(store, clock);
  const events = createLiveEvents({
    store,
    logger,
    isSignedIn: (token) => auth.sessionUser(token, { extend: false }) !== undefined,
    more: conversationChanges(createWhatsappStore(db)),
  });
  const visitStore = createVisitStore(db);
  const merge = createBuyerMerge(db, store, {
    webhookChannels: deps.webhookChannels ?? [],
    steps: [
      (from, into) => plotStore.moveBuyer(from, into),
      (from, into) => visitStore.moveBuyer(from, into),
      (from, into, now) => deps.routing.buyersMerged(from, into, now),
    ],
  });
  return { store, plotStore, plots, erasure, auth, events, merge };
}

/** The routes that reach a buyer outside the desk: site visits and WhatsApp. */
function mountBuyerContacts(router: Router, deps: DeskRouterDeps, store: DeskStore, auth: Auth) {
  const { db, clock, logger } = deps;
  const visits = createVisits({
    db,
    webhookChannels: deps.webhookChannels ?? [],
    messageIdDomain: deps.messageIdDomain ?? 'localhost',
    onStageChanged: (buyerId, at) => deps.routing.answered(buyerId, at),
    whatsapp: deps.wakeWhatsapp !== undefined,
  });
  mountRoutes(
    router,
    visitRoutes,
    {
      visits,
      store,
      clock,
      logger,
      calendar: {
        uidDomain: deps.messageIdDomain ?? 'localhost',
        organizer: deps.calendarOrganizer,
      },
    },
    auth,
  );

  mountRoutes(
    router,
    conversationRoutes,
    {
      conversation: createConversation({
        store: createWhatsappStore(db, deps.whatsappAnnouncements),
        buyers: store,
        routing: deps.routing,
        wake: deps.wakeWhatsapp,
        media: deps.whatsappMedia,
        availability: (day, now) => visits.availability(day, now),
      }),
      store,
      clock,
      logger,
    },
    auth,
  );
}

/** The sales desk's JSON API. Every route but signing in needs a session; see docs/desk-api.md. */
export function createDeskApi(deps: DeskRouterDeps): DeskApi {
  const { db, clock, logger } = deps;
  const { store, plotStore, plots, erasure, auth, events, merge } = createDeskParts(deps);
  const pushStore = createPushStore(db);
  const forgetDevices = (userId: number) => pushStore.forgetUser(userId);
  const router = Router();

  router.use((_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });
  router.use(auth.sameOrigin);
  router.use(express.json({ limit: '16kb' }));

  mountRoutes(router, sessionRoutes, { auth, db, logger, forgetDevices }, auth);

  mountRoutes(
    router,
    buyerRoutes,
    { store, clock, logger, events, merge, routing: deps.routing, onQueued: deps.onQueued },
    auth,
  );
  mountRoutes(router, reportRoutes, { store, clock, logger }, auth);
  mountRoutes(router, erasureRoutes, { erasure, clock, logger }, auth);

  mountRoutes(router, accountRoutes, { store, clock, logger, forgetDevices }, auth);

  mountBuyerContacts(router, deps, store, auth);

  mountRoutes(
    router,
    pushRoutes,
    {
      store: pushStore,
      publicKey: deps.pushPublicKey,
      services: deps.pushServices,
      clock,
      logger,
    },
    auth,
  );

  mountRoutes(
    router,
    sourceRoutes,
    { sources: createPartnerSources(db), sourceHealth: deps.sourceHealth, clock, logger },
    auth,
  );
  mountRoutes(router, portalRoutes, { portals: deps.portalSources, clock, logger }, auth);

  mountRoutes(
    router,
    plotRoutes,
    { plots: plotStore, inventory: plots, desk: store, clock, logger },
    auth,
  );

  mountRoutes(
    router,
    routingRoutes,
    { routing: deps.routing, store, clock, logger, onQueued: deps.onEmailQueued },
    auth,
  );

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

  const { brokers } = deps;
  const sendCode =
    deps.wakeWhatsapp &&
    createClaimCodeSender(createWhatsappStore(db, deps.whatsappAnnouncements), deps.wakeWhatsapp);
  mountRoutes(router, brokerDeskRoutes, { ...brokers, sendCode, clock, logger }, auth);

  const document = writtenOnFirstRequest(createDeskOpenApiDocument);
  mountRoutes(router, openApiRoutes, { document }, auth);

  router.use((_req, res) => {
    res.status(404).json({ error: 'There is no such desk endpoint.' });
  });
  router.use(deskErrorHandler(logger));

  return { router, store, auth, events, erasure, plots, brokers };
}
