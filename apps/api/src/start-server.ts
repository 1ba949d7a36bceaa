import { once } from 'node:events';
import { partnerOrigin } from '@iconia/shared';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { Server as NetServer, type AddressInfo } from 'node:net';
import type { Express } from 'express';
import { createApp } from './app.ts';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import { createDesk, type Desk } from './desk/desk.ts';
import { createDailyDigest } from './digest/daily-digest.ts';
import { createGraphChannel, GRAPH_BACKOFF, GRAPH_TIMEOUT_MS } from './graph/graph-channel.ts';
import { createReadinessCheck } from './http/health.ts';
import { createGoogleAdsRouter } from './intake/google-ads-routes.ts';
import { createIngestEnquiry } from './intake/ingest-enquiry.ts';
import { createIntakeHttp } from './intake/intake-http.ts';
import { createMetaRouter } from './intake/meta-routes.ts';
import { partnerPaths } from './intake/partner-openapi.ts';
import { createPartnerRouter } from './intake/partner-routes.ts';
import { createPartnerSources } from './intake/partner-sources.ts';
import { createCaptureLead, DUPLICATE_WINDOW_MS } from './leads/capture-lead.ts';
import type { Logger } from './logger.ts';
import { createEmailChannel } from './mail/email-channel.ts';
import { createMailer, SMTP_CONNECTIONS, type Mailer } from './mail/transport.ts';
import { createDeliveryWorker, type DeliveryWorker } from './outbox/outbox-worker.ts';
import { createPlotsChannel, PLOTS_WORKER } from './plots/index.ts';
import { createPushChannel, PUSH_WORKER } from './push/push-channel.ts';
import { ensureVapidKeys } from './push/vapid-keys.ts';
import { createErasureLedger } from './privacy/erasure-ledger.ts';
import { adoptLedgerFromBackup } from './privacy/ledger-in-backup.ts';
import {
  createRouting,
  routingOptionsOf,
  type Routing,
  type RoutingOptions,
} from './routing/routing.ts';
import { createRoutingChannel } from './routing/routing-channel.ts';
import { createLeadRetention } from './privacy/lead-retention.ts';
import { createGroupCommit } from './store/group-commit.ts';
import { createIntakeRefusalStore } from './store/intake-refusal-store.ts';
import { acquireInstanceLock } from './store/instance-lock.ts';
import { openLeadStore, type LeadMessageRoute, type LeadStore } from './store/lead-store.ts';
import { META_GRAPH_CHANNEL, SALES_EMAIL_ROUTE } from './store/outbox-store.ts';
import { createManagerAlertStore } from './store/manager-alert-store.ts';
import { createPushStore } from './store/push-store.ts';
import { createSourceHealthStore } from './store/source-health-store.ts';
import { createVisitStore } from './store/visit-store.ts';
import { salesOrganizer } from './visits/visit-calendar.ts';
import { createSourceHealth, type SourceHealth } from './intake/source-health.ts';
import { createWebhookChannels, WEBHOOK_WORKER } from './webhooks/webhook-channel.ts';

/** How long in-flight requests get to finish once shutdown starts. */
const SHUTDOWN_GRACE_MS = 10_000;

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
  /** Every lead source's figures, and the managers' alerts when one goes quiet or fails. */
  sourceHealth: SourceHealth;
  /** Stops taking requests, lets those in flight finish, then stops delivery and closes. */
  close(): Promise<void>;
}

