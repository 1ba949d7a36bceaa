import { textResponse, type Json } from './openapi-parts.ts';
import { methodNotAllowed } from './replies.ts';
import { WEBHOOK_BACKLOG_SCHEMA } from '../webhooks/openapi-webhooks.ts';

const readiness = { 'application/json': { schema: { $ref: '#/components/schemas/Readiness' } } };

/** The probes an orchestrator or the operator calls. */
export function healthPaths(): Record<string, Json> {
  return {
    '/healthz': {
      get: {
        summary: 'The process is alive',
        responses: {
          '200': textResponse('Alive.', ['ok']),
          '405': {
            ...textResponse('Only GET and HEAD.', [methodNotAllowed(['GET', 'HEAD'])]),
            headers: { Allow: { schema: { type: 'string', const: 'GET, HEAD' } } },
          },
        },
      },
    },
    '/readyz': {
      get: {
        summary: 'Ready to take and deliver leads',
        description: 'For the operator and the orchestrator; keep it off the public proxy.',
        responses: {
          '200': {
            description:
              'The database takes writes, the mail server answers and no lead waits too long.',
            content: readiness,
          },
          '503': {
            description: 'One of the checks failed; the body says which.',
            content: readiness,
          },
        },
      },
    },
  };
}

export function healthSchemas(): Record<string, Json> {
  return {
    Readiness: {
      type: 'object',
      required: ['status', 'db', 'smtp', 'pending', 'oldestPendingAgeSeconds'],
      additionalProperties: false,
      properties: {
        status: { type: 'string', enum: ['ready', 'not ready'] },
        db: { type: 'string', enum: ['ok', 'unwritable'] },
        smtp: {
          type: 'string',
          enum: ['ok', 'unreachable'],
          description: 'The dev inbox counts as reachable when its folder is writable.',
        },
        pending: {
          type: ['integer', 'null'],
          minimum: 0,
          description: 'Leads waiting to be emailed; null when the database could not be read.',
        },
        oldestPendingAgeSeconds: {
          type: ['integer', 'null'],
          minimum: 0,
          description: 'Age of the oldest waiting lead; null when none waits.',
        },
        webhooks: WEBHOOK_BACKLOG_SCHEMA,
      },
    },
  };
}
