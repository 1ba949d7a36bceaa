import { Router } from 'express';
import { healthPaths, healthSchemas } from './openapi-health.ts';
import { leadPaths, leadSchemas } from './openapi-leads.ts';
import { metaPaths, metaSchemas } from './openapi-meta.ts';
import type { JsonObject } from './openapi-parts.ts';
import { webhookOperations } from './openapi-webhooks.ts';

/**
 * OpenAPI 3.1 description of the public API, assembled from parts: each part describes its own
 * paths and the schemas they refer to, the lead bodies generated from the shared lead schema.
 */
export function createOpenApiDocument(): JsonObject {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Elegant Iconia lead API',
      version: '1.0.0',
      description:
        "Receives brochure requests and contact enquiries from the Elegant Iconia website and forwards them to the sales inbox. Scripts get plain-text replies from the two lead endpoints; a browser's own form post gets a redirect to the thank-you page or an HTML page naming the problem.",
    },
    servers: [{ url: '/' }],
    paths: { ...leadPaths(), ...metaPaths(), ...healthPaths() },
    webhooks: webhookOperations(),
    components: { schemas: { ...leadSchemas(), ...metaSchemas(), ...healthSchemas() } },
  };
}

export function createOpenApiRouter(): Router {
  const document = createOpenApiDocument();
  const router = Router();
  router.get('/openapi.json', (_req, res) => {
    res.set('Cache-Control', 'no-cache').json(document);
  });
  return router;
}
