import {
  brochureLeadFieldsSchema,
  brochureLeadFormSchema,
  contactEnquiryFieldsSchema,
  contactEnquiryFormSchema,
  LEAD_ENDPOINTS,
  notTextRefusals,
} from '@iconia/shared';
import type { GenericSchema, ObjectEntries, ObjectSchema } from 'valibot';
import { BODY_LIMIT_BYTES, FIELD_LIMIT } from './body-parsers.ts';
import {
  allowHeader,
  refusalMessages,
  requestSchema,
  textContent,
  textResponse,
  type Json,
  type JsonObject,
} from './openapi-parts.ts';
import { ANYONE } from './openapi-security.ts';
import { methodNotAllowed, REPLIES } from './replies.ts';

/** Where a browser's own form post lands after a stored lead. */
const THANK_YOU_PATH = '/thank-you';

const FORM_POST =
  "A browser's own form post (`Sec-Fetch-Mode: navigate`, or an `Accept` that prefers `text/html` to `text/plain`)";

/** The page a browser's own form post gets instead of plain text, with the same status. */
const problemPage: JsonObject = {
  'text/html': {
    schema: {
      type: 'string',
      description: `${FORM_POST} gets a small page in the site's style that names the problem in the words of the plain-text reply and links back to the page the form was on. Server errors read "Submission failed. Try again later."`,
    },
  },
};

/** A refusal: plain text for scripts, a page for a browser's own form post. */
function refusal(description: string, values?: readonly string[]): JsonObject {
  const text = values
    ? textContent(values)
    : { 'text/plain': { schema: { type: 'string', minLength: 1 } } };
  return { description, content: { ...text, ...problemPage } };
}

function leadOperation(
  summary: string,
  fields: ObjectSchema<ObjectEntries, undefined>,
  schemaName: string,
): JsonObject {
  const body = { $ref: `#/components/schemas/${schemaName}` };
  return {
    summary,
    security: ANYONE,
    description: `Stores the lead durably, then answers; the sales email is sent afterwards by the delivery worker. Body at most ${BODY_LIMIT_BYTES} bytes and ${FIELD_LIMIT} fields in every encoding. Leads over the per-address rate limit are still stored, held for the sales team to release rather than emailed, and answered as any other lead; only past a per-address or a global hourly cap on held leads, or past the per-address ceiling on refused posts, is the answer 429. Scripts (\`fetch\`, curl) get plain text; ${FORM_POST} gets 303 to ${THANK_YOU_PATH} on success and an HTML page on any error.`,
    requestBody: {
      required: false,
      description:
        'The same fields in every encoding; multipart carries fields only (a file part is refused with 400).',
      content: {
        'application/x-www-form-urlencoded': { schema: body },
        'multipart/form-data': { schema: body },
        'application/json': { schema: body },
      },
    },
    responses: {
      '200': textResponse(
        'The lead is stored (held when over the rate limit, or silently dropped as spam).',
        [REPLIES.success],
      ),
      '303': {
        description: `${FORM_POST}: the lead is stored as with \`success\`, and the browser is sent to the thank-you page.`,
        headers: {
          Location: { schema: { type: 'string', const: THANK_YOU_PATH } },
          'Cache-Control': { schema: { type: 'string', const: 'no-store' } },
        },
      },
      '400': refusal(
        'A field is invalid (the reply names it in words a visitor understands), a file was attached, or the body could not be read.',
        [
          ...refusalMessages(fields),
          ...notTextRefusals(fields),
          REPLIES.fileNotAccepted,
          REPLIES.unreadable,
        ],
      ),
      '403': refusal(
        'The post comes from another site: its `Origin` is neither this host nor in CORS_ORIGINS. Nothing is stored.',
      ),
      '405': {
        ...textResponse('Only POST (and CORS preflight OPTIONS) are answered.', [
          methodNotAllowed(['POST']),
        ]),
        headers: allowHeader(['POST']),
      },
      '408': refusal('The body did not arrive within REQUEST_TIMEOUT_MS.', [REPLIES.timeout]),
      '413': refusal(`More than ${BODY_LIMIT_BYTES} bytes or ${FIELD_LIMIT} fields.`, [
        REPLIES.tooLarge,
      ]),
      '415': refusal('A body that is not form-URL-encoded, multipart or JSON.', [
        REPLIES.unsupportedType,
      ]),
      '429': {
        ...refusal(
          'Too many leads from this address: past the hourly cap on held leads for the address, or for everyone; or too many refused posts from this address.',
          [REPLIES.tooManyRequests],
        ),
        headers: {
          'Retry-After': {
            description: 'Seconds until a lead will be taken again.',
            schema: { type: 'integer', minimum: 0 },
          },
        },
      },
      '500': refusal('The lead could not be stored; try again.', [REPLIES.error]),
    },
  };
}

/** CORS preflight, for a copy of the site on another origin (CORS_ORIGINS). */
const preflightOperation: JsonObject = {
  summary: 'CORS preflight',
  security: ANYONE,
  description:
    'Browsers ask before posting from another origin. Only origins listed in CORS_ORIGINS are allowed; the site on this origin never needs it.',
  parameters: [
    { name: 'Origin', in: 'header', required: true, schema: { type: 'string' } },
    {
      name: 'Access-Control-Request-Method',
      in: 'header',
      required: true,
      schema: { type: 'string', const: 'POST' },
    },
  ],
  responses: {
    '204': {
      description: 'The origin is in CORS_ORIGINS: it may post.',
      headers: {
        'Access-Control-Allow-Origin': {
          description: 'The requesting origin, echoed.',
          schema: { type: 'string' },
        },
        'Access-Control-Allow-Methods': { schema: { type: 'string', const: 'POST' } },
        'Access-Control-Max-Age': { schema: { type: 'integer', const: 600 } },
      },
    },
    '405': {
      ...textResponse('Any other origin, or none: answered as a method that is not allowed.', [
        methodNotAllowed(['POST']),
      ]),
      headers: allowHeader(['POST']),
    },
  },
};

/** A request body as the forms post it, from the shared schema, with the body parsers' limits. */
function formBody(schema: GenericSchema): JsonObject {
  return {
    ...requestSchema(schema),
    maxProperties: FIELD_LIMIT,
    additionalProperties: { description: 'Unknown fields are ignored.' },
  };
}

/** The two lead endpoints. */
export function leadPaths(): Record<string, Json> {
  return {
    [LEAD_ENDPOINTS.brochure]: {
      post: leadOperation('Request the brochure', brochureLeadFieldsSchema, 'BrochureLead'),
      options: preflightOperation,
    },
    [LEAD_ENDPOINTS.contact]: {
      post: leadOperation('Send a contact enquiry', contactEnquiryFieldsSchema, 'ContactEnquiry'),
      options: preflightOperation,
    },
  };
}

/** The request bodies of the lead endpoints. */
export function leadSchemas(): Record<string, Json> {
  return {
    BrochureLead: formBody(brochureLeadFormSchema),
    ContactEnquiry: formBody(contactEnquiryFormSchema),
  };
}
