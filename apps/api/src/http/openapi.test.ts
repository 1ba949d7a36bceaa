import { MESSAGES } from '@iconia/shared';
import request, { type Response } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startSmtpInbox, type SmtpInbox } from '../../test/smtp-inbox.ts';
import { createTempDir, startTestServer, type TestServer } from '../../test/test-server.ts';

type Schema = Record<string, unknown>;

/** A copy of the site on another origin, allowed to post. */
const PARTNER_ORIGIN = 'https://partner.example';
type Document = {
  paths: Record<string, Record<string, { responses: Record<string, Schema> }>>;
  components: { schemas: Record<string, Schema> };
};

/** Checks a value against the small part of JSON Schema the document uses. */
function violations(document: Document, schema: Schema, value: unknown, at = '$'): string[] {
  if (typeof schema.$ref === 'string') {
    const name = schema.$ref.replace('#/components/schemas/', '');
    return violations(document, document.components.schemas[name] ?? {}, value, at);
  }
  const problems: string[] = [];
  const typeOf = (v: unknown) =>
    v === null ? 'null' : Number.isInteger(v) ? 'integer' : Array.isArray(v) ? 'array' : typeof v;
  if (schema.type !== undefined) {
    const types = ([] as unknown[]).concat(schema.type);
    const actual = typeOf(value);
    if (!types.includes(actual) && !(actual === 'integer' && types.includes('number'))) {
      problems.push(`${at}: ${actual} is not ${types.join('|')}`);
    }
  }
  if (Array.isArray(schema.enum) && !schema.enum.includes(value)) {
    problems.push(`${at}: ${JSON.stringify(value)} is not one of ${JSON.stringify(schema.enum)}`);
  }
  if ('const' in schema && schema.const !== value)
    problems.push(`${at}: not ${String(schema.const)}`);
  if (typeof schema.minimum === 'number' && typeof value === 'number' && value < schema.minimum) {
    problems.push(`${at}: below ${schema.minimum}`);
  }
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const object = value as Record<string, unknown>;
    for (const key of (schema.required as string[] | undefined) ?? []) {
      if (!(key in object)) problems.push(`${at}.${key}: missing`);
    }
    const properties = (schema.properties as Record<string, Schema> | undefined) ?? {};
    for (const [key, child] of Object.entries(object)) {
      const childSchema = properties[key];
      if (childSchema) problems.push(...violations(document, childSchema, child, `${at}.${key}`));
      else if (schema.additionalProperties === false) problems.push(`${at}.${key}: not allowed`);
    }
  }
  return problems;
}