/** A disk that is full, read-only or missing is an operator's problem: say which file and why. */
function openStore(file: string, routes: LeadMessageRoute[], routing: RoutingOptions): LeadStore {
  try {
    return openLeadStore(file, {
      routes,
      onLeadStored: (db) => createRouting(db, routing).onLeadStored,
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `The lead database ${file} could not be opened for reading and writing (${reason}). Check that DATA_DIR is on a writable disk with free space.`,
      { cause: error },
    );
  }
}

/**
 * One process, one thread: the request stores the lead (one transaction and one disk sync for
 * the leads of each event-loop turn) and answers once it is on disk; the delivery worker, on
 * the same thread, sends it through nodemailer's asynchronous transport.
 */
export async function startServer(config: Config, options: ServerOptions): Promise<RunningServer> {
  const { clock, logger } = options;
  const webhookChannels = createWebhookChannels(config.webhooks, clock);
  const routingOptions = routingOptionsOf(
    config,
    webhookChannels.map((channel) => channel.name),
  );
  const store = openStore(
    config.databaseFile,
    [SALES_EMAIL_ROUTE, ...webhookChannels.map((channel) => channel.route)],
    routingOptions,
  );
  const routing = createRouting(store.db, routingOptions);
  // The only server on the file takes back what a killed one was sending, at once rather than
  // when its lease lapses; beside another server, a lease may be that server's live send.
  let leasesTakenBack = 0;
  const instanceLock = acquireInstanceLock(config.databaseFile, () => {
    leasesTakenBack = store.takeBackLeases();
  });
  const mailer = createMailer(config);
  const visitStore = createVisitStore(store.db);
  const managerAlertStore = createManagerAlertStore(store.db);
  const delivery = createDeliveryWorker({
    store,
    channel: createEmailChannel(
      mailer,
      { from: config.mailFrom, to: config.mailTo, siteUrl: config.siteUrl },
      {
        visits: visitStore,
        leadNames: (leadIds) => managerAlertStore.leadNames(leadIds),
        now: () => clock.now(),
      },
    ),
    clock,
    logger,
    pendingAlertMs: config.pendingAlertMs,
    // Long enough for one send with every SMTP timeout spent, so another instance on the same
    // file never picks up a lead this one is still sending.
    leaseMs: Math.max(60_000, config.smtpTimeoutMs * 4),
    concurrency: config.smtpUrl ? SMTP_CONNECTIONS : 1,
  });
  const pushStore = createPushStore(store.db);
  const vapidKeys = ensureVapidKeys(pushStore, clock.now());
  const pushes = createDeliveryWorker({
    store,
    channel: createPushChannel({
      store: pushStore,
      keys: vapidKeys,
      subject: config.pushSubject,
      services: config.pushServices,
      clock,
      visits: visitStore,
    }),
    clock,
    logger,
    pendingAlertMs: config.pendingAlertMs,
    ...PUSH_WORKER,
  });
  // Routing's alerts are an email and a push per device, queued together.
  const wakeAlerts = () => {
    delivery.wake();
    pushes.wake();
  };
  const routingSteps = createDeliveryWorker({
    store,
    channel: createRoutingChannel(routing, clock, wakeAlerts),
    clock,
    logger,
    pendingAlertMs: config.pendingAlertMs,
    leaseMs: 60_000,
  });
  const webhooks = webhookChannels.map((channel) =>
    createDeliveryWorker({
      store,
      channel,
      clock,
      logger,
      pendingAlertMs: config.pendingAlertMs,
      ...WEBHOOK_WORKER,
    }),
  );
  const retention = createLeadRetention({
    store,
    clock,
    logger,
    retentionDays: config.leadRetentionDays,
  });
  // Opt-in: without DIGEST_HOUR no digest is sent.
  const digest =
    config.digestHour === undefined
      ? undefined
      : createDailyDigest({
          store,
          mailer,
          clock,
          logger,
          addresses: { from: config.mailFrom, to: config.mailTo },
          hour: config.digestHour,
          messageIdDomain: config.mailFrom.address.split('@')[1] ?? 'localhost',
        });
  const partnerSources = createPartnerSources(store.db);
  const sourceHealth = createSourceHealth({
    store: createSourceHealthStore(store.db, (message) => store.queueMessage(message)),
    clock,
    logger,
    sources: () => [
      { origin: 'site' },
      ...(config.googleAdsWebhookKey === undefined ? [] : [{ origin: 'google_ads' as const }]),
      ...(config.meta ? [{ origin: 'meta' as const, graphChannel: META_GRAPH_CHANNEL }] : []),
      ...partnerSources.list(clock.now()).map((source) => ({
        origin: partnerOrigin(source.name),
        disabled: source.disabled,
      })),
    ],
    fallbackTo: config.mailTo,
    messageIdDomain: config.mailFrom.address.split('@')[1] ?? 'localhost',
    onQueued: () => delivery.wake(),
  });
  // The site's leads and every channel's enquiries share one group commit: one disk sync for
  // all the leads of an event-loop turn, whichever door they came in by.
  const leadCapture = {
    storeLead: createGroupCommit(store, DUPLICATE_WINDOW_MS),
    clock,
    logger,
    messageIdDomain: config.mailFrom.address.split('@')[1] ?? 'localhost',
    onPending: () => {
      wakeAlerts();
      for (const worker of webhooks) worker.wake();
    },
  };
  const captureLead = createCaptureLead(leadCapture);
  const ingestEnquiry = createIngestEnquiry(leadCapture);
  const metaGraph =
    config.meta &&
    createDeliveryWorker({
      store,
      channel: createGraphChannel({ settings: config.meta, ingest: ingestEnquiry }),
      clock,
      logger,
      pendingAlertMs: config.pendingAlertMs,
      leaseMs: GRAPH_TIMEOUT_MS * 6,
      backoff: GRAPH_BACKOFF,
    });
  const intakeRefusals = createIntakeRefusalStore(store.db);
  const intakeHttp = createIntakeHttp({
    logger,
    clock,
    ceiling: { max: config.intakePerSourcePerMinute, windowMs: 60_000 },
    requestTimeoutMs: config.requestTimeoutMs,
    recordRefusal: (refusal) => intakeRefusals.record(refusal),
  });
  const intake = [
    createGoogleAdsRouter({
      http: intakeHttp,
      ingestEnquiry,
      key: config.googleAdsWebhookKey,
    }),
    createMetaRouter({
      settings: config.meta,
      intakeHttp,
      store,
      clock,
      onQueued: () => metaGraph?.wake(),
    }),
    createPartnerRouter({
      http: intakeHttp,
      ingestEnquiry,
      sources: createPartnerSources(store.db),
      clock,
    }),
  ];
  const readiness = createReadinessCheck({
    store,
    verifyMail: () => mailer.verify(),
    clock,
    pendingAlertMs: config.pendingAlertMs,
    smtpTimeoutMs: Math.min(config.smtpTimeoutMs, 3_000),
    webhookChannels: webhookChannels.map((channel) => channel.name),
  });
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
    webhookChannels: webhookChannels.map((channel) => channel.name),
    onQueued: () => {
      for (const worker of webhooks) worker.wake();
    },
    onEmailQueued: wakeAlerts,
    sourceHealth,
    routing,
    leads: store,
    leadRoutes: webhookChannels.map((channel) => channel.route),
    messageIdDomain: config.mailFrom.address.split('@')[1] ?? 'localhost',
    calendarOrganizer: salesOrganizer(config.mailTo),
    pushPublicKey: vapidKeys.publicKey,
    pushServices: config.pushServices,
  });
  // A hold's expiry is a row due when it runs out, so it frees the plot across restarts.
  const plots = createDeliveryWorker({
    store,
    channel: createPlotsChannel(desk.api.plots, clock),
    clock,
    logger,
    pendingAlertMs: config.pendingAlertMs,
    ...PLOTS_WORKER,
  });
  // A database restored from an older backup must not serve anyone erased since, not even once.
  const replayed = await desk.api.erasure.replay(clock.now());
  if (replayed > 0) {
    logger.warn(
      { leads: replayed },
      'erasures made after this database was backed up were applied again',
    );
  }
  const app = createApp({
    config,
    captureLead,
    readiness,
    logger,
    clock,
    desk: desk.router,
    intake,
    intakePaths: partnerPaths(),
  });

  // Node checks the header and request timeouts only this often (30 s by default), so a client
  // dripping headers or a body would otherwise hold its connection well past the limits below.
  const server = createServer({ connectionsCheckingInterval: 1_000 }, app);
  server.requestTimeout = config.requestTimeoutMs;
  server.headersTimeout = Math.min(config.requestTimeoutMs, 10_000);
  server.listen(config.port, config.host);
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const host = config.host === '0.0.0.0' ? 'localhost' : config.host;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  logger.info(
    {
      url,
      port,
      database: config.databaseFile,
      mail: mailer.description,
      site: config.webDist,
      digest: config.digestHour === undefined ? 'off' : `daily from ${config.digestHour}:00 IST`,
      webhooks: webhookChannels.map((channel) => channel.label),
      metaLeadAds: config.meta ? config.meta.graphUrl : 'off',
      otherServerOnDatabase: !instanceLock.alone,
    },
    'listening',
  );
  if (leasesTakenBack > 0) {
    logger.warn(
      { messages: leasesTakenBack },
      'took back the messages a stopped process was sending; they go again now, with the same ids',
    );
  }
  delivery.start();
  routingSteps.start();
  for (const worker of webhooks) worker.start();
  metaGraph?.start();
  plots.start();
  pushes.start();
  retention.start();
  digest?.start();
  sourceHealth.start();

  let closing: Promise<void> | undefined;
  // Once closing, every answer ends its connection, so each client finishes what it sent.
  server.prependListener('request', (_req: IncomingMessage, res: ServerResponse) => {
    if (closing) res.setHeader('Connection', 'close');
  });
  const close = async (): Promise<void> => {
    // The desk's live streams never end on their own: end them so the connections can close.
    desk.close();
    // Stops accepting connections and leaves the open ones be. (http.Server.close() also cuts
    // idle keep-alive connections, and one may already carry a request this busy thread has
    // not read yet.) They end with their next answer, at their keep-alive timeout, or at the
    // end of the grace period.
    // Connections the kernel has taken but this busy thread has not yet accepted would be reset
    // with the listener: one more pass of the event loop lets them in first.
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    const closed = new Promise<void>((resolve) => {
      NetServer.prototype.close.call(server, () => resolve());
    });
    const grace = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
    grace.unref();
    await closed;
    clearTimeout(grace);
    // Leads handed over in this turn of the event loop are committed in the next one.
    await new Promise((resolve) => setImmediate(resolve));
    retention.stop();
    sourceHealth.stop();
    const workers = [
      delivery,
      routingSteps,
      ...webhooks,
      plots,
      pushes,
      ...(metaGraph ? [metaGraph] : []),
    ];
    await Promise.all(workers.map((worker) => worker.stop()));
    await digest?.stop();
    mailer.close();
    store.close();
    instanceLock.release();
  };

  return {
    url,
    port,
    server,
    app,
    config,
    store,
    mailer,
    delivery,
    webhooks,
    metaGraph,
    routingSteps,
    routing,
    desk,
    plots,
    pushes,
    sourceHealth,
    close: () => (closing ??= close()),
  };
}
