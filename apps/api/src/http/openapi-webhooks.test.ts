import { WEBHOOK_EVENTS } from '@iconia/shared';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import { describe, expect, it } from 'vitest';
import { leadCreatedEvent, type LeadForWebhook } from '../webhooks/lead-created-event.ts';
import { leadErasedEvent } from '../webhooks/lead-erased-event.ts';
import { leadUpdatedEvent } from '../webhooks/lead-updated-event.ts';
import { createOpenApiDocument } from './openapi.ts';

type Webhook = {
  post: {
    parameters: { name: string }[];
    requestBody: { content: { 'application/json': { schema: object } } };
    responses: Record<string, unknown>;
  };
};
const webhooks = createOpenApiDocument().webhooks as Record<string, Webhook>;

/** Where an event breaks the JSON Schema the document publishes for its type. */
function violations(type: string, event: unknown): string[] {
  const ajv = new Ajv2020({ allErrors: true, strict: true, formats: fullFormats });
  const validate = ajv.compile(webhooks[type]!.post.requestBody.content['application/json'].schema);
  if (validate(event)) return [];
  return (validate.errors ?? []).map(
    (error) =>
      `${error.instancePath || '$'} ${error.message ?? ''} ${JSON.stringify(error.params)}`,
  );
}

const RECEIVED = Date.parse('2026-11-21T10:15:30Z');
const brochure: LeadForWebhook = {
  publicId: '3f0c8a5e-6b1d-4e2f-9a7c-2d4b6e8f0a1c',
  buyerId: 7,
  kind: 'brochure',
  origin: 'site',
  name: 'Asha Rao',
  mobile: '+919876543210',
  plotRange: '165 - 200 Sq. Yds',
  attribution: { source: 'inline-brochure', page: '/', utm_source: 'google', gclid: 'x' },
  receivedAt: RECEIVED,
  consentNotice: 'brochure-consent-v1',
};
const enquiry: LeadForWebhook = {
  publicId: 'a1',
  buyerId: 7,
  kind: 'contact',
  origin: 'site',
  name: 'Ravi',
  mobile: '+917400000001',
  location: 'Kokapet',
  attribution: {},
  receivedAt: RECEIVED,
};

describe('the OpenAPI description of the webhooks', () => {
  it('when the document is built, then it describes every event the server posts, each by its schema', () => {
    expect(Object.keys(webhooks).sort()).toEqual(Object.keys(WEBHOOK_EVENTS).sort());
    for (const [type, webhook] of Object.entries(webhooks)) {
      const schema = webhook.post.requestBody.content['application/json'].schema;
      expect(schema, type).toMatchObject({ properties: { type: { const: type } } });
    }
  });

  it.each([
    ['a brochure request from a campaign', brochure],
    ['a contact enquiry with nothing optional', enquiry],
    ['an enquiry from a mobile abroad', { ...enquiry, mobile: '+447911123456' }],
  ])(
    'when the lead.created event of %s is checked against the published schema, then it holds',
    (_title, lead) => {
      expect(violations('lead.created', leadCreatedEvent(lead))).toEqual([]);
    },
  );

  it('when the lead.erased event of two leads is checked against the published schema, then it holds', () => {
    const event = leadErasedEvent({ ids: [brochure.publicId, 'a1'], erasedAt: RECEIVED });

    expect(violations('lead.erased', event)).toEqual([]);
  });

  it('when the lead.updated event of a buyer is checked against the published schema, then it holds', () => {
    const event = leadUpdatedEvent({
      ids: [brochure.publicId, 'a1'],
      buyerId: 7,
      stage: 'visit_scheduled',
      owner: { id: 3, name: 'Arjun' },
      changed: ['stage', 'owner'],
      at: RECEIVED,
    });

    expect(violations('lead.updated', event)).toEqual([]);
    expect(
      violations('lead.updated', { ...event, data: { ...event?.data, stage: 'hot' } }),
    ).not.toEqual([]);
  });

  it('when an event gains a field the schema does not describe, then the published schema refuses it', () => {
    const event = leadCreatedEvent(enquiry);
    const grown = { ...event, data: { ...event.data, whatsapp: '9876543210' } };

    expect(violations('lead.created', grown)).toEqual([
      '/data must NOT have additional properties {"additionalProperty":"whatsapp"}',
    ]);
  });

  it('when an event carries a mobile that is neither ten digits nor E.164, then the published schema refuses it', () => {
    const event = leadCreatedEvent(enquiry);
    const wrong = { ...event, data: { ...event.data, mobile: '98765' } };

    expect(violations('lead.created', wrong)).toContainEqual(
      expect.stringMatching(/^\/data\/mobile must match pattern/),
    );
  });

  it('when an ad platform sent no usable number, then the event carries null mobiles and the problem, and the published schema takes it', () => {
    const event = leadCreatedEvent({
      ...enquiry,
      mobile: '',
      problems: ['Number not valid: +11234567890'],
    });

    expect(event.data).toMatchObject({
      mobile: null,
      mobileE164: null,
      problems: ['Number not valid: +11234567890'],
    });
    expect(violations('lead.created', event)).toEqual([]);
  });

  it('when a receiver reads a webhook, then it is told the three signature headers and how its answer is read', () => {
    for (const { post } of Object.values(webhooks)) {
      expect(post.parameters.map((parameter) => parameter.name)).toEqual([
        'webhook-id',
        'webhook-timestamp',
        'webhook-signature',
      ]);
      expect(Object.keys(post.responses).sort()).toEqual(['2XX', '410', '429', 'default']);
    }
  });
});
