import { routeFor } from '../desk/route.ts';

export interface OpenApiRouteDeps {
  /**
   * The API's OpenAPI document, written from the routes' declarations on its first request and
   * kept (writing it takes longer than starting the server, and most servers are never asked).
   */
  document: () => Readonly<Record<string, unknown>>;
}

const route = routeFor<OpenApiRouteDeps>();

/** The desk API's own description. */
export const openApiRoutes = [
  route({
    method: 'get',
    path: '/openapi.json',
    summary: 'This document',
    who: 'manager',
    answer: {
      status: 200,
      description: 'OpenAPI 3.1.',
      content: { 'application/json': { schema: { type: 'object' } } },
    },
    handle: (_input, { document }) => document(),
  }),
];

/** The partner API's own description, for anyone building against it. */
export const partnerOpenApiRoutes = [
  route({
    method: 'get',
    path: '/openapi.json',
    summary: 'This document',
    who: 'anyone',
    answer: {
      status: 200,
      description: 'OpenAPI 3.1.',
      content: { 'application/json': { schema: { type: 'object' } } },
    },
    handle: (_input, { document }) => document(),
  }),
];
