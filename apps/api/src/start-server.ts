import type { Server } from 'node:http';
import type { Express } from 'express';
import { createApp } from './app.ts';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import { createDesk, type Desk } from './desk-api/desk.ts';
import { createGraphChannel, GRAPH_BACKOFF, GRAPH_TIMEOUT_MS } from './graph/graph-channel.ts';
import { createReadinessCheck } from './http/health.ts';
import { createIngestEnquiry } from './intake/ingest-enquiry.ts';
import { createCaptureLead, DUPLICATE_WINDOW_MS } from './leads/capture-lead.ts';
import type { Logger } from './logger.ts';
import { createMailer, type Mailer } from './mail/transport.ts';
import type { DeliveryWorker } from './outbox/outbox-worker.ts';
import { createPlotsChannel, PLOTS_WORKER } from './plots/index.ts';
import { adoptLedgerFromBackup, createErasureLedger } from './privacy/index.ts';
import { routingOptionsOf, type Routing } from './routing/index.ts';
import type { Brokers } from './brokers/index.ts';
import { createChannelPartners, createClaimAwareRouting } from './start/partners.ts';
import { listen, stopListening } from './start/http-server.ts';
import {
  createIntakeRouters,
  createLeadSourceHealth,
  createPortalPolling,
  intakeOpenApiPaths,
} from './start/intake.ts';
import { createScheduledJobs } from './start/scheduled-jobs.ts';
import { openStore } from './start/open-store.ts';
import {
  createWhatsappParts,
  createWhatsappReceiver,
  forgetWhatsappFiles,
  leadStoredHandlers,
} from './start/whatsapp.ts';
import {
  createMessageWorkers,
  outboxWorker,
  type MessageWorkers,
  type WorkerContext,
} from './start/outbox-workers.ts';
import { createGroupCommit } from './store/group-commit.ts';
import { acquireInstanceLock } from './store/instance-lock.ts';
import type { LeadStore } from './store/lead-store.ts';
import { META_CONVERSIONS_CHANNEL, SALES_EMAIL_ROUTE } from './store/outbox-store.ts';
import { createPushStore, ensureVapidKeys } from './push/index.ts';
import { createPartnerSources, type SourceHealth } from './sources/index.ts';
import { createPortalStore, openPortalSources, type PortalPoller } from './portals/index.ts';
import { createVisitStore, salesOrganizer } from './visits/index.ts';
import { createWebhookChannels } from './webhooks/webhook-channel.ts';

export interface ServerOptions {
  clock: Clock;
  logger: Logger;
}

/** The running product: what `pnpm start` serves, and what tests, drills and the bench start. */
export interface RunningServer {
  /** `http://host:port`, with the port the server actually got. */
  url: string;
  port: number;
  server: Server;
  app: Express;
  config: Config;
  store: LeadStore;
  mailer: Mailer;
  delivery: DeliveryWorker;
  /** One worker per webhook endpoint, each with its own retries, apart from the email. */
  webhooks: DeliveryWorker[];
  /** The Graph reads of Meta leads; undefined when the Meta channel is off. */
  metaGraph: DeliveryWorker | undefined;
  /** The buyers' stages sent to Meta's Conversions API; undefined when it is not set. */
  metaConversions: DeliveryWorker | undefined;
  /** Routing's due steps (reassignments and the managers' alerts), as outbox messages. */
  routingSteps: DeliveryWorker;
  /** Who gets a buyer: duty, settings, assignments (on the store's connection). */
  routing: Routing;
  /** The sales desk under /desk, on the store's connection. */
  desk: Desk;
  /** The plot inventory's due work: holds that expire. */
  plots: DeliveryWorker;
  /** Web Push alerts to the desk's phones: one message per device and alert. */
  pushes: DeliveryWorker;
  /** WhatsApp sends through the Cloud API; undefined when WhatsApp is not set. */
  whatsapp: DeliveryWorker | undefined;
  /** The downloads of the files buyers send on WhatsApp; undefined when WhatsApp is not set. */
  whatsappMedia: DeliveryWorker | undefined;
  /** Every lead source's figures, and the managers' alerts when one goes quiet or fails. */
  sourceHealth: SourceHealth;
  /** The property portals' pulls, every PORTAL_POLL_MINUTES. */
  portals: PortalPoller;
  /** Stops taking requests, lets those in flight finish, then stops delivery and closes. */
  close(): Promise<void>;
}

