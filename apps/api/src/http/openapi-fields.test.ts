/**
 * The request side of the OpenAPI document, checked against the running API: every encoding it
 * lists, every field and limit it states, every plain-text 400 reply it promises. The cases are
 * read from the document, so a field or message added to it without a test fails here.
 */
import { MESSAGES, notTextMessage } from '@iconia/shared';
import request, { type Test } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTempDir } from '@iconia/testkit';
import { startTestServer, type TestServer } from '@iconia/api/test-server';
import { BODY_LIMIT_BYTES, FIELD_LIMIT } from './body-parsers.ts';
import { REPLIES } from './replies.ts';

interface PropertySchema {
  type?: string;
  enum?: string[];
  minLength?: number;
  maxLength?: number;
  examples?: string[];
}
interface FormSchema {
  required: string[];
  properties: Record<string, PropertySchema>;
  maxProperties: number;
}
interface Operation {
  description: string;
  requestBody: { content: Record<string, { schema: { $ref: string } }> };
  responses: Record<
    string,
    { content?: Record<string, { schema: { enum?: string[] } }> } | undefined
  >;
}
interface Document {
  paths: Record<string, { post?: Operation }>;
  components: { schemas: Record<string, FormSchema> };
}

type Encoding = 'application/x-www-form-urlencoded' | 'multipart/form-data' | 'application/json';
type Fields = Record<string, string>;

const ENCODINGS: Encoding[] = [
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'application/json',
];

let counter = 0;
/** A new mobile each time, so duplicate suppression never hides a lead from the check. */
function freshMobile(): string {
  counter += 1;
  return `97${String(counter).padStart(8, '0')}`;
}

function send(test: Test, encoding: Encoding, fields: Fields): Test {
  if (encoding === 'application/json') return test.send(fields);
  if (encoding === 'application/x-www-form-urlencoded') return test.type('form').send(fields);
  for (const [name, value] of Object.entries(fields)) void test.field(name, value);
  return test;
}

/** How to make the API give each documented 400 reply, and in which encodings it can arise. */
const REFUSALS: Record<
  string,
  { fields?: (mobile: string) => Fields; raw?: (path: string, app: TestServer['app']) => Test }
> = {
  [MESSAGES.nameRequired]: { fields: (mobile) => ({ name: '  ', mobile }) },
  [MESSAGES.nameTooLong]: { fields: (mobile) => ({ name: 'n'.repeat(101), mobile }) },
  [MESSAGES.nameInvalid]: { fields: (mobile) => ({ name: 'Ravi\nBcc: x@example.com', mobile }) },
  [MESSAGES.namePlainText]: {
    fields: (mobile) => ({ name: '=?utf-8?b?UmF2aQ0KQmNjOiB4QHkuego=?=', mobile }),
  },
  [MESSAGES.invalidMobile]: { fields: () => ({ name: 'Ravi', mobile: '5555555555' }) },
  [MESSAGES.plotRangeInvalid]: {
    fields: (mobile) => ({ name: 'Ravi', mobile, plotRange: '500 - 600 Sq. Yds' }),
  },
  [MESSAGES.locationTooLong]: {
    fields: (mobile) => ({ name: 'Ravi', mobile, location: 'l'.repeat(201) }),
  },
  [MESSAGES.locationInvalid]: {
    fields: (mobile) => ({ name: 'Ravi', mobile, location: 'Kukatpally\u0007' }),
  },
  [REPLIES.fileNotAccepted]: {
    raw: (path, app) =>
      request(app)
        .post(path)
        .field('name', 'Ravi')
        .field('mobile', freshMobile())
        .attach('brochure', Buffer.from('%PDF-1.7'), 'brochure.pdf'),
  },
  ...Object.fromEntries(
    ['name', 'plotRange', 'location'].map((field) => [
      notTextMessage(field),
      {
        raw: (path: string, app: TestServer['app']) =>
          request(app)
            .post(path)
            .send({ name: 'Ravi', mobile: freshMobile(), [field]: 123 }),
      },
    ]),
  ),
  [REPLIES.unreadable]: {
    raw: (path, app) =>
      request(app).post(path).set('Content-Type', 'application/json').send('{"name": "Ravi",'),
  },
};

