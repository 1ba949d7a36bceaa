import { describe, expect, it } from 'vitest';
import { leadCreatedEvent, type LeadForWebhook } from './lead-created-event.ts';
import { LEAD_CREATED_EVENT_SCHEMA, OPENAPI_WEBHOOKS } from './openapi-webhooks.ts';

type Schema = {
  type?: string | readonly string[];
  const?: unknown;
  enum?: readonly unknown[];
  pattern?: string;
  required?: readonly string[];
  properties?: Record<string, Schema>;
};

/** Where a value breaks the parts of JSON Schema the event's schema uses. */
function violations(schema: Schema, value: unknown, at = '$'): string[] {
  const kind = value === null ? 'null' : typeof value;
  const types = schema.type === undefined ? [kind] : [schema.type].flat();
  if (!types.includes(kind)) return [`${at}: ${kind} is not ${types.join('|')}`];
  const problems: string[] = [];
  if ('const' in schema && schema.const !== value)
    problems.push(`${at}: not ${String(schema.const)}`);
  if (schema.enum && !schema.enum.includes(value))
    problems.push(`${at}: ${String(value)} not allowed`);
  if (schema.pattern && typeof value === 'string' && !new RegExp(schema.pattern).test(value)) {
    problems.push(`${at}: ${value} does not match ${schema.pattern}`);
  }
  if (kind === 'object' && value !== null && schema.properties) {
    const object = value as Record<string, unknown>;
    for (const key of schema.required ?? [])
      if (!(key in object)) problems.push(`${at}.${key}: missing`);
    for (const [key, item] of Object.entries(object)) {
      const property = schema.properties[key];
      if (!property) problems.push(`${at}.${key}: not described`);
      else problems.push(...violations(property, item, `${at}.${key}`));
    }
  }
  return problems;
}

const RECEIVED = Date.parse('2026-11-21T10:15:30Z');
const brochure: LeadForWebhook = {
  publicId: '3f0c8a5e-6b1d-4e2f-9a7c-2d4b6e8f0a1c',
  kind: 'brochure',
  name: 'Asha Rao',
  mobile: '9876543210',
  plotRange: '165 - 200 Sq. Yds',
  attribution: { source: 'inline-brochure', page: '/', utm_source: 'google', gclid: 'x' },
  receivedAt: RECEIVED,
  consentNotice: 'brochure-consent-v1',
};
const enquiry: LeadForWebhook = {
  publicId: 'a1',
  kind: 'contact',
  name: 'Ravi',
  mobile: '7400000001',
  location: 'Kokapet',
  attribution: {},
  receivedAt: RECEIVED,
};

describe('the OpenAPI description of the lead.created webhook', () => {
  it.each([
    ['a brochure request from a campaign', brochure],
    ['a contact enquiry with nothing optional', enquiry],
  ])('when the event of %s is checked against the schema, then it holds', (_title, lead) => {
    expect(violations(LEAD_CREATED_EVENT_SCHEMA, leadCreatedEvent(lead))).toEqual([]);
  });

  it('when an event gains a field the schema does not describe, then the check says so', () => {
    const event = leadCreatedEvent(enquiry);
    const grown = { ...event, data: { ...event.data, email: 'x@example.com' } };

    expect(violations(LEAD_CREATED_EVENT_SCHEMA, grown)).toEqual(['$.data.email: not described']);
  });

  it('when a receiver reads the webhook, then it is told the three signature headers and the JSON body', () => {
    const { post } = OPENAPI_WEBHOOKS['lead.created'];

    expect(post.parameters.map((parameter) => (parameter as { name: string }).name)).toEqual([
      'webhook-id',
      'webhook-timestamp',
      'webhook-signature',
    ]);
    expect(post.requestBody.content['application/json'].schema).toBe(LEAD_CREATED_EVENT_SCHEMA);
    expect(Object.keys(post.responses).sort()).toEqual(['2XX', '410', '429', 'default']);
  });
});