/** Work done in the background: started once the server listens, stopped when it closes. */
interface Worker {
  start(): void;
  stop(): void | Promise<void>;
}

type Parts = ReturnType<typeof openData> & {
  config: Config;
  clock: Clock;
  logger: Logger;
};

/** The database and what works on its connection: routing, the instance lock, the mailer. */
function openData(config: Config, { clock, logger }: ServerOptions) {
  const webhookChannels = createWebhookChannels(config.webhooks, clock);
  const routingOptions = routingOptionsOf(
    config,
    webhookChannels.map((channel) => channel.name),
  );
  // The CRM endpoints hear of every WhatsApp message, its text only when the setting says so.
  const announcements = {
    channels: webhookChannels.map((channel) => channel.name),
    includeText: config.webhooks?.includeMessages ?? false,
  };
  const { store, handler } = openStore(
    config.databaseFile,
    [SALES_EMAIL_ROUTE, ...webhookChannels.map((channel) => channel.route)],
    (db) =>
      leadStoredHandlers(db, createClaimAwareRouting(db, routingOptions), config, announcements),
  );
  const { routing } = handler;
  // The only server on the file takes back what a killed one was sending, at once rather than
  // when its lease lapses; beside another server, a lease may be that server's live send.
  let leasesTakenBack = 0;
  const instanceLock = acquireInstanceLock(config.databaseFile, () => {
    leasesTakenBack = store.takeBackLeases() + createPortalStore(store.db).takeBackLeases();
  });
  const workerContext: WorkerContext = { store, clock, logger, config };
  const partnerSources = createPartnerSources(store.db);
  return {
    whatsapp: createWhatsappParts(workerContext, config, announcements),
    whatsappAnnouncements: announcements,
    webhookChannels,
    store,
    routing,
    instanceLock,
    leasesTakenBack,
    mailer: createMailer(config),
    workerContext,
    messageIdDomain: config.mailFrom.address.split('@')[1] ?? 'localhost',
    partnerSources,
    portals: openPortalSources(store.db, config.dataDir, (name) =>
      partnerSources.list(clock.now()).some((source) => source.name === name),
    ),
  };
}

/** The site's form, the channels' enquiries and their sources' health. */
function createLeadIntake(parts: Parts, messages: MessageWorkers) {
  const { config, store, clock, logger, messageIdDomain, partnerSources } = parts;
  // The site's leads and every channel's enquiries share one group commit: one disk sync for
  // all the leads of an event-loop turn, whichever door they came in by.
  const leadCapture = {
    storeLead: createGroupCommit(store, DUPLICATE_WINDOW_MS),
    clock,
    logger,
    messageIdDomain,
    onPending: () => {
      messages.wake.alerts();
      messages.wake.webhooks();
      parts.whatsapp?.worker.wake();
    },
  };
  const ingestEnquiry = createIngestEnquiry(leadCapture);
  const metaGraph =
    config.meta &&
    outboxWorker(
      parts.workerContext,
      createGraphChannel({ settings: config.meta, ingest: ingestEnquiry }),
      { leaseMs: GRAPH_TIMEOUT_MS * 6, backoff: GRAPH_BACKOFF },
    );
  const intake = createIntakeRouters({
    config,
    store,
    clock,
    logger,
    ingestEnquiry,
    partnerSources,
    wakeMetaGraph: () => metaGraph?.wake(),
    receiveWhatsapp: parts.whatsapp && createWhatsappReceiver(parts.whatsapp, ingestEnquiry),
  });
  const portals = createPortalPolling(parts, ingestEnquiry);
  const sourceHealth = createLeadSourceHealth({
    config,
    store,
    clock,
    logger,
    partnerSources,
    portalSources: parts.portals.sources,
    messageIdDomain,
    wakeEmail: messages.wake.email,
  });
  const captureLead = createCaptureLead(leadCapture);
  return { captureLead, ingestEnquiry, metaGraph, intake, sourceHealth, portals };
}