describe('the OpenAPI document, request side, against the running API', () => {
  let temp: ReturnType<typeof createTempDir>;
  let t: TestServer;
  let document: Document;

  beforeAll(async () => {
    temp = createTempDir();
    t = await startTestServer({ dataDir: temp.dir });
    document = (await request(t.url).get('/openapi.json')).body as Document;
  });
  afterAll(async () => {
    await t.close();
    temp.remove();
  });

  // The site's form endpoints; the intake endpoints take a platform's JSON, checked by their own
  // channel's tests and by the document's reply scenarios.
  const leadOperations = () =>
    Object.entries(document.paths)
      .filter(([path, methods]) => methods.post?.requestBody && !path.startsWith('/intake/'))
      .map(([path, methods]) => {
        const operation = methods.post!;
        const ref = Object.values(operation.requestBody.content)[0]!.schema.$ref;
        const schema = document.components.schemas[ref.replace('#/components/schemas/', '')]!;
        return { path, operation, schema };
      });

  /** The longest value the document allows for a property, or its first allowed value. */
  const validValue = (name: string, property: PropertySchema): string => {
    if (property.enum) return property.enum.find((value) => value !== '') ?? '';
    if (name === 'mobile') {
      // Written as the documented example writes it (+91 and spaces), with fresh digits.
      const digits = freshMobile();
      expect(property.examples).toContain('+91 98765 43210');
      return `+91 ${digits.slice(0, 5)} ${digits.slice(5)}`;
    }
    if (name === 'website') return '';
    if (property.maxLength !== undefined) return name.charAt(0).repeat(property.maxLength);
    return 'yes';
  };

  it('when the document is read, then both lead endpoints take all three encodings', () => {
    const operations = leadOperations();
    expect(operations.map((operation) => operation.path).sort()).toEqual([
      '/contact-form',
      '/send-email',
    ]);
    for (const { operation } of operations) {
      expect(Object.keys(operation.requestBody.content).sort()).toEqual([...ENCODINGS].sort());
    }
  });

  it('when every documented field is sent at its longest in each encoding, then the lead is stored with each of them', async () => {
    for (const { path, schema } of leadOperations()) {
      for (const encoding of ENCODINGS) {
        const fields = Object.fromEntries(
          Object.entries(schema.properties).map(([name, property]) => [
            name,
            validValue(name, property),
          ]),
        );
        const reply = await send(request(t.url).post(path), encoding, fields);

        expect(reply.status, `${path} ${encoding}`).toBe(200);
        expect(reply.text).toBe(REPLIES.success);
        const stored = t.store.listLeads().at(-1)!;
        const expected: Record<string, string | undefined> = {
          name: stored.name,
          mobile: stored.mobile,
          plotRange: stored.plotRange,
          location: stored.location,
          ...stored.attribution,
        };
        for (const [name, value] of Object.entries(fields)) {
          if (name === 'agree' || name === 'website') continue;
          const want = name === 'mobile' ? `+91${value.replace(/\D/g, '').slice(-10)}` : value;
          expect(expected[name], `${path} ${encoding} ${name}`).toBe(want);
        }
        expect(stored.status).toBe('pending');
      }
    }
  });

  it('when a field is one character over its documented maximum, then a lead field is refused and an attribution field dropped', async () => {
    for (const { path, schema, operation } of leadOperations()) {
      const refusals = operation.responses['400']?.content?.['text/plain']?.schema.enum ?? [];
      for (const [name, property] of Object.entries(schema.properties)) {
        if (property.maxLength === undefined) continue;
        for (const encoding of ENCODINGS) {
          const fields = {
            name: 'Ravi',
            mobile: freshMobile(),
            [name]: name.charAt(0).repeat(property.maxLength + 1),
          };
          const reply = await send(request(t.url).post(path), encoding, fields);
          const where = `${path} ${encoding} ${name}`;
          if (name === 'name' || name === 'location') {
            expect(reply.status, where).toBe(400);
            expect(refusals, where).toContain(reply.text);
            expect(reply.text, where).toBe(
              name === 'name' ? MESSAGES.nameTooLong : MESSAGES.locationTooLong,
            );
          } else {
            expect(reply.status, where).toBe(200);
            const stored = t.store.listLeads().at(-1)!;
            expect(stored.mobile, where).toBe(`+91${fields.mobile}`);
            expect(stored.attribution, where).not.toHaveProperty(name);
          }
        }
      }
    }
  });

  it('when a documented choice is sent, then each allowed value is taken and another refused or dropped', async () => {
    for (const { path, schema } of leadOperations()) {
      for (const [name, property] of Object.entries(schema.properties)) {
        if (!property.enum) continue;
        for (const value of property.enum) {
          const reply = await request(t.url)
            .post(path)
            .send({ name: 'Ravi', mobile: freshMobile(), [name]: value });
          expect(reply.status, `${path} ${name}=${value}`).toBe(200);
        }
        const other = await request(t.url)
          .post(path)
          .send({ name: 'Ravi', mobile: freshMobile(), [name]: 'something-else' });
        if (name === 'plotRange') expect(other.text).toBe(MESSAGES.plotRangeInvalid);
        else expect(other.status, `${path} ${name}`).toBe(200);
      }
    }
  });

  it('when the body holds the documented maximum of fields, then it is taken, and one more is refused with 413', async () => {
    for (const { path, schema } of leadOperations()) {
      expect(schema.maxProperties).toBe(FIELD_LIMIT);
      for (const encoding of ENCODINGS) {
        const fields = (count: number): Fields => {
          const body: Fields = { name: 'Ravi', mobile: freshMobile() };
          for (let index = 2; index < count; index += 1) body[`extra${index}`] = 'x';
          return body;
        };
        const atLimit = await send(request(t.url).post(path), encoding, fields(FIELD_LIMIT));
        const over = await send(request(t.url).post(path), encoding, fields(FIELD_LIMIT + 1));

        expect(atLimit.status, `${path} ${encoding} at the limit`).toBe(200);
        expect(over.status, `${path} ${encoding} over the limit`).toBe(413);
        expect(over.text).toBe(REPLIES.tooLarge);
      }
    }
  });

  it('when the body is over the documented byte limit, then it is refused with 413 in every encoding', async () => {
    for (const { path, operation } of leadOperations()) {
      expect(operation.description).toContain(`${BODY_LIMIT_BYTES} bytes`);
      for (const encoding of ENCODINGS) {
        const fields = { name: 'Ravi', mobile: freshMobile(), page: 'p'.repeat(BODY_LIMIT_BYTES) };
        const reply = await send(request(t.url).post(path), encoding, fields);
        expect(reply.status, `${path} ${encoding}`).toBe(413);
        expect(reply.text).toBe(REPLIES.tooLarge);
      }
    }
  });

  it('when each documented 400 reply is provoked, then the API answers exactly that text, in every encoding it can arise in', async () => {
    for (const { path, operation } of leadOperations()) {
      const documented = operation.responses['400']?.content?.['text/plain']?.schema.enum ?? [];
      expect(documented.length).toBeGreaterThan(0);
      for (const message of documented) {
        const refusal = REFUSALS[message];
        expect(refusal, `no way to provoke "${message}"`).toBeDefined();
        const replies = refusal!.fields
          ? await Promise.all(
              ENCODINGS.map((encoding) =>
                send(request(t.url).post(path), encoding, refusal!.fields!(freshMobile())),
              ),
            )
          : [await refusal!.raw!(path, t.app)];
        for (const reply of replies) {
          expect(reply.status, `${path} "${message}"`).toBe(400);
          expect(reply.headers['content-type']).toBe('text/plain; charset=utf-8');
          expect(reply.text).toBe(message);
        }
      }
    }
  });
});
