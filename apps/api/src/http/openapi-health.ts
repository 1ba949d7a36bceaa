import { textResponse, type Json } from './openapi-parts.ts';
import { ANYONE } from './openapi-security.ts';
import { methodNotAllowed } from './replies.ts';

/** The `webhooks` member of `/readyz`, present when WEBHOOK_URL is set. */
const WEBHOOK_BACKLOG_SCHEMA = {
  type: 'object',
  description:
    'Every webhook endpoint together; present only when WEBHOOK_URL is set. Reported, never a reason to be unready: leads still reach the inbox while a CRM is down.',
  required: ['pending', 'oldestPendingAgeSeconds', 'dead'],
  additionalProperties: false,
  properties: {
    pending: {
      type: ['integer', 'null'],
      minimum: 0,
      description: 'Posts waiting for a first attempt or a retry; null when unreadable.',
    },
    oldestPendingAgeSeconds: {
      type: ['integer', 'null'],
      minimum: 0,
      description: 'Age of the oldest waiting lead; null when none waits.',
    },
    dead: {
      type: ['integer', 'null'],
      minimum: 0,
      description: 'Posts given up after a day of failures, or refused with 410 Gone.',
    },
  },
};

const readiness = { 'application/json': { schema: { $ref: '#/components/schemas/Readiness' } } };

const ONLY_GET = {
  ...textResponse('Only GET and HEAD.', [methodNotAllowed(['GET', 'HEAD'])]),
  headers: { Allow: { schema: { type: 'string', const: 'GET, HEAD' } } },
};

/** The probes an orchestrator or the operator calls. */
export function healthPaths(): Record<string, Json> {
  return {
    '/healthz': {
      get: {
        summary: 'The process is alive',
        security: ANYONE,
        responses: { '200': textResponse('Alive.', ['ok']), '405': ONLY_GET },
      },
    },
    '/readyz': {
      get: {
        summary: 'Ready to take and deliver leads',
        description: 'For the operator and the orchestrator; keep it off the public proxy.',
        security: ANYONE,
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
          '405': ONLY_GET,
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
