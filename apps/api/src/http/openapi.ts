import {
  ATTRIBUTION_MAX_LENGTH,
  CAMPAIGN_FIELDS,
  LEAD_ENDPOINTS,
  LEAD_SOURCES,
  LOCATION_MAX_LENGTH,
  MESSAGES,
  NAME_MAX_LENGTH,
  PLOT_RANGES,
} from '@iconia/shared';
import { Router } from 'express';
import { BODY_LIMIT_BYTES, FIELD_LIMIT } from './body-parsers.ts';
import { HONEYPOT_FIELD } from '../leads/lead-routes.ts';
import { WEBHOOK_BACKLOG_SCHEMA } from '../webhooks/openapi-webhooks.ts';
import { methodNotAllowed, REPLIES } from './replies.ts';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Schema = { [key: string]: Json };

const text = (description: string, values: readonly string[]): Json => ({
  description,
  content: { 'text/plain': { schema: { type: 'string', enum: [...values] } } },
});

const attributionProperties: Record<string, Schema> = {
  source: {
    type: 'string',
    enum: [...LEAD_SOURCES],
    description: 'Which form sent the lead. Unknown values are dropped, not refused.',
  },
  page: {
    type: 'string',
    maxLength: ATTRIBUTION_MAX_LENGTH,
    description: 'Path of the page the form was on.',
  },
  ...Object.fromEntries(
    CAMPAIGN_FIELDS.map((field) => [
      field,
      {
        type: 'string',
        maxLength: ATTRIBUTION_MAX_LENGTH,
        description:
          'Campaign parameter from the first landing; a longer or multi-line value is dropped.',
      },
    ]),
  ),
};

const commonLeadProperties: Record<string, Schema> = {
  name: {
    type: 'string',
    minLength: 1,
    maxLength: NAME_MAX_LENGTH,
    description: `Trimmed; 1 to ${NAME_MAX_LENGTH} characters, no control characters or line breaks.`,
  },
  mobile: {
    type: 'string',
    description:
      'An Indian mobile number. Spaces, dashes, dots, brackets and a leading +91, 0091, 91 or 0 are removed and Indic or full-width digits read; what remains must be exactly 10 digits. JSON may send a number.',
    examples: ['9876543210', '+91 98765 43210'],
  },
  agree: {
    type: 'string',
    description: 'Consent checkbox of the forms; accepted and ignored, never required.',
  },
  [HONEYPOT_FIELD]: {
    type: 'string',
    description:
      'Hidden from people. When filled the reply is still `success`, but the lead is kept as spam and not emailed.',
  },
  ...attributionProperties,
};

function leadForm(title: string, extra: Record<string, Schema>): Schema {
  return {
    title,
    type: 'object',
    required: ['name', 'mobile'],
    properties: { ...commonLeadProperties, ...extra },
    maxProperties: FIELD_LIMIT,
    additionalProperties: { description: 'Unknown fields are ignored.' },
  };
}

const brochureForm = leadForm('Brochure lead', {
  plotRange: {
    type: 'string',
    enum: [...PLOT_RANGES, ''],
    description: 'Optional; when given, one of the three ranges exactly.',
  },
});
const contactForm = leadForm('Contact enquiry', {
  location: {
    type: 'string',
    maxLength: LOCATION_MAX_LENGTH,
    description: `Optional; up to ${LOCATION_MAX_LENGTH} characters.`,
  },
});