describe('the OpenAPI document, checked against the running API', () => {
  let temp: ReturnType<typeof createTempDir>;
  let t: TestServer;
  let down: TestServer;
  let inbox: SmtpInbox;
  let document: Document;

  beforeAll(async () => {
    temp = createTempDir();
    inbox = await startSmtpInbox();
    // Trusting the loopback proxy lets each scenario pose as its own client address.
    t = await startTestServer({
      dataDir: `${temp.dir}/up`,
      env: {
        SMTP_URL: inbox.url,
        RATE_LIMIT_MAX: '3',
        HELD_PER_ADDRESS_PER_HOUR: '0',
        REQUEST_TIMEOUT_MS: '1000',
        TRUST_PROXY: 'loopback',
        CORS_ORIGINS: PARTNER_ORIGIN,
      },
    });
    down = await startTestServer({
      dataDir: `${temp.dir}/down`,
      env: { SMTP_URL: `smtp://127.0.0.1:${await freePort()}` },
    });
    document = (await request(t.url).get('/openapi.json')).body as Document;
  });
  afterAll(async () => {
    await t.close();
    await down.close();
    await inbox.close();
    temp.remove();
  });

  const lead = { name: 'Ravi', mobile: '9876543210' };
  const preflight = (path: string, origin?: string) => {
    const ask = request(t.url).options(path).set('Access-Control-Request-Method', 'POST');
    return origin ? ask.set('Origin', origin) : ask;
  };
  let ip = 0;
  /** Each scenario comes from its own address, so the rate limit only bites where meant to. */
  const post = (app: TestServer['app'], path: string) => {
    ip += 1;
    return request(app).post(path).set('X-Forwarded-For', `198.51.100.${ip}`);
  };

  const leadScenarios = (path: string): Record<string, () => Promise<Response>> => ({
    '200': () => post(t.app, path).type('form').send(lead),
    '400': () => post(t.app, path).field('name', 'Ravi').field('mobile', '12345'),
    '405': () => request(t.url).get(path),
    '408': () => {
      // A body that never finishes; the 1 s request timeout answers.
      const pending = post(t.app, path)
        .set('Content-Type', 'application/x-www-form-urlencoded')
        .set('Content-Length', '100');
      pending.write('name=Ravi');
      return pending;
    },
    '413': () => post(t.app, path).send({ ...lead, notes: 'x'.repeat(20_000) }),
    '415': () => post(t.app, path).set('Content-Type', 'text/csv').send('name,mobile'),
    '429': async () => {
      const address = '203.0.113.77';
      for (let index = 0; index < 3; index += 1) {
        await request(t.url).post(path).set('X-Forwarded-For', address).send(lead);
      }
      return request(t.url).post(path).set('X-Forwarded-For', address).send(lead);
    },
    '500': async () => {
      const broken = await startTestServer({ dataDir: `${temp.dir}/broken-${ip}` });
      broken.store.close();
      try {
        return await post(broken.app, path).send(lead);
      } finally {
        await broken.close();
      }
    },
  });

  const scenarios: Record<string, Record<string, () => Promise<Response>>> = {
    'post /send-email': leadScenarios('/send-email'),
    'post /contact-form': leadScenarios('/contact-form'),
    'options /send-email': {
      '204': () => preflight('/send-email', PARTNER_ORIGIN),
      '405': () => preflight('/send-email', 'https://elsewhere.example'),
    },
    'options /contact-form': {
      '204': () => preflight('/contact-form', PARTNER_ORIGIN),
      '405': () => preflight('/contact-form'),
    },
    'get /healthz': {
      '200': () => request(t.url).get('/healthz'),
      '405': () => request(t.url).delete('/healthz'),
    },
    'get /readyz': {
      '200': () => request(t.url).get('/readyz'),
      '503': () => request(down.url).get('/readyz'),
    },
  };

  const documented = () =>
    Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).flatMap(([method, operation]) =>
        Object.entries(operation.responses).map(([status, response]) => ({
          key: `${method} ${path}`,
          status,
          response,
        })),
      ),
    );

  it('when the document lists a status, then a real request reaches it and the reply matches', async () => {
    const checked: string[] = [];
    for (const { key, status, response } of documented()) {
      const scenario = scenarios[key]?.[status];
      expect(scenario, `no scenario for ${key} ${status}`).toBeDefined();
      const reply = await scenario!();

      expect(reply.status, `${key} ${status}`).toBe(Number(status));
      const content = response.content as Record<string, { schema: Schema }> | undefined;
      if (content) {
        const mediaType = String(reply.headers['content-type']).split(';')[0]!;
        expect(Object.keys(content), `${key} ${status} media type`).toContain(mediaType);
        const body: unknown = mediaType === 'application/json' ? reply.body : reply.text;
        expect(violations(document, content[mediaType]!.schema, body), `${key} ${status}`).toEqual(
          [],
        );
      } else {
        expect(reply.text, `${key} ${status} has no body`).toBe('');
      }
      for (const [header, spec] of Object.entries(
        (response.headers as Record<string, { schema: Schema }> | undefined) ?? {},
      )) {
        const raw = reply.headers[header.toLowerCase()];
        const value = spec.schema.type === 'integer' ? Number(raw) : raw;
        expect(violations(document, spec.schema, value), `${key} ${status} ${header}`).toEqual([]);
      }
      checked.push(`${key} ${status}`);
    }
    expect(checked.length).toBeGreaterThanOrEqual(24);
  });

  it('when the document is fetched, then it is OpenAPI 3.1 and quotes the shared messages', async () => {
    const response = await request(t.url).get('/openapi.json');
    expect(response.status).toBe(200);
    expect((response.body as { openapi: string }).openapi).toBe('3.1.0');
    expect(JSON.stringify(response.body)).toContain(MESSAGES.invalidMobile);
  });
});
