import { META_REPLIES } from '@iconia/shared';
import { requestSchema, textResponse, type JsonObject } from '../http/openapi-parts.ts';
import { methodNotAllowed, REPLIES } from '../http/replies.ts';
import { WhatsappWebhookSchema, WHATSAPP_INTAKE_PATH } from '../whatsapp/index.ts';
import { INTAKE_BODY_LIMIT_BYTES, INTAKE_REPLIES } from './intake-http.ts';

const OFF =
  'WhatsApp is off: WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_ACCESS_TOKEN, WHATSAPP_APP_SECRET and WHATSAPP_VERIFY_TOKEN are unset.';

const OVER_CEILING = {
  description:
    'WhatsApp is over its ceiling (INTAKE_PER_SOURCE_PER_MINUTE, counted for GET and POST together); Meta sends it again later.',
  content: { 'text/plain': { schema: { type: 'string', minLength: 1 } } },
  headers: {
    'Retry-After': {
      description: 'Seconds until a request will be taken again.',
      schema: { type: 'integer', minimum: 0 },
    },
  },
};

const NOT_ALLOWED = {
  ...textResponse('Only GET (the handshake) and POST (events) are answered.', [
    methodNotAllowed(['GET', 'POST']),
  ]),
  headers: { Allow: { schema: { type: 'string', const: 'GET, POST' } } },
};

/**
 * `/intake/whatsapp`: the WhatsApp Business Account webhook's subscription handshake and its
 * signed posts of messages and statuses (docs/whatsapp.md). Signed as Meta signs every webhook,
 * with WhatsApp's own app secret and verify token.
 */
export function whatsappPaths(): JsonObject {
  return {
    [WHATSAPP_INTAKE_PATH]: {
      get: {
        summary: 'WhatsApp webhook subscription handshake',
        security: [{ metaVerifyToken: [] }],
        description:
          'Meta calls this once when the WhatsApp webhook is subscribed. With `hub.mode=subscribe` and `hub.verify_token` equal to WHATSAPP_VERIFY_TOKEN (compared in constant time), the `hub.challenge` comes back as plain text.',
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
        summary: 'A WhatsApp Business Account event (messages and statuses)',
        security: [{ metaSignature: [] }],
        description: `Checks \`X-Hub-Signature-256\` (\`sha256=\` and the hex HMAC-SHA256 of the raw body with WHATSAPP_APP_SECRET, constant time) before reading anything. Only changes for WHATSAPP_PHONE_NUMBER_ID are applied. Each message is stored once by its \`wamid\` (a post delivered again adds nothing); a message from a number no buyer has becomes an enquiry of origin \`whatsapp\`, routed as any lead; STOP opts the buyer out. Each status moves the message we sent on (sent, delivered, read, failed with its reason). Nothing inside a signed post is refused: each change, message and status is read on its own. A message not as Meta documents it is kept as far as it reads (its problems in words on the buyer's timeline); one with no usable sender or id becomes an enquiry with no number, its JSON kept, for a manager to look at; a status not as documented is skipped. A change with no \`metadata\` is taken as ours. Everything is on disk before the 200. Body at most ${INTAKE_BODY_LIMIT_BYTES} bytes.`,
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
          content: { 'application/json': { schema: requestSchema(WhatsappWebhookSchema) } },
        },
        responses: {
          '200': textResponse(
            'Every message and status is stored (or was already), whatever was wrong with it.',
            [INTAKE_REPLIES.success],
          ),
          '400': {
            description:
              'Signed, but not JSON, or not a WhatsApp Business Account webhook at all (no `object: whatsapp_business_account` with an `entry` list); the reply names the field. Nothing is stored.',
            content: { 'text/plain': { schema: { type: 'string', minLength: 1 } } },
          },
          '401': textResponse('The signature is missing or wrong. Nothing is stored.', [
            META_REPLIES.badSignature,
          ]),
          '404': textResponse(OFF, [REPLIES.notFound]),
          '405': NOT_ALLOWED,
          '413': textResponse(`More than ${INTAKE_BODY_LIMIT_BYTES} bytes.`, [
            INTAKE_REPLIES.tooLarge,
          ]),
          '429': OVER_CEILING,
          '500': textResponse('The event could not be stored; Meta sends it again.', [
            REPLIES.error,
          ]),
        },
      },
    },
  };
}
