import compression from 'compression';
import express, { type Express } from 'express';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import { createDesk, openDeskDatabase } from './desk/desk.ts';
import { createErrorHandler } from './http/error-handler.ts';
import { createHealthRouter, createReadinessCheck } from './http/health.ts';
import { createOpenApiRouter } from './http/openapi.ts';
import { createRequestLog } from './http/request-log.ts';
import { createSecurityHeaders, siteScriptHashes } from './http/security-headers.ts';
import { createStaticSite } from './http/static-site.ts';
import { createCaptureLead } from './leads/capture-lead.ts';
import { createLeadRouter } from './leads/lead-routes.ts';
import type { Logger } from './logger.ts';
import type { Mailer } from './mail/transport.ts';
import type { InsertLead } from './store/group-commit.ts';
import type { LeadStore } from './store/lead-store.ts';

export interface AppDeps {
  config: Config;
  store: LeadStore;
  /** Stores a visitor's lead durably; "success" waits for it. */
  insertLead: InsertLead;
  mailer: Mailer;
  clock: Clock;
  logger: Logger;
  /** Told when a lead is waiting to be emailed. */
  delivery: { wake(): void };
}

/** Builds the whole HTTP application from its parts; never listens and keeps no globals. */
export function createApp(deps: AppDeps): Express {
  const { config, store, insertLead, mailer, clock, logger, delivery } = deps;
  const app = express();
  app.disable('x-powered-by');
  // Explicit, because the rate limiter keys on req.ip and a wrong guess either lets one client
  // pose as many or makes every visitor share the proxy's address.
  app.set('trust proxy', config.trustProxy);

  app.use(createRequestLog(logger));
  app.use(createSecurityHeaders(siteScriptHashes(config.webDist)));

  app.use(
    createHealthRouter(
      createReadinessCheck({
        store,
        mailer,
        clock,
        pendingAlertMs: config.pendingAlertMs,
        smtpTimeoutMs: Math.min(config.smtpTimeoutMs, 3_000),
      }),
    ),
  );

  app.use(
    '/desk',
    createDesk({
      db: openDeskDatabase(config.databaseFile),
      clock,
      logger,
      deskDist: config.deskDist,
    }).router,
  );

  const captureLead = createCaptureLead({
    insertLead,
    clock,
    logger,
    messageIdDomain: config.mailFrom.address.split('@')[1] ?? 'localhost',
    onPending: () => delivery.wake(),
  });
  app.use(
    createLeadRouter({
      captureLead,
      logger,
      corsOrigins: config.corsOrigins,
      rateLimit: config.rateLimit,
      requestTimeoutMs: config.requestTimeoutMs,
    }),
  );

  // The API's answers are a few bytes of text, under compression's 1 kB threshold, yet the
  // middleware wraps every response it sees; only the documents that are worth it pass through.
  app.use(compression());
  app.use(createOpenApiRouter());
  const { site, notFound } = createStaticSite(config.webDist);
  app.use(site);
  app.use(notFound);
  app.use(createErrorHandler(logger));
  return app;
}
