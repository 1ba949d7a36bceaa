import {
  META_BODY_LIMIT_BYTES,
  META_INTAKE_PATH,
  META_REPLIES,
  metaLeadgenValueSchema,
  metaWebhookSchema,
} from '@iconia/shared';
import { requestSchema, textResponse, type JsonObject } from './openapi-parts.ts';
import { methodNotAllowed, REPLIES } from './replies.ts';

/** How Meta authenticates its handshake and its events. */
export function metaSecuritySchemes(): JsonObject {
  return {
    metaVerifyToken: {
      type: 'apiKey',
      in: 'query',
      name: 'hub.verify_token',
      description:
        'The subscription handshake: META_VERIFY_TOKEN, as set in the app’s webhook settings, compared in constant time.',
    },
    metaSignature: {
      type: 'apiKey',
      in: 'header',
      name: 'X-Hub-Signature-256',
      description:
        'Not a key sent as it is: `sha256=` and the hex HMAC-SHA256 of the raw request body under META_APP_SECRET, as Meta signs each webhook post; compared in constant time before the body is read.',
    },
  };
}

interface SchemaNode {
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
}

/**
 * The webhook's body with the value of each `leadgen` change described by MetaLeadgenValue, which
 * the server checks it against; the shared schema leaves a change's value open, because the
 * values of other fields are never read.
 */
function metaWebhookBody(): JsonObject {
  const body = requestSchema(metaWebhookSchema);
  const change = (body as SchemaNode).properties?.entry?.items?.properties?.changes?.items;
  if (!change) throw new Error('The Meta webhook schema has no entry[].changes[] to describe.');
  Object.assign(change, {
    if: { properties: { field: { const: 'leadgen' } }, required: ['field'] },
    then: { properties: { value: { $ref: '#/components/schemas/MetaLeadgenValue' } } },
  });
  return body;
}

/** The source's ceiling, as every intake endpoint answers it. */
const OVER_CEILING = {
  description:
    'Meta is over its ceiling (INTAKE_PER_SOURCE_PER_MINUTE, counted for GET and POST together); Meta sends it again later.',
  content: { 'text/plain': { schema: { type: 'string', minLength: 1 } } },
  headers: {
    'Retry-After': {
      description: 'Seconds until a request will be taken again.',
      schema: { type: 'integer', minimum: 0 },
    },
  },
};

const OFF =
  'The Meta channel is off: META_APP_SECRET, META_VERIFY_TOKEN and META_PAGE_ACCESS_TOKEN are unset.';
const NOT_ALLOWED = {
  ...textResponse('Only GET (the handshake) and POST (events) are answered.', [
    methodNotAllowed(['GET', 'POST']),
  ]),
  headers: { Allow: { schema: { type: 'string', const: 'GET, POST' } } },
};

/** `/intake/meta`: Meta lead ads' subscription handshake and its signed leadgen events. */
export function metaPaths(): JsonObject {
  return {
    [META_INTAKE_PATH]: {
      get: {
        summary: 'Meta webhook subscription handshake',
        security: [{ metaVerifyToken: [] }],
        description:
          'Meta calls this once when the webhook is subscribed. With `hub.mode=subscribe` and `hub.verify_token` equal to META_VERIFY_TOKEN (compared in constant time), the `hub.challenge` comes back as plain text.',
        parameters: [
          {
            name: 'hub.mode',
            in: 'query',
            required: true,
            schema: { type: 'string', const: 'subscribe' },
          },
          { name: 'hub.verify_token', in: 'query', required: true, schema: { type: 'string' } },
          { name: 'hub.challenge', in: 'query', required: true, schema: { type: 'string' } },
        ],
        responses: {
          '200': {
            description: 'The handshake passed: the body is `hub.challenge`, as given.',
            content: { 'text/plain': { schema: { type: 'string' } } },
          },
          '403': textResponse('Another verify token, or another mode.', [
            META_REPLIES.handshakeRefused,
          ]),
          '404': textResponse(OFF, [REPLIES.notFound]),
          '405': NOT_ALLOWED,
          '429': OVER_CEILING,
        },
      },
      post: {
        summary: 'A Meta lead ads event (Page webhook, `leadgen` field)',
        security: [{ metaSignature: [] }],
        description: `Checks \`X-Hub-Signature-256\` (\`sha256=\` and the hex HMAC-SHA256 of the raw body with META_APP_SECRET, constant time) before reading anything. Each \`leadgen\` change is stored (the event, keyed by its \`leadgen_id\`) and acknowledged; the lead is then read from the Graph API (\`GET {META_GRAPH_URL}/{leadgen_id}\` with the Page token and \`appsecret_proof\`) through the outbox, retried with backoff until Graph answers. A \`leadgen_id\` already stored is answered \`success\` and makes no second lead. Changes of other fields are acknowledged and ignored. Body at most ${META_BODY_LIMIT_BYTES} bytes.`,
        parameters: [
          {
            name: 'X-Hub-Signature-256',
            in: 'header',
            required: true,
            schema: { type: 'string', pattern: '^sha256=[0-9a-f]{64}$' },
          },
        ],
        requestBody: {
          required: true,
          content: {
            'application/json': { schema: { $ref: '#/components/schemas/MetaLeadgenWebhook' } },
          },
        },
        responses: {
          '200': textResponse('Every leadgen change is stored (or was already).', [
            REPLIES.success,
          ]),
          '400': {
            description:
              'Signed, but not JSON, or not the shape Meta documents; the reply names the field (`Invalid field: entry.0.changes.0.value.leadgen_id.`). Nothing is stored.',
            content: { 'text/plain': { schema: { type: 'string', minLength: 1 } } },
          },
          '401': textResponse('The signature is missing or wrong. Nothing is stored or read.', [
            META_REPLIES.badSignature,
          ]),
          '404': textResponse(OFF, [REPLIES.notFound]),
          '405': NOT_ALLOWED,
          '413': textResponse(`More than ${META_BODY_LIMIT_BYTES} bytes.`, [META_REPLIES.tooLarge]),
          '429': OVER_CEILING,
          '500': textResponse('The event could not be stored; Meta sends it again.', [
            REPLIES.error,
          ]),
        },
      },
    },
  };
}

export function metaSchemas(): JsonObject {
  return {
    MetaLeadgenWebhook: metaWebhookBody(),
    MetaLeadgenValue: requestSchema(metaLeadgenValueSchema),
  };
}