function leadOperation(
  summary: string,
  schemaName: 'BrochureLead' | 'ContactEnquiry',
  fieldMessages: readonly string[],
): Json {
  const formRef = { $ref: `#/components/schemas/${schemaName}` };
  return {
    summary,
    description: `Stores the lead durably, then answers; the sales email is sent afterwards by the delivery worker. Body at most ${BODY_LIMIT_BYTES} bytes and ${FIELD_LIMIT} fields in every encoding. Rate-limited per client IP and per endpoint.`,
    requestBody: {
      required: false,
      content: {
        'application/x-www-form-urlencoded': { schema: formRef },
        'multipart/form-data': {
          schema: formRef,
          description: 'Fields only; a file part is refused with 400.',
        },
        'application/json': { schema: formRef },
      },
    },
    responses: {
      '200': text('The lead is stored (or silently dropped as spam).', [REPLIES.success]),
      '400': text(
        'A field is invalid (the reply names it in words a visitor understands), a file was attached, or the body could not be read.',
        [...fieldMessages, REPLIES.fileNotAccepted, REPLIES.unreadable],
      ),
      '405': {
        ...(text('Only POST (and CORS preflight OPTIONS) are answered.', [
          methodNotAllowed(['POST']),
        ]) as Schema),
        headers: { Allow: { schema: { type: 'string', const: 'POST, OPTIONS' } } },
      },
      '408': text('The body did not arrive within REQUEST_TIMEOUT_MS.', [REPLIES.timeout]),
      '413': text(`More than ${BODY_LIMIT_BYTES} bytes or ${FIELD_LIMIT} fields.`, [
        REPLIES.tooLarge,
      ]),
      '415': text('A body that is not form-URL-encoded, multipart or JSON.', [
        REPLIES.unsupportedType,
      ]),
      '429': {
        ...(text('Too many requests from this IP to this endpoint in the window.', [
          REPLIES.tooManyRequests,
        ]) as Schema),
        headers: {
          'Retry-After': {
            description: 'Seconds until the window resets.',
            schema: { type: 'integer', minimum: 0 },
          },
        },
      },
      '500': text('The lead could not be stored; try again.', [REPLIES.error]),
    },
  };
}

/** CORS preflight, for a copy of the site on another origin (CORS_ORIGINS). */
const preflightOperation: Json = {
  summary: 'CORS preflight',
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
      ...(text('Any other origin, or none: answered as a method that is not allowed.', [
        methodNotAllowed(['POST']),
      ]) as Schema),
      headers: { Allow: { schema: { type: 'string', const: 'POST, OPTIONS' } } },
    },
  },
};

const nameMessages = [MESSAGES.nameRequired, MESSAGES.nameTooLong, MESSAGES.nameInvalid];

/** OpenAPI 3.1 description of the public API, built from the same constants the code uses. */
export function createOpenApiDocument(): Schema {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Elegant Iconia lead API',
      version: '1.0.0',
      description:
        'Receives brochure requests and contact enquiries from the Elegant Iconia website and forwards them to the sales inbox. Every reply to the two lead endpoints is plain text.',
    },
    servers: [{ url: '/' }],
    paths: {
      [LEAD_ENDPOINTS.brochure]: {
        post: leadOperation('Request the brochure', 'BrochureLead', [
          ...nameMessages,
          MESSAGES.invalidMobile,
          MESSAGES.plotRangeInvalid,
        ]),
        options: preflightOperation,
      },
      [LEAD_ENDPOINTS.contact]: {
        post: leadOperation('Send a contact enquiry', 'ContactEnquiry', [
          ...nameMessages,
          MESSAGES.invalidMobile,
          MESSAGES.locationTooLong,
          MESSAGES.locationInvalid,
        ]),
        options: preflightOperation,
      },
      '/healthz': {
        get: {
          summary: 'The process is alive',
          responses: {
            '200': text('Alive.', ['ok']),
            '405': {
              ...(text('Only GET and HEAD.', [methodNotAllowed(['GET', 'HEAD'])]) as Schema),
              headers: { Allow: { schema: { type: 'string', const: 'GET, HEAD' } } },
            },
          },
        },
      },
      '/readyz': {
        get: {
          summary: 'Ready to take and deliver leads',
          responses: {
            '200': {
              description:
                'The database takes writes, the mail server answers and no lead waits too long.',
              content: {
                'application/json': { schema: { $ref: '#/components/schemas/Readiness' } },
              },
            },
            '503': {
              description: 'One of the checks failed; the body says which.',
              content: {
                'application/json': { schema: { $ref: '#/components/schemas/Readiness' } },
              },
            },
          },
        },
      },
    },
    components: {
      schemas: {
        BrochureLead: brochureForm,
        ContactEnquiry: contactForm,
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
      },
    },
  };
}

export function createOpenApiRouter(): Router {
  const document = createOpenApiDocument();
  const router = Router();
  router.get('/openapi.json', (_req, res) => {
    res.set('Cache-Control', 'no-cache').json(document);
  });
  return router;
}
