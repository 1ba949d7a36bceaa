import {
  CAMPAIGN_FIELDS,
  CONSENT_NOTICES,
  LEAD_ENDPOINTS,
  LEAD_SOURCES,
  PLOT_RANGES,
} from '@iconia/shared';
import { LEAD_CREATED } from './lead-created-event.ts';
import { WEBHOOK_TIMEOUT_MS } from './send-webhook.ts';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const nullable = (type: string, description: string, extra: { [key: string]: Json } = {}) => ({
  type: [type, 'null'],
  description,
  ...extra,
});

const header = (name: string, description: string, example: string): Json => ({
  name,
  in: 'header',
  required: true,
  description,
  schema: { type: 'string' },
  example,
});

/** The body of a `lead.created` post, as `leadCreatedEvent` builds it. */
export const LEAD_CREATED_EVENT_SCHEMA = {
  title: 'LeadCreatedEvent',
  type: 'object',
  required: ['type', 'timestamp', 'data'],
  additionalProperties: false,
  properties: {
    type: { type: 'string', const: LEAD_CREATED },
    timestamp: {
      type: 'string',
      format: 'date-time',
      description: 'When the lead was received, UTC. The same on every retry.',
    },
    data: {
      type: 'object',
      description: 'Every stored field of the lead. Every key is present; null means no value.',
      required: [
        'id',
        'kind',
        'name',
        'mobile',
        'mobileE164',
        'plotRange',
        'location',
        'form',
        'page',
        'campaign',
        'consent',
        'receivedAt',
      ],
      additionalProperties: false,
      properties: {
        id: {
          type: 'string',
          description: 'The lead’s id, as in the sales email (X-Lead-Id) and `pnpm leads`.',
        },
        kind: {
          type: 'string',
          enum: Object.keys(LEAD_ENDPOINTS),
          description: 'brochure: a brochure request · contact: a contact enquiry.',
        },
        name: { type: 'string', minLength: 1 },
        mobile: {
          type: 'string',
          pattern: '^\\d{10}$',
          description: 'Indian mobile number, ten digits.',
          examples: ['9876543210'],
        },
        mobileE164: {
          type: 'string',
          pattern: '^\\+91\\d{10}$',
          description: 'The same number in E.164.',
          examples: ['+919876543210'],
        },
        plotRange: nullable('string', 'The plot range asked about; brochure requests only.', {
          enum: [...PLOT_RANGES, null],
        }),
        location: nullable('string', 'Where the visitor lives or asks about; enquiries only.'),
        form: nullable('string', 'The form on the site the lead was sent from.', {
          enum: [...LEAD_SOURCES, null],
        }),
        page: nullable('string', 'Path of the page the form was on.'),
        campaign: {
          type: 'object',
          description: 'Campaign parameters of the visitor’s first landing.',
          required: [...CAMPAIGN_FIELDS],
          additionalProperties: false,
          properties: Object.fromEntries(
            CAMPAIGN_FIELDS.map((field) => [field, { type: ['string', 'null'] }]),
          ),
        },
        consent: {
          type: ['object', 'null'],
          description:
            'The consent notice the visitor’s form showed, by version and in its exact words; null when the form did not say.',
          required: ['notice', 'text'],
          additionalProperties: false,
          properties: {
            notice: { type: 'string', enum: Object.keys(CONSENT_NOTICES) },
            text: { type: 'string' },
          },
        },
        receivedAt: {
          type: 'string',
          format: 'date-time',
          description: 'When the lead was received, India time with its offset.',
          examples: ['2026-11-21T15:45:30+05:30'],
        },
      },
    },
  },
} as const;

/**
 * The `webhooks` member of the OpenAPI 3.1 document: what each endpoint in WEBHOOK_URL receives
 * and how its answer is read.
 */
export const OPENAPI_WEBHOOKS = {
  [LEAD_CREATED]: {
    post: {
      summary: 'A lead was received',
      description: `Posted to every endpoint in WEBHOOK_URL once the lead is stored, signed as the Standard Webhooks specification says (https://www.standardwebhooks.com). Retried for at least 24 hours with growing waits; each retry carries the same webhook-id and body. Redirects are not followed; a reply slower than ${WEBHOOK_TIMEOUT_MS / 1000} s counts as failed. See docs/webhooks.md.`,
      parameters: [
        header(
          'webhook-id',
          'Stable per lead and endpoint across every retry: drop a post whose id you already have.',
          'msg_3f0c8a5e6b1d4e2f9a7c2d4b6e8f0a1c_5d41402abc4b',
        ),
        header(
          'webhook-timestamp',
          'When this attempt was sent, in seconds since 1970 (UTC). Refuse posts far from your clock.',
          '1763720130',
        ),
        header(
          'webhook-signature',
          '`v1,` and the base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<body>` under the key of WEBHOOK_SECRET (the base64 after `whsec_`, decoded).',
          'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
        ),
      ],
      requestBody: {
        required: true,
        content: { 'application/json': { schema: LEAD_CREATED_EVENT_SCHEMA } },
      },
      responses: {
        '2XX': { description: 'Delivered. Nothing more is sent for this lead and endpoint.' },
        '410': { description: 'Gone: nothing more is sent for this lead to this endpoint.' },
        '429': {
          description:
            'Too many requests: retried, not before the Retry-After (seconds or HTTP date).',
          headers: { 'Retry-After': { schema: { type: 'string' } } },
        },
        default: {
          description:
            'Any other answer (3xx, 4xx, 5xx), no answer, or one slower than the timeout: retried on the schedule; a Retry-After is honoured.',
        },
      },
    },
  },
} as const;

/** The `webhooks` member of `/readyz`, present when WEBHOOK_URL is set. */
export const WEBHOOK_BACKLOG_SCHEMA = {
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
