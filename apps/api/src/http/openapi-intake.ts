import { GOOGLE_ADS_PATH, GOOGLE_ADS_REPLIES, googleAdsLeadSchema } from '@iconia/shared';
import { INTAKE_BODY_LIMIT_BYTES, INTAKE_REPLIES } from './intake-replies.ts';
import {
  requestSchema,
  textContent,
  textResponse,
  type Json,
  type JsonObject,
} from './openapi-parts.ts';
import { methodNotAllowed, REPLIES } from './replies.ts';

/*
 * The intake endpoints: ad platforms and partners posting leads, each authenticated, each with
 * its own ceiling (INTAKE_PER_SOURCE_PER_MINUTE) and never under the site's per-address limit.
 * Their answers are plain text for the sender's developer (docs/lead-sources.md).
 */

function plainText(description: string, values?: readonly string[]): JsonObject {
  return {
    description,
    content: values ? textContent(values) : { 'text/plain': { schema: { type: 'string' } } },
  };
}

/** The answers every intake endpoint shares; a channel adds its own 400, 401, 403 and 404. */
export function intakeResponses(): Record<string, Json> {
  return {
    '200': textResponse(
      'The lead is stored, its email and CRM post queued; or it was stored already by an earlier delivery with the same id, and nothing more is stored or queued.',
      [INTAKE_REPLIES.success],
    ),
    '408': plainText('The body did not arrive within REQUEST_TIMEOUT_MS; nothing is stored.', [
      REPLIES.timeout,
    ]),
    '413': plainText(`A body over ${INTAKE_BODY_LIMIT_BYTES} bytes (64 kB); nothing is stored.`, [
      INTAKE_REPLIES.tooLarge,
    ]),
    '429': {
      ...plainText(
        "The source is over its ceiling (INTAKE_PER_SOURCE_PER_MINUTE); the site's per-address limit does not apply.",
        [INTAKE_REPLIES.tooMany],
      ),
      headers: {
        'Retry-After': {
          description: 'Seconds until the source may send again.',
          schema: { type: 'integer', minimum: 1 },
        },
      },
    },
    '500': plainText('The lead could not be stored; the sender should retry.', [REPLIES.error]),
  };
}

function googleAdsOperation(): JsonObject {
  return {
    summary: 'Google Ads lead form webhook',
    description:
      "Google's lead form webhook as Google documents it. The key set in the form's webhook settings arrives as `google_key` and must equal GOOGLE_ADS_WEBHOOK_KEY (compared in constant time); it is checked before anything else in the body. Once the key matches, the lead is stored and answered `success` whatever it holds: a missing or unusable phone (`PHONE_NUMBER`, else `WORK_PHONE`) or a missing name (`FULL_NAME`, or `FIRST_NAME` and `LAST_NAME`) is shown in the desk as a problem in words, a field of an unexpected type is read as absent, and text is normalised (control characters removed, white space folded, lengths capped). `lead_id` is the idempotency key (the body's SHA-256 without one): a redelivery is answered `success` and stores nothing. Ids (`form_id`, `campaign_id`, …) are kept as text exactly as sent, whatever their size. `EMAIL` (else `WORK_EMAIL`) is kept; every other column is kept as an answer under its `column_name`. Test leads (`is_test`, or the `dummy_value` of Google's \"Send test data\") are kept under Test and never delivered. Fields Google adds later are ignored.",
    // A security scheme reaches headers, the query and cookies, never a body field: the list is
    // left empty (OpenAPI lets it be incomplete; `[{}]` would say anyone may call) and the
    // request body says where the key is.
    security: [],
    requestBody: {
      required: true,
      description:
        'Authenticated by its `google_key` field, which must equal GOOGLE_ADS_WEBHOOK_KEY (compared in constant time, before anything else is read); a missing or wrong key is answered 401 and nothing is stored.',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/GoogleAdsLead' } } },
    },
    responses: {
      ...intakeResponses(),
      '400': plainText('The body is not JSON.', [
        INTAKE_REPLIES.notJson,
        INTAKE_REPLIES.unreadable,
      ]),
      '401': plainText('`google_key` is missing or wrong. Nothing is stored.', [
        GOOGLE_ADS_REPLIES.wrongKey,
      ]),
      '404': plainText('GOOGLE_ADS_WEBHOOK_KEY is unset: the channel is off.', [
        GOOGLE_ADS_REPLIES.off,
      ]),
      '405': {
        ...plainText('Only POST is answered.', [methodNotAllowed(['POST'])]),
        headers: { Allow: { schema: { type: 'string', const: 'POST' } } },
      },
    },
  };
}

/** The Google Ads endpoint's path. */
export function googleAdsPaths(): Record<string, Json> {
  return { [GOOGLE_ADS_PATH]: { post: googleAdsOperation() } };
}

/** The Google Ads endpoint's request body. */
export function googleAdsSchemas(): Record<string, Json> {
  return { GoogleAdsLead: requestSchema(googleAdsLeadSchema) };
}
