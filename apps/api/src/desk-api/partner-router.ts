import express, { Router } from 'express';
import { rateLimit } from 'express-rate-limit';
import { sameOrigin } from '../desk/auth.ts';
import { deskErrorHandler } from '../desk/desk-error.ts';
import { createPartnerStatic, deskHeaders } from '../desk/desk-static.ts';
import { mountRoutes } from '../desk/route.ts';
import type { Logger } from '../logger.ts';
import type { Clock } from '../clock.ts';
import {
  partnerRoutes,
  type Brokers,
  type PartnerRouteDeps,
  type SlotAvailability,
} from '../brokers/index.ts';
import { writtenOnFirstRequest } from '../http/openapi-parts.ts';
import { createPartnerOpenApiDocument } from './desk-openapi.ts';
import { partnerOpenApiRoutes } from './openapi-routes.ts';

/** Applications and link requests per address: enough for an office sharing one connection. */
const PUBLIC_POSTS_PER_HOUR = 30;

/**
 * Everything under /partners: the partner app (built with the desk, in its `partners/` folder)
 * and its JSON API at /partners/api, under the desk's headers and origin check.
 */
export function createPartnerRouter(deps: {
  brokers: Brokers;
  availability: SlotAvailability;
  priceSheet: PartnerRouteDeps['priceSheet'];
  deskDist: string;
  clock: Clock;
  logger: Logger;
}): Router {
  const { brokers, clock, logger } = deps;
  const api = Router();
  api.use((_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });
  api.use(sameOrigin);
  api.use(
    ['/applications', '/sign-in-link'],
    rateLimit({
      windowMs: 3_600_000,
      limit: PUBLIC_POSTS_PER_HOUR,
      standardHeaders: 'draft-8',
      legacyHeaders: false,
      skip: (req) => req.method !== 'POST',
      handler: (_req, res) => {
        res
          .status(429)
          .json({ error: 'Too many requests from this address. Please try again in an hour.' });
      },
    }),
  );
  api.use(express.json({ limit: '16kb' }));
  const document = writtenOnFirstRequest(() => createPartnerOpenApiDocument(partnerRoutes));
  mountRoutes(api, partnerOpenApiRoutes, { document }, brokers.auth.guards);
  mountRoutes(
    api,
    partnerRoutes,
    {
      accounts: brokers.accounts,
      claims: brokers.claims,
      brokerage: brokers.brokerage,
      auth: brokers.auth,
      availability: deps.availability,
      priceSheet: deps.priceSheet,
      clock,
      logger,
    },
    brokers.auth.guards,
  );
  api.use((_req, res) => {
    res.status(404).json({ error: 'There is no such partner endpoint.' });
  });
  api.use(deskErrorHandler(logger));

  const router = Router();
  router.use(deskHeaders);
  router.use('/api', api);
  router.use(createPartnerStatic(deps.deskDist));
  return router;
}
