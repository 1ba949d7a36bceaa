/**
 * A desk route, declared once: its method and path, who may call it, the schemas of its query,
 * body and answers, and its handler. The Express routes (`mountRoutes`), the desk API's OpenAPI
 * document (`desk-openapi.ts`) and the route-enumerating security test are all written from
 * these declarations; nothing else lists desk routes.
 */
import type { Request, RequestHandler, Response, Router } from 'express';
import type { GenericSchema, InferOutput } from 'valibot';
import { parse } from './desk-input.ts';

/**
 * `any session`: signed in, even with a temporary password not yet replaced; `signed in` and
 * `manager` refuse such an account (403) until it has chosen its own.
 */
export type Who = 'anyone' | 'any session' | 'signed in' | 'manager';

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** Plain JSON: how a route's non-JSON-schema content is written in its OpenAPI operation. */
type Json = null | boolean | number | string | readonly Json[] | { readonly [key: string]: Json };
type JsonObject = { readonly [key: string]: Json };

/** What a route promises: everything its OpenAPI operation is written from. */
export interface RouteContract<
  TQuery = GenericSchema | undefined,
  TBody = GenericSchema | undefined,
> {
  method: Method;
  /** Under /desk/api, as OpenAPI writes it: `/leads/{id}`. */
  path: string;
  summary: string;
  who: Who;
  description?: string;
  /** The query's schema, as the handler reads it; documented from the object of fields in it. */
  query?: TQuery;
  /** The JSON body's schema; the handler gets its output. */
  body?: TBody;
  /**
   * The success status and what it carries: JSON of a schema (or of any of several), another
   * media type, or nothing.
   */
  answer: {
    status: number;
    description: string;
    json?: GenericSchema | GenericSchema[];
    content?: JsonObject;
  };
  /** The refusals besides the ones every operation of its kind can give. */
  errors?: number[];
  /** The 400's answer when it says more than `{ error }`. */
  badInput?: GenericSchema;
  /** A body that is not JSON, by media type; the handler reads it from the request. */
  bodyContent?: JsonObject;
}

type Parsed<TSchema> = TSchema extends GenericSchema ? InferOutput<TSchema> : undefined;

export interface RouteInput<TQuery, TBody> {
  req: Request;
  res: Response;
  query: Parsed<TQuery>;
  body: Parsed<TBody>;
}

/**
 * The handler's answer: a value is sent as JSON with the contract's status; a 204 route that
 * returns nothing is ended with its status. A handler that answers otherwise (a stream, a file, a
 * status chosen at run time) writes to `res` itself and returns nothing.
 */
export interface DeskRoute<
  TDeps,
  TQuery = GenericSchema | undefined,
  TBody = GenericSchema | undefined,
> extends RouteContract<TQuery, TBody> {
  handle(input: RouteInput<TQuery, TBody>, deps: TDeps): unknown;
}

/**
 * The declaration helper of a feature whose handlers need `TDeps`:
 * `const route = routeFor<HeldDeps>();` then `route({ method, path, …, handle })`.
 */
export function routeFor<TDeps>() {
  return <
    TQuery extends GenericSchema | undefined = undefined,
    TBody extends GenericSchema | undefined = undefined,
  >(
    declaration: DeskRoute<TDeps, TQuery, TBody>,
  ): DeskRoute<TDeps> => declaration;
}

/** The middleware that lets each kind of caller through, from the desk's sign-in. */
export interface Guards {
  requireAnySession: RequestHandler;
  requireSession: RequestHandler;
  requireManager: RequestHandler;
}

function guardsOf(who: Who, guards: Guards): RequestHandler[] {
  switch (who) {
    case 'anyone':
      return [];
    case 'any session':
      return [guards.requireAnySession];
    case 'signed in':
      return [guards.requireSession];
    case 'manager':
      return [guards.requireSession, guards.requireManager];
  }
}

/** `/leads/{id}` as Express writes it: `/leads/:id`. */
export const expressPath = (path: string): string => path.replace(/\{(\w+)\}/g, ':$1');

/** Adds each route to the router, behind the guards its `who` names. */
export function mountRoutes<TDeps>(
  router: Router,
  routes: readonly DeskRoute<TDeps>[],
  deps: TDeps,
  guards: Guards,
): void {
  for (const route of routes) {
    router[route.method](
      expressPath(route.path),
      ...guardsOf(route.who, guards),
      async (req: Request, res: Response) => {
        const input: RouteInput<GenericSchema | undefined, GenericSchema | undefined> = {
          req,
          res,
          query: route.query ? parse(route.query, req.query) : undefined,
          body: route.body ? parse(route.body, req.body) : undefined,
        };
        const answer = await route.handle(input, deps);
        if (res.headersSent) return;
        if (answer !== undefined) res.status(route.answer.status).json(answer);
        else if (route.answer.status === 204) res.status(204).end();
      },
    );
  }
}