/** The sales desk and its plots' due work, with the erasure ledger a restore cannot undo. */
function createSalesDesk(
  parts: Parts,
  messages: MessageWorkers,
  more: { sourceHealth: SourceHealth; pushPublicKey: string; brokers: Brokers },
) {
  const { config, store, clock, logger, mailer, webhookChannels } = parts;
  const ledger = createErasureLedger(config.dataDir);
  // A backup restored onto a new machine brings the erasures made until it was taken.
  const adopted = adoptLedgerFromBackup(store.db, ledger);
  if (adopted !== undefined) {
    logger.info({ erasures: adopted }, 'the erasure ledger a restored backup carried was kept');
  }
  const desk = createDesk({
    db: store.db,
    clock,
    logger,
    deskDist: config.deskDist,
    ledger,
    forgetEmails: (messageIds) => mailer.forget(messageIds),
    webhookChannels: [
      ...webhookChannels.map((channel) => channel.name),
      ...(messages.metaConversions ? [META_CONVERSIONS_CHANNEL] : []),
    ],
    onQueued: messages.wake.webhooks,
    onEmailQueued: messages.wake.alerts,
    sourceHealth: more.sourceHealth,
    portalSources: parts.portals.sources,
    routing: parts.routing,
    leads: store,
    leadRoutes: webhookChannels.map((channel) => channel.route),
    messageIdDomain: parts.messageIdDomain,
    calendarOrganizer: salesOrganizer(config.mailTo),
    pushPublicKey: more.pushPublicKey,
    pushServices: config.pushServices,
    ...(parts.whatsapp && {
      wakeWhatsapp: () => parts.whatsapp?.worker.wake(),
      whatsappMedia: parts.whatsapp.media.shelf,
      forgetFiles: () => forgetWhatsappFiles(parts.whatsapp!),
    }),
    whatsappAnnouncements: parts.whatsappAnnouncements,
    brokers: more.brokers,
  });
  // A hold's expiry is a row due when it runs out, so it frees the plot across restarts.
  const plots = outboxWorker(
    parts.workerContext,
    createPlotsChannel(desk.api.plots, clock),
    PLOTS_WORKER,
  );
  return { desk, plots };
}

