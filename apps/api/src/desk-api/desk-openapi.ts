import {
  deskErrorSchema,
  deskIdSchema,
  buyerSaidSchema,
  deskLeadDetailSchema,
  deskLeadRowSchema,
  deskReportSchema,
  deskUserSchema,
  dutySchema,
  emailDeliverySchema,
  leadPageSchema,
  leadViewSchema,
  partnerSourceSchema,
  personSchema,
  routingSettingsSchema,
  sourceHealthRowSchema,
  timelineEntrySchema,
  todayListsSchema,
  unansweredBuyerSchema,
  overdueBuyerSchema,
  webhookDeliverySchema,
  PARTNER_NAME_PATTERN,
  plotEventSchema,
  plotSchema,
  visitSchema,
} from '@iconia/shared';
import type { GenericSchema, ObjectEntries } from 'valibot';
import {
  answerComponents,
  refusalMessages,
  requestSchema,
  withOperationIds,
  type Json,
  type JsonObject,
} from '../http/openapi-parts.ts';
import { SESSION_COOKIE } from '../desk/auth.ts';
import { PARTNER_COOKIE } from '../brokers/index.ts';
import { DESK_ROUTES } from './desk-routes.ts';
import type { RouteContract } from '../desk/route.ts';

const ERROR_TEXT: Record<number, string> = {
  400: 'Bad input: the sentence names the field and what is wrong with it.',
  401: 'No session, or it has ended.',
  403: 'A request from another site, one only a manager may make, or one of an account that must first replace its temporary password.',
  404: 'Nothing has this id.',
  409: 'The request conflicts with what is stored.',
  413: 'The request is too large.',
  415: 'The body is not JSON.',
  429: 'Too many at once: wait and try again.',
  500: 'The server failed; nothing more is said.',
  503: 'A service the request needs is not set up on this server.',
};

/** The answers named in the document's components; the others are written where they are used. */
const NAMED_ANSWERS = {
  DeskUser: deskUserSchema,
  Person: personSchema,
  TimelineEntry: timelineEntrySchema,
  BuyerSaid: buyerSaidSchema,
  LeadRow: deskLeadRowSchema,
  Delivery: emailDeliverySchema,
  WebhookDelivery: webhookDeliverySchema,
  LeadDetail: deskLeadDetailSchema,
  LeadPage: leadPageSchema,
  LeadView: leadViewSchema,
  TodayLists: todayListsSchema,
  Report: deskReportSchema,
  PartnerSource: partnerSourceSchema,
  SourceHealth: sourceHealthRowSchema,
  Plot: plotSchema,
  PlotEvent: plotEventSchema,
  Duty: dutySchema,
  RoutingSettings: routingSettingsSchema,
  UnansweredBuyer: unansweredBuyerSchema,
  OverdueBuyer: overdueBuyerSchema,
  Visit: visitSchema,
  Error: deskErrorSchema,
};

type Answer = ReturnType<typeof answerComponents>['answer'];

const json = (schema: JsonObject): JsonObject => ({ 'application/json': { schema } });

const STATE_CHANGING = new Set(['post', 'patch', 'put', 'delete']);

/**
 * The object of fields in a query's schema, each field a parameter: the one inside the pipes
 * that read the query string (`fromQuery`) and check fields together.
 */
function queryFields(schema: GenericSchema | undefined): GenericSchema | undefined {
  if (schema === undefined) return undefined;
  if (!('pipe' in schema)) return schema.type === 'object' ? schema : undefined;
  for (const item of schema.pipe as readonly { kind: string }[]) {
    if (item.kind !== 'schema' || item === schema) continue;
    const fields = queryFields(item as GenericSchema);
    if (fields) return fields;
  }
  return undefined;
}

