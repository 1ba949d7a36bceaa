import { Router } from 'express';
import { healthPaths, healthSchemas } from './openapi-health.ts';
import { googleAdsPaths, googleAdsSchemas } from './openapi-intake.ts';
import { leadPaths, leadSchemas } from './openapi-leads.ts';
import { metaPaths, metaSchemas } from './openapi-meta.ts';
import { metaSecuritySchemes } from './openapi-meta.ts';
import { withOperationIds, writtenOnFirstRequest, type JsonObject } from './openapi-parts.ts';
import { googleConversionsSchemes, standardWebhooksSchemes } from './openapi-security.ts';
import { webhookOperations } from './openapi-webhooks.ts';

/**
 * OpenAPI 3.1 description of the public API, assembled from parts: each part describes its own
 * paths and the schemas they refer to, the lead bodies generated from the shared lead schema.
 * The intake channels describe their own paths; the composition root hands them in.
 */
export function createOpenApiDocument(intakePaths: JsonObject = {}): JsonObject {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Elegant Iconia lead API',
      version: '1.0.0',
      description:
        "Receives brochure requests and contact enquiries from the Elegant Iconia website, and leads from ad platforms and partners on the `/intake/…` endpoints (each authenticated by its own key or signature, with a ceiling per source rather than the site's per-address limit), and forwards them to the sales inbox and the CRM's webhooks. Scripts get plain-text replies from every lead endpoint; a browser's own form post to the site's two gets a redirect to the thank-you page or an HTML page naming the problem.",
    },
    servers: [{ url: '/' }],
    // Each operation says how its caller is authenticated (openapi-security.ts): no default here.
    paths: withOperationIds({
      ...leadPaths(),
      ...googleAdsPaths(),
      ...metaPaths(),
      ...intakePaths,
      ...healthPaths(),
    }),
    webhooks: withOperationIds(webhookOperations()),
    components: {
      schemas: { ...leadSchemas(), ...googleAdsSchemas(), ...metaSchemas(), ...healthSchemas() },
      securitySchemes: {
        ...metaSecuritySchemes(),
        ...standardWebhooksSchemes(),
        ...googleConversionsSchemes(),
      },
    },
  };
}

export function createOpenApiRouter(intakePaths: JsonObject = {}): Router {
  const document = writtenOnFirstRequest(() => createOpenApiDocument(intakePaths));
  const router = Router();
  router.get('/openapi.json', (_req, res) => {
    res.set('Cache-Control', 'no-cache').json(document());
  });
  return router;
}
