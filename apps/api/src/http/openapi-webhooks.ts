import { WEBHOOK_EVENTS, WEBHOOK_TIMEOUT_MS } from '@iconia/shared';
import type { GenericSchema } from 'valibot';
import { eventSchema, type JsonObject } from './openapi-parts.ts';
import { STANDARD_WEBHOOKS } from './openapi-security.ts';

const DELIVERY = `Signed as the Standard Webhooks specification says (https://www.standardwebhooks.com). Retried for at least 24 hours with growing waits; each retry carries the same webhook-id and body. Redirects are not followed; a reply slower than ${WEBHOOK_TIMEOUT_MS / 1000} s counts as failed. See docs/webhooks.md.`;

const header = (name: string, description: string, example: string): JsonObject => ({
  name,
  in: 'header',
  required: true,
  description,
  schema: { type: 'string' },
  example,
});

const SIGNATURE_HEADERS = [
  header(
    'webhook-id',
    'Stable per event and endpoint across every retry: drop a post whose id you already have.',
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
];

const RESPONSES: JsonObject = {
  '2XX': { description: 'Delivered. Nothing more is sent for this event and endpoint.' },
  '410': { description: 'Gone: nothing more is sent for this event to this endpoint.' },
  '429': {
    description: 'Too many requests: retried, not before the Retry-After (seconds or HTTP date).',
    headers: { 'Retry-After': { schema: { type: 'string' } } },
  },
  default: {
    description:
      'Any other answer (3xx, 4xx, 5xx), no answer, or one slower than the timeout: retried on the schedule; a Retry-After is honoured.',
  },
};

function webhookOperation(summary: string, description: string, schema: GenericSchema) {
  return {
    post: {
      summary,
      description: `${description} ${DELIVERY}`,
      security: STANDARD_WEBHOOKS,
      parameters: SIGNATURE_HEADERS,
      requestBody: {
        required: true,
        content: { 'application/json': { schema: eventSchema(schema) } },
      },
      responses: RESPONSES,
    },
  };
}

/**
 * The `webhooks` member of the OpenAPI 3.1 document: what each endpoint in WEBHOOK_URL receives,
 * one operation per event, and how its answer is read.
 */
export function webhookOperations(): JsonObject {
  return Object.fromEntries(
    Object.entries(WEBHOOK_EVENTS).map(([type, { summary, description, schema }]) => [
      type,
      webhookOperation(summary, description, schema),
    ]),
  );
}
