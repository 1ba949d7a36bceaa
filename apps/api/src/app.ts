import compression from 'compression';
import express, { type Express, type Router } from 'express';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import { createErrorHandler } from './http/error-handler.ts';
import { createHealthRouter, type ReadinessReport } from './http/health.ts';
import { createOpenApiRouter } from './http/openapi.ts';
import type { JsonObject } from './http/openapi-parts.ts';
import { createRequestLog } from './http/request-log.ts';
import { createSecurityHeaders } from './http/security-headers.ts';
import { readSiteScripts } from './http/site-manifest.ts';
import { createStaticSite } from './http/static-site.ts';
import type { CaptureLead } from './leads/capture-lead.ts';
import { createLeadRouter } from './leads/lead-routes.ts';
import type { Logger } from './logger.ts';

export interface AppDeps {
  config: Config;
  captureLead: CaptureLead;
  readiness: () => Promise<ReadinessReport>;
  logger: Logger;
  clock: Clock;
  /** The sales desk, mounted at /desk: its JSON API under /desk/api and the built app. */
  desk: Router;
  /** The channel partners' app and its API, mounted at /partners. */
  partners: Router;
  /** The intake channels (`/intake/…`), each with its own key or signature and its own ceiling. */
  intake: readonly Router[];
  /** The intake channels' own OpenAPI paths, for /openapi.json. */
  intakePaths: JsonObject;
}

/** Builds the whole HTTP application from its parts; never listens and keeps no globals. */
export function createApp(deps: AppDeps): Express {
  const { config, captureLead, readiness, logger, clock, desk, intake } = deps;
  const app = express();
  app.disable('x-powered-by');
  // Explicit, because the rate limiter keys on req.ip and a wrong guess either lets one client
  // pose as many or makes every visitor share the proxy's address.
  app.set('trust proxy', config.trustProxy);

  app.use(createRequestLog(logger));
  const { scriptHashes, tags } = readSiteScripts(config.webDist);
  app.use(createSecurityHeaders(scriptHashes, tags));
  app.use(createHealthRouter(readiness, logger));
  app.use('/desk', desk);
  app.use('/partners', deps.partners);
  // Not under the site's per-address limit: their senders authenticate and share addresses.
  for (const channel of intake) app.use(channel);
  app.use(
    createLeadRouter({
      captureLead,
      logger,
      corsOrigins: config.corsOrigins,
      rateLimit: config.rateLimit,
      requestTimeoutMs: config.requestTimeoutMs,
      clock,
    }),
  );

  // The API's answers are a few bytes of text, under compression's 1 kB threshold, yet the
  // middleware wraps every response it sees; only the documents that are worth it pass through.
  app.use(compression());
  app.use(createOpenApiRouter(deps.intakePaths));
  const { site, notFound } = createStaticSite(config.webDist);
  app.use(site);
  app.use(notFound);
  app.use(createErrorHandler(logger));
  return app;
}