function operation(spec: RouteContract, answer: Answer): JsonObject {
  const { method, path } = spec;
  const parameters: Json[] = [];
  if (path.includes('{id}')) {
    parameters.push({
      name: 'id',
      in: 'path',
      required: true,
      schema: requestSchema(deskIdSchema),
    });
  }
  if (path.includes('{messageId}')) {
    parameters.push({
      name: 'messageId',
      in: 'path',
      required: true,
      description: "The message's id in the conversation.",
      schema: requestSchema(deskIdSchema),
    });
  }
  if (path.includes('{name}')) {
    parameters.push({
      name: 'name',
      in: 'path',
      required: true,
      description: "The partner source's name.",
      schema: { type: 'string', pattern: PARTNER_NAME_PATTERN.source },
    });
  }
  const query = queryFields(spec.query);
  const queryEntries = query && 'entries' in query ? (query.entries as ObjectEntries) : {};
  for (const [name, schema] of Object.entries(queryEntries)) {
    parameters.push({ name, in: 'query', required: false, schema: requestSchema(schema) });
  }
  const errors = new Set([...(spec.errors ?? []), 500]);
  if (spec.query || spec.body || spec.badInput) errors.add(400);
  if (spec.body) [413, 415].forEach((status) => errors.add(status));
  if (spec.who !== 'anyone') errors.add(401);
  if (spec.who === 'manager' || spec.who === 'signed in' || STATE_CHANGING.has(method)) {
    errors.add(403);
  }
  if (path.includes('{id}') || path.includes('{name}')) errors.add(404);
  const error = json(answer(deskErrorSchema));
  // The sentences the input's schemas refuse with; those that quote the input are left out.
  const refusals = [query, spec.body].flatMap((schema) => (schema ? refusalMessages(schema) : []));
  const badInput = {
    'application/json': {
      schema: answer(spec.badInput ?? deskErrorSchema),
      ...(refusals.length > 0
        ? {
            examples: Object.fromEntries(
              refusals.map((message, index) => [
                `refusal${index + 1}`,
                { value: { error: message } },
              ]),
            ),
          }
        : {}),
    },
  };
  const { status, description, json: answerSchema, content } = spec.answer;
  const answerJson = Array.isArray(answerSchema)
    ? json({ anyOf: answerSchema.map(answer) })
    : answerSchema && json(answer(answerSchema));
  return {
    summary: spec.summary,
    description: `${spec.description ? `${spec.description} ` : ''}Who: ${spec.who}.`,
    ...(spec.who === 'anyone' ? { security: [] } : {}),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(spec.body
      ? { requestBody: { required: true, content: json(requestSchema(spec.body)) } }
      : spec.bodyContent
        ? { requestBody: { required: true, content: spec.bodyContent } }
        : {}),
    responses: {
      [status]: {
        description,
        ...(answerJson ? { content: answerJson } : content ? { content } : {}),
      },
      ...Object.fromEntries(
        [...errors]
          .sort((a, b) => a - b)
          .map((code) => [
            code,
            { description: ERROR_TEXT[code] ?? '', content: code === 400 ? badInput : error },
          ]),
      ),
    },
  };
}

/** Each path's operations, from the routes' declarations. */
function deskPaths(
  answer: Answer,
  routes: readonly RouteContract[] = DESK_ROUTES,
): Record<string, JsonObject> {
  const paths: Record<string, JsonObject> = {};
  for (const route of routes) {
    paths[route.path] = { ...paths[route.path], [route.method]: operation(route, answer) };
  }
  return paths;
}

/**
 * OpenAPI 3.1 description of the desk API under /desk/api, written from the request and answer
 * schemas of `@iconia/shared`.
 */
export function createDeskOpenApiDocument(): JsonObject {
  const { schemas, answer } = answerComponents(NAMED_ANSWERS);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Elegant Iconia sales desk API',
      version: '1.0.0',
      description:
        'The JSON API the sales desk (/desk) works with. Every answer is JSON; a refusal is `{ "error": "<a sentence for people>" }`. Every POST, PATCH and DELETE must come from the desk itself (Sec-Fetch-Site: same-origin, or an Origin of the same host). See docs/desk-api.md.',
    },
    servers: [{ url: '/desk/api' }],
    security: [{ deskSession: [] }],
    paths: withOperationIds(deskPaths(answer)),
    components: {
      schemas,
      securitySchemes: {
        deskSession: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
      },
    },
  };
}

/** The named schemas `paths` refers to, and those they refer to in turn. */
function usedSchemas(paths: JsonObject, schemas: Record<string, Json>): Record<string, Json> {
  const used = new Set<string>();
  const refs = (value: unknown) =>
    [...JSON.stringify(value).matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]!);
  const pending = refs(paths);
  while (pending.length > 0) {
    const name = pending.pop()!;
    if (used.has(name)) continue;
    used.add(name);
    pending.push(...refs(schemas[name]));
  }
  return Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name)));
}

/** The partner app's API under /partners/api, written from its routes' declarations alike. */
export function createPartnerOpenApiDocument(routes: readonly RouteContract[]): JsonObject {
  const { schemas, answer } = answerComponents(NAMED_ANSWERS);
  const paths = withOperationIds(deskPaths(answer, routes));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Elegant Iconia channel partners API',
      version: '1.0.0',
      description:
        'The JSON API the channel partners\' app (/partners) works with: applying, signing in through the emailed link, and a broker\'s own registrations and brokerage. A refusal is `{ "error": "<a sentence for people>" }`. Every POST and DELETE must come from the app itself (Sec-Fetch-Site: same-origin, or an Origin of the same host). See docs/partners.md.',
    },
    servers: [{ url: '/partners/api' }],
    security: [{ partnerSession: [] }],
    paths,
    components: {
      schemas: usedSchemas(paths, schemas),
      securitySchemes: {
        partnerSession: { type: 'apiKey', in: 'cookie', name: PARTNER_COOKIE },
      },
    },
  };
}
