import {
  partnerLeadSchema,
  PARTNER_MOBILE_RULE,
  PARTNER_NAME_PATTERN,
  PARTNER_REPLIES,
} from '@iconia/shared';
import {
  refusalMessages,
  requestSchema,
  textResponse,
  type JsonObject,
} from '../http/openapi-parts.ts';
import { STANDARD_WEBHOOKS } from '../http/openapi-security.ts';
import { methodNotAllowed } from '../http/replies.ts';
import { INTAKE_BODY_LIMIT_BYTES, INTAKE_REPLIES } from './intake-http.ts';

const header = (name: string, description: string, schema: JsonObject): JsonObject => ({
  name,
  in: 'header',
  required: true,
  description,
  schema,
});

/** `POST /intake/partners/{name}`: a partner's or portal's signed push (docs/lead-sources.md). */
export function partnerPaths(): JsonObject {
  return {
    '/intake/partners/{name}': {
      post: {
        summary: "A partner's or portal's lead, signed with Standard Webhooks",
        security: STANDARD_WEBHOOKS,
        description: `Checked in this order: the source (404 unknown, 403 disabled), the signature (401), then the content type (415 unless \`application/json\`, with no charset or \`charset=utf-8\`), then the body (400 naming the field: \`mobile\` and every other field is text, never a JSON number). Stored durably before \`success\`, then emailed to the sales inbox and posted to the CRM through the outbox. \`webhook-id\` is the idempotency key, per source: a repeat answers \`success\` and stores nothing more. Each source has its own ceiling of requests per minute (INTAKE_PER_SOURCE_PER_MINUTE), apart from the site's per-address limit. Body at most ${INTAKE_BODY_LIMIT_BYTES} bytes.`,
        parameters: [
          {
            name: 'name',
            in: 'path',
            required: true,
            description: 'The source, as added with `pnpm leads sources add` or on the desk.',
            schema: { type: 'string', pattern: PARTNER_NAME_PATTERN.source },
          },
          header(
            'webhook-id',
            'Unique per lead and the same on every retry of it; the idempotency key.',
            { type: 'string', minLength: 1, maxLength: 200 },
          ),
          header(
            'webhook-timestamp',
            'Unix seconds when signed; refused when more than 5 minutes from the server clock.',
            { type: 'string', pattern: '^[0-9]+$' },
          ),
          header(
            'webhook-signature',
            "`v1,` and the base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<body>` under the key of the source's secret (the base64 after `whsec_`, decoded); several may be given, space-separated.",
            { type: 'string', pattern: '^v1,' },
          ),
        ],
        requestBody: {
          required: true,
          content: { 'application/json': { schema: requestSchema(partnerLeadSchema) } },
        },
        responses: {
          '200': textResponse('Stored, or already stored under this webhook-id.', [
            INTAKE_REPLIES.success,
          ]),
          '400': textResponse('The body is not a JSON lead; the reply names the field.', [
            INTAKE_REPLIES.notJson,
            INTAKE_REPLIES.unreadable,
            PARTNER_REPLIES.longId,
            ...refusalMessages(partnerLeadSchema),
            PARTNER_MOBILE_RULE,
          ]),
          '401': textResponse('Unsigned, stale or wrongly signed; nothing is stored.', [
            PARTNER_REPLIES.unsigned,
            PARTNER_REPLIES.stale,
            PARTNER_REPLIES.badSignature,
          ]),
          '403': textResponse('The source is disabled.', [PARTNER_REPLIES.disabled]),
          '404': textResponse('There is no source of this name.', [PARTNER_REPLIES.unknown]),
          '405': {
            ...textResponse('Only POST is answered.', [methodNotAllowed(['POST'])]),
            headers: { Allow: { schema: { type: 'string', const: 'POST' } } },
          },
          '413': textResponse(`Over ${INTAKE_BODY_LIMIT_BYTES} bytes.`, [INTAKE_REPLIES.tooLarge]),
          '415': textResponse(
            'A signed request whose content-type is not application/json (a charset, if any, must be utf-8); nothing is stored.',
            [INTAKE_REPLIES.notJsonType],
          ),
          '429': {
            ...textResponse("Over the source's ceiling; retry after Retry-After seconds.", [
              INTAKE_REPLIES.tooMany,
            ]),
            headers: {
              'Retry-After': { schema: { type: 'integer', minimum: 0 } },
            },
          },
          '500': textResponse('The lead could not be stored; try again with the same webhook-id.', [
            'error',
          ]),
        },
      },
    },
  };
}