/** Builds every part once, on one store, and wires each part's "there is work now" to its worker. */
function buildServer(config: Config, options: ServerOptions) {
  const parts: Parts = { ...openData(config, options), config, ...options };
  const { store, clock, mailer, webhookChannels } = parts;
  const pushStore = createPushStore(store.db);
  const vapidKeys = ensureVapidKeys(pushStore, clock.now());
  const messages = createMessageWorkers(parts.workerContext, {
    config,
    mailer,
    routing: parts.routing,
    webhookChannels,
    push: { store: pushStore, keys: vapidKeys },
    visits: createVisitStore(store.db),
  });
  if (parts.whatsapp) parts.whatsapp.alertsQueued.wake = messages.wake.alerts;
  const intake = createLeadIntake(parts, messages);
  const partners = createChannelPartners(parts, intake.ingestEnquiry, messages.wake.email);
  const { brokers } = partners;
  const { desk, plots } = createSalesDesk(parts, messages, {
    sourceHealth: intake.sourceHealth,
    pushPublicKey: vapidKeys.publicKey,
    brokers,
  });
  const readiness = createReadinessCheck({
    store,
    verifyMail: () => mailer.verify(),
    clock,
    pendingAlertMs: config.pendingAlertMs,
    smtpTimeoutMs: Math.min(config.smtpTimeoutMs, 3_000),
    webhookChannels: webhookChannels.map((channel) => channel.name),
  });
  const app = createApp({
    config,
    captureLead: intake.captureLead,
    readiness,
    logger: options.logger,
    clock,
    desk: desk.router,
    partners: partners.router,
    intake: intake.intake,
    intakePaths: intakeOpenApiPaths(),
  });
  const { delivery, routingSteps, webhooks, pushes, metaConversions } = messages;
  const { metaGraph, sourceHealth, portals } = intake;
  const whatsapp = parts.whatsapp?.worker;
  const whatsappMedia = parts.whatsapp?.media.worker;
  const outbox = {
    delivery,
    webhooks,
    metaGraph,
    metaConversions,
    routingSteps,
    plots,
    pushes,
    whatsapp,
    whatsappMedia,
  };
  const workers: Worker[] = [
    delivery,
    routingSteps,
    ...webhooks,
    ...(metaGraph ? [metaGraph] : []),
    ...(metaConversions ? [metaConversions] : []),
    plots,
    pushes,
    ...(whatsapp ? [whatsapp] : []),
    ...(whatsappMedia ? [whatsappMedia] : []),
    ...createScheduledJobs(parts),
    sourceHealth,
    portals,
    brokers,
  ];
  return { parts, app, desk, outbox, sourceHealth, portals, workers };
}

/**
 * One process, one thread: the request stores the lead (one transaction and one disk sync for
 * the leads of each event-loop turn) and answers once it is on disk; the delivery worker, on
 * the same thread, sends it through nodemailer's asynchronous transport.
 */
export async function startServer(config: Config, options: ServerOptions): Promise<RunningServer> {
  const { clock, logger } = options;
  const { parts, app, desk, outbox, sourceHealth, portals, workers } = buildServer(config, options);
  const { store, mailer, instanceLock } = parts;
  // A database restored from an older backup must not serve anyone erased since, not even once.
  const replayed = await desk.api.erasure.replay(clock.now());
  if (replayed > 0) {
    logger.warn(
      { leads: replayed },
      'erasures made after this database was backed up were applied again',
    );
  }
  const listening = await listen(app, config);
  const { url, port } = listening;
  logger.info(
    {
      url,
      port,
      database: config.databaseFile,
      mail: mailer.description,
      site: config.webDist,
      digest: config.digestHour === undefined ? 'off' : `daily from ${config.digestHour}:00 IST`,
      webhooks: parts.webhookChannels.map((channel) => channel.label),
      metaLeadAds: config.meta ? config.meta.graphUrl : 'off',
      metaConversions: config.metaConversions ? config.metaConversions.datasetId : 'off',
      whatsapp: config.whatsapp ? config.whatsapp.graphUrl : 'off',
      otherServerOnDatabase: !instanceLock.alone,
    },
    'listening',
  );
  if (parts.leasesTakenBack > 0) {
    logger.warn(
      { messages: parts.leasesTakenBack },
      'took back the messages a stopped process was sending; they go again now, with the same ids',
    );
  }
  for (const worker of workers) worker.start();

  const close = async (): Promise<void> => {
    // The desk's live streams never end on their own: end them so the connections can close.
    desk.close();
    await stopListening(listening);
    // Leads handed over in this turn of the event loop are committed in the next one.
    await new Promise((resolve) => setImmediate(resolve));
    await Promise.all(workers.map((worker) => Promise.resolve(worker.stop())));
    mailer.close();
    store.close();
    instanceLock.release();
  };
  let closing: Promise<void> | undefined;
  return {
    url,
    port,
    server: listening.server,
    app,
    config,
    store,
    mailer,
    ...outbox,
    routing: parts.routing,
    desk,
    sourceHealth,
    portals,
    close: () => (closing ??= close()),
  };
}
