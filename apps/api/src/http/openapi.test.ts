import { MESSAGES } from '@iconia/shared';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import request, { type Response, type Test } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTempDir,
  freePort,
  metaLeadgenEvent,
  metaSignature,
  type SmtpInbox,
  startSmtpInbox,
  whatsappMessageEvent,
  type WhatsappCloudApi,
} from '@iconia/testkit';
import { startTestServer, type TestServer } from '@iconia/api/test-server';
import { createPartnerSources } from '../sources/index.ts';
import { signingKeyOf, signWebhook } from '../standard-webhooks.ts';
import {
  startCloudApiPeer,
  WHATSAPP_APP_SECRET,
  WHATSAPP_PHONE_NUMBER_ID,
  WHATSAPP_VERIFY_TOKEN,
  whatsappEnv,
} from '../whatsapp/whatsapp-test-support.ts';

type Schema = Record<string, unknown>;

/** The key Google Ads sends with each lead, as GOOGLE_ADS_WEBHOOK_KEY holds it. */
const GOOGLE_KEY = 'a-long-random-google-ads-key';
const FEED = '/conversions/google-ads.csv';
const FEED_ENV = {
  GOOGLE_CONVERSIONS_USER: 'google-ads',
  GOOGLE_CONVERSIONS_PASSWORD: 'a-long-feed-password',
  GOOGLE_CONVERSION_NAMES: 'Booked=Booking',
};

/** A copy of the site on another origin, allowed to post. */
const PARTNER_ORIGIN = 'https://partner.example';
/** The Meta channel's settings. */
const META_ENV = {
  META_APP_SECRET: 'openapi-meta-secret',
  META_VERIFY_TOKEN: 'openapi-verify-token',
  META_PAGE_ACCESS_TOKEN: 'openapi-page-token',
};
/** What Chromium sends with a form post it navigates for. */
const BROWSER_ACCEPT =
  'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';
type Operation = {
  responses: Record<string, Schema>;
  security?: Record<string, string[]>[];
  requestBody?: { description?: string };
};
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, Schema>;
    securitySchemes: Record<string, { type: string; in: string; name: string }>;
  };
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
  /** With the Meta channel on; its Graph reads are never made (the worker is stopped). */
  let meta: TestServer;
  let inbox: SmtpInbox;
  let document: Document;
  /** The Cloud API WhatsApp sends to, on the servers with Meta's channels on. */
  let cloudApi: WhatsappCloudApi;
  /** Meta's lead ads and WhatsApp, both on. */
  let metaEnv: Record<string, string>;

  beforeAll(async () => {
    temp = createTempDir();
    inbox = await startSmtpInbox();
    cloudApi = await startCloudApiPeer();
    metaEnv = { ...META_ENV, ...whatsappEnv(cloudApi), ...FEED_ENV };
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
        INTAKE_PER_SOURCE_PER_MINUTE: '5',
        GOOGLE_ADS_WEBHOOK_KEY: GOOGLE_KEY,
      },
    });
    meta = await startTestServer({
      dataDir: `${temp.dir}/meta`,
      env: { ...metaEnv, INTAKE_PER_SOURCE_PER_MINUTE: '0' },
    });
    await meta.metaGraph?.stop();
    down = await startTestServer({
      dataDir: `${temp.dir}/down`,
      env: { SMTP_URL: `smtp://127.0.0.1:${await freePort()}` },
    });
    document = (await request(t.url).get('/openapi.json')).body as Document;
  });
  afterAll(async () => {
    await t.close();
    await down.close();
    await meta.close();
    await inbox.close();
    await cloudApi.close();
    temp.remove();
  });

  const lead = { name: 'Ravi', mobile: '9876543210' };
  const preflight = (path: string, origin?: string) => {
    const ask = request(t.url).options(path).set('Access-Control-Request-Method', 'POST');
    return origin ? ask.set('Origin', origin) : ask;
  };
  let ip = 0;
  /**
   * Each scenario comes from its own address, so the rate limit only bites where meant to. A
   * browser's own form post navigates; a script's does not.
   */
  const post = (app: TestServer['app'], path: string, browser: boolean, address?: string) => {
    ip += 1;
    const test = request(app)
      .post(path)
      .set('X-Forwarded-For', address ?? `198.51.100.${ip}`);
    return browser ? test.set('Sec-Fetch-Mode', 'navigate').set('Accept', BROWSER_ACCEPT) : test;
  };

  const leadScenarios = (
    path: string,
    browser: boolean,
  ): Record<string, () => Test | Promise<Response>> => ({
    '200': () => post(t.app, path, browser).type('form').send(lead),
    '303': () => post(t.app, path, browser).type('form').send(lead),
    '400': () => post(t.app, path, browser).field('name', 'Ravi').field('mobile', '12345'),
    '403': () =>
      post(t.app, path, browser).set('Origin', 'https://elsewhere.example').type('form').send(lead),
    '405': () => request(t.url).get(path),
    '408': () => {
      // A body that never finishes; the 1 s request timeout answers.
      const pending = post(t.app, path, browser)
        .set('Content-Type', 'application/x-www-form-urlencoded')
        .set('Content-Length', '100');
      pending.write('name=Ravi');
      return pending;
    },
    '413': () => post(t.app, path, browser).send({ ...lead, notes: 'x'.repeat(20_000) }),
    '415': () => post(t.app, path, browser).set('Content-Type', 'text/csv').send('name,mobile'),
    '429': async () => {
      const address = `203.0.113.${ip + 1}`;
      for (let index = 0; index < 3; index += 1) {
        await post(t.app, path, browser, address).send(lead);
      }
      return post(t.app, path, browser, address).send(lead);
    },
    '500': async () => {
      const broken = await startTestServer({ dataDir: `${temp.dir}/broken-${ip}` });
      broken.store.close();
      try {
        return await post(broken.app, path, browser).send(lead);
      } finally {
        await broken.close();
      }
    },
  });

  let googleLeads = 0;
  const googleLead = (overrides: Record<string, unknown> = {}) => {
    googleLeads += 1;
    return {
      lead_id: `lead-${googleLeads}`,
      google_key: GOOGLE_KEY,
      user_column_data: [
        { column_id: 'FULL_NAME', string_value: 'Asha Reddy' },
        {
          column_id: 'PHONE_NUMBER',
          string_value: `+9198480${String(googleLeads).padStart(5, '0')}`,
        },
      ],
      ...overrides,
    };
  };
  /** A server of its own, so its ceiling or its broken store touch no other scenario. */
  const googleAdsAlone = async (
    env: Record<string, string>,
    send: (server: TestServer) => Promise<Response>,
  ) => {
    const server = await startTestServer({
      dataDir: `${temp.dir}/google-${googleLeads}`,
      env: { GOOGLE_ADS_WEBHOOK_KEY: GOOGLE_KEY, ...env },
    });
    try {
      return await send(server);
    } finally {
      await server.close();
    }
  };
  const googleAds = (app: TestServer['app']) => request(app).post('/intake/google-ads');
  const googleAdsScenarios: Record<string, () => Test | Promise<Response>> = {
    '200': () => googleAds(t.app).send(googleLead()),
    '400': () => googleAds(t.app).set('Content-Type', 'application/json').send('{"lead_id":'),
    '401': () => googleAds(t.app).send(googleLead({ google_key: 'wrong' })),
    '404': () => googleAds(down.app).send(googleLead()),
    '405': () => request(t.url).get('/intake/google-ads'),
    '408': () => {
      const pending = googleAds(t.app)
        .set('Content-Type', 'application/json')
        .set('Content-Length', '100');
      pending.write('{"lead_id":');
      return pending;
    },
    '413': () => googleAds(t.app).send(googleLead({ padding: 'x'.repeat(70_000) })),
    '429': () =>
      googleAdsAlone({ INTAKE_PER_SOURCE_PER_MINUTE: '1' }, async ({ app }) => {
        await googleAds(app).send(googleLead());
        return googleAds(app).send(googleLead());
      }),
    '500': () =>
      googleAdsAlone({}, async ({ app, store }) => {
        // The server is up, its database gone: the lead cannot be stored.
        store.close();
        return googleAds(app).send(googleLead());
      }),
  };

  /** The same lead scenarios sent by a script, and by the browser's own form post. */
  const leadReplies = (path: string) => ({
    'text/plain': leadScenarios(path, false),
    'text/html': leadScenarios(path, true),
  });

  let leadgenId = 920000000000000;
  const metaPost = (app: TestServer['app'], body?: string) => {
    leadgenId += 1;
    const event = body ?? metaLeadgenEvent([{ leadgenId: String(leadgenId) }]);
    return request(app)
      .post('/intake/meta')
      .set('Content-Type', 'application/json')
      .set('X-Hub-Signature-256', metaSignature(event, META_ENV.META_APP_SECRET))
      .send(event);
  };
  let ceilings = 0;
  /** The second request to a Meta channel whose ceiling is one request a minute. */
  const overCeiling = async (send: (server: TestServer) => Test) => {
    ceilings += 1;
    const server = await startTestServer({
      dataDir: `${temp.dir}/ceiling-${ceilings}`,
      env: { ...metaEnv, INTAKE_PER_SOURCE_PER_MINUTE: '1' },
    });
    try {
      await send(server);
      return await send(server);
    } finally {
      await server.close();
    }
  };
  const handshake = (server: TestServer, token = META_ENV.META_VERIFY_TOKEN) =>
    request(server.url)
      .get('/intake/meta')
      .query({ 'hub.mode': 'subscribe', 'hub.challenge': '1158201444', 'hub.verify_token': token });
  const whatsappHandshake = (server: TestServer, token = WHATSAPP_VERIFY_TOKEN) =>
    request(server.url)
      .get('/intake/whatsapp')
      .query({ 'hub.mode': 'subscribe', 'hub.challenge': '1158201444', 'hub.verify_token': token });
  let wamids = 0;
  const whatsappPost = (server: TestServer, body?: string) => {
    wamids += 1;
    const event =
      body ??
      whatsappMessageEvent(WHATSAPP_PHONE_NUMBER_ID, {
        from: '919876500001',
        name: 'Suresh Kumar',
        text: 'Is the 200 sq. yd plot available?',
        id: `wamid.openapi${wamids}`,
      });
    return request(server.url)
      .post('/intake/whatsapp')
      .set('Content-Type', 'application/json')
      .set('X-Hub-Signature-256', metaSignature(event, WHATSAPP_APP_SECRET))
      .send(event);
  };
  /** A server with Meta's channels on whose database is gone: nothing can be stored. */
  const broken = async (name: string, send: (server: TestServer) => Test) => {
    const server = await startTestServer({ dataDir: `${temp.dir}/${name}`, env: metaEnv });
    server.store.close();
    try {
      return await send(server);
    } finally {
      await server.close();
    }
  };
  let pushes = 0;
  /** A partner's signed push to `source` on `server`, which adds the source first when asked. */
  const partnerPush = (
    server: TestServer,
    source: string,
    body: unknown,
    setUp: 'enabled' | 'disabled' | 'none' = 'enabled',
    contentType = 'application/json',
  ) => {
    pushes += 1;
    const sources = createPartnerSources(server.store.db);
    let key = signingKeyOf(`whsec_${Buffer.alloc(32).toString('base64')}`);
    if (setUp !== 'none') {
      key = signingKeyOf(sources.add(`${source}-${pushes}`, server.clock.now()).secret);
      if (setUp === 'disabled') sources.disable(`${source}-${pushes}`, server.clock.now());
    }
    const id = `msg_${pushes}`;
    const payload = JSON.stringify(body);
    const timestamp = Math.floor(server.clock.now() / 1000);
    return request(server.url)
      .post(`/intake/partners/${source}-${pushes}`)
      .set('content-type', contentType)
      .set('webhook-id', id)
      .set('webhook-timestamp', String(timestamp))
      .set('webhook-signature', signWebhook(key, id, timestamp, payload))
      .send(payload);
  };

  /** Scenarios by operation, then by media type of the reply, then by status. */
  type Scenarios = Record<string, Record<string, () => Test | Promise<Response>>>;
  const scenarios: Record<string, Scenarios> = {
    'post /send-email': leadReplies('/send-email'),
    'post /contact-form': leadReplies('/contact-form'),
    'post /intake/google-ads': { 'text/plain': googleAdsScenarios },
    'get /conversions/google-ads.csv': {
      'text/csv': {
        '200': () =>
          request(meta.url)
            .get(FEED)
            .auth(FEED_ENV.GOOGLE_CONVERSIONS_USER, FEED_ENV.GOOGLE_CONVERSIONS_PASSWORD),
      },
      'text/plain': {
        '401': () => request(meta.url).get(FEED).auth(FEED_ENV.GOOGLE_CONVERSIONS_USER, 'guess'),
        '404': () => request(down.url).get(FEED),
        '405': () => request(meta.url).post(FEED),
        '429': () =>
          overCeiling((server) =>
            request(server.url)
              .get(FEED)
              .auth(FEED_ENV.GOOGLE_CONVERSIONS_USER, FEED_ENV.GOOGLE_CONVERSIONS_PASSWORD),
          ),
      },
    },
    'options /send-email': {
      'text/plain': {
        '204': () => preflight('/send-email', PARTNER_ORIGIN),
        '405': () => preflight('/send-email', 'https://elsewhere.example'),
      },
    },
    'options /contact-form': {
      'text/plain': {
        '204': () => preflight('/contact-form', PARTNER_ORIGIN),
        '405': () => preflight('/contact-form'),
      },
    },
    'get /intake/meta': {
      'text/plain': {
        '200': () => handshake(meta),
        '403': () => handshake(meta, 'guess'),
        '404': () => handshake(down),
        '405': () => request(meta.url).put('/intake/meta'),
        '429': () => overCeiling((server) => handshake(server)),
      },
    },
    'post /intake/meta': {
      'text/plain': {
        '200': () => metaPost(meta.app),
        '400': () => metaPost(meta.app, JSON.stringify({ object: 'user', entry: [] })),
        '401': () => request(meta.url).post('/intake/meta').type('json').send('{}'),
        '404': () => metaPost(down.app),
        '405': () => request(meta.url).delete('/intake/meta'),
        '413': () => metaPost(meta.app, JSON.stringify({ pad: 'x'.repeat(70_000) })),
        '429': () => overCeiling((server) => metaPost(server.app)),
        '500': () => broken('broken-meta', (server) => metaPost(server.app)),
      },
    },
    'get /intake/whatsapp': {
      'text/plain': {
        '200': () => whatsappHandshake(meta),
        '403': () => whatsappHandshake(meta, 'guess'),
        '404': () => whatsappHandshake(down),
        '405': () => request(meta.url).put('/intake/whatsapp'),
        '429': () => overCeiling((server) => whatsappHandshake(server)),
      },
    },
    'post /intake/whatsapp': {
      'text/plain': {
        '200': () => whatsappPost(meta),
        '400': () => whatsappPost(meta, JSON.stringify({ object: 'user', entry: [] })),
        '401': () => request(meta.url).post('/intake/whatsapp').type('json').send('{}'),
        '404': () => whatsappPost(down),
        '405': () => request(meta.url).delete('/intake/whatsapp'),
        '413': () => whatsappPost(meta, JSON.stringify({ pad: 'x'.repeat(70_000) })),
        '429': () => overCeiling((server) => whatsappPost(server)),
        '500': () => broken('broken-whatsapp', (server) => whatsappPost(server)),
      },
    },
    'post /intake/partners/{name}': {
      'text/plain': {
        '200': () => partnerPush(t, 'portal', lead),
        '400': () => partnerPush(t, 'portal', { mobile: '9876543210' }),
        '401': () => {
          createPartnerSources(t.store.db).add('unsigned-portal', t.clock.now());
          return request(t.url).post('/intake/partners/unsigned-portal').send(lead);
        },
        '403': () => partnerPush(t, 'portal', lead, 'disabled'),
        '404': () => partnerPush(t, 'portal', lead, 'none'),
        '405': () => request(t.url).get('/intake/partners/portal'),
        '413': () => partnerPush(t, 'portal', { ...lead, message: 'x'.repeat(70_000) }),
        '415': () => partnerPush(t, 'portal', lead, 'enabled', 'text/plain'),
        '429': async () => {
          for (let index = 0; index < 5; index += 1) {
            await request(t.url).post('/intake/partners/flood').send(lead);
          }
          return request(t.url).post('/intake/partners/flood').send(lead);
        },
        '500': async () => {
          const broken = await startTestServer({ dataDir: `${temp.dir}/broken-partner` });
          broken.store.close();
          try {
            return await request(broken.url).post('/intake/partners/portal').send(lead);
          } finally {
            await broken.close();
          }
        },
      },
    },
    'get /healthz': {
      'text/plain': {
        '200': () => request(t.url).get('/healthz'),
        '405': () => request(t.url).delete('/healthz'),
      },
    },
    'get /readyz': {
      'application/json': {
        '200': () => request(t.url).get('/readyz'),
        '503': () => request(down.url).get('/readyz'),
      },
      'text/plain': { '405': () => request(t.url).delete('/readyz') },
    },
  };

  /** Every reply the document promises: each status, once per media type it may come in. */
  const documented = () =>
    Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).flatMap(([method, operation]) =>
        Object.entries(operation.responses).flatMap(([status, response]) => {
          const content = response.content as Record<string, { schema: Schema }> | undefined;
          const key = `${method} ${path}`;
          // A reply without a body: the redirect of a browser's form post, or a preflight.
          const mediaTypes = content
            ? Object.keys(content)
            : [status === '303' ? 'text/html' : 'text/plain'];
          return mediaTypes.map((mediaType) => ({ key, status, mediaType, response, content }));
        }),
      ),
    );

  it('when the document lists a reply, then a real request gets it, with the documented body and headers', async () => {
    const checked: string[] = [];
    for (const { key, status, mediaType, response, content } of documented()) {
      const where = `${key} ${status} ${mediaType}`;
      const scenario = scenarios[key]?.[mediaType]?.[status];
      expect(scenario, `no scenario for ${where}`).toBeDefined();
      const reply = await scenario!();

      expect(reply.status, where).toBe(Number(status));
      if (content) {
        expect(String(reply.headers['content-type']).split(';')[0], where).toBe(mediaType);
        const body: unknown = mediaType === 'application/json' ? reply.body : reply.text;
        expect(violations(document, content[mediaType]!.schema, body), where).toEqual([]);
        const words = content['text/plain']?.schema.enum as string[] | undefined;
        if (mediaType === 'text/html' && words && Number(status) < 500) {
          // The page names the problem in the words of the plain-text reply.
          expect(
            words.some((text) => reply.text.includes(text.replaceAll("'", '&#39;'))),
            where,
          ).toBe(true);
        }
      } else if (!reply.redirect) {
        // A redirect may carry the framework's short note; any other reply without content is empty.
        expect(reply.text, `${where} has no body`).toBe('');
      }
      for (const [header, spec] of Object.entries(
        (response.headers as Record<string, { schema: Schema }> | undefined) ?? {},
      )) {
        const raw = reply.headers[header.toLowerCase()];
        const value = spec.schema.type === 'integer' ? Number(raw) : raw;
        expect(violations(document, spec.schema, value), `${where} ${header}`).toEqual([]);
      }
      checked.push(where);
    }
    expect(checked.length).toBeGreaterThanOrEqual(40);
  });

  it('when an operation is read, then it names the credentials the server checks, or says anyone may call', () => {
    const security = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => [
        `${method} ${path}`,
        operation.security,
      ]),
    );
    const scheme = (name: string) => {
      const { type, in: place, name: field } = document.components.securitySchemes[name]!;
      return `${type} in ${place}: ${field}`;
    };

    expect(Object.fromEntries(security)).toEqual({
      'post /send-email': [{}],
      'options /send-email': [{}],
      'post /contact-form': [{}],
      'options /contact-form': [{}],
      // No security scheme can name a body field: none is listed, and the body says where the key is.
      'post /intake/google-ads': [],
      'get /conversions/google-ads.csv': [{ googleConversionsBasic: [] }],
      'get /intake/meta': [{ metaVerifyToken: [] }],
      'post /intake/meta': [{ metaSignature: [] }],
      'get /intake/whatsapp': [{ metaVerifyToken: [] }],
      'post /intake/whatsapp': [{ metaSignature: [] }],
      'post /intake/partners/{name}': [
        { webhookId: [], webhookTimestamp: [], webhookSignature: [] },
      ],
      'get /healthz': [{}],
      'get /readyz': [{}],
    });
    expect(document.paths['/intake/google-ads']!.post!.requestBody?.description).toContain(
      '`google_key`',
    );
    expect(scheme('metaVerifyToken')).toBe('apiKey in query: hub.verify_token');
    expect(scheme('metaSignature')).toBe('apiKey in header: X-Hub-Signature-256');
    expect(['webhookId', 'webhookTimestamp', 'webhookSignature'].map(scheme)).toEqual([
      'apiKey in header: webhook-id',
      'apiKey in header: webhook-timestamp',
      'apiKey in header: webhook-signature',
    ]);
  });

  it("when a Meta leadgen change lacks its leadgen_id, then the document's schema refuses it as the server does, and passes a change of another field", async () => {
    // The document's references point into its components; a standalone schema keeps them in $defs.
    const standalone = JSON.parse(
      JSON.stringify({
        $ref: '#/components/schemas/MetaLeadgenWebhook',
        $defs: document.components.schemas,
      }).replaceAll('#/components/schemas/', '#/$defs/'),
    ) as Schema;
    const validate = new Ajv2020({ strict: false }).compile(standalone);
    const event = (change: Schema) => ({ object: 'page', entry: [{ id: '1', changes: [change] }] });
    const noLeadgenId = event({ field: 'leadgen', value: { page_id: '1', form_id: '2' } });
    const otherField = event({ field: 'feed', value: { anything: true } });

    const refused = await metaPost(meta.app, JSON.stringify(noLeadgenId));
    const ignored = await metaPost(meta.app, JSON.stringify(otherField));

    expect(refused.status).toBe(400);
    expect(validate(noLeadgenId)).toBe(false);
    expect(ignored.status).toBe(200);
    expect(validate(otherField)).toBe(true);
  });

  it('when the document is checked against the OpenAPI 3.1 schema, then it is valid', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));

    expect(validator.version).toBe('3.1');
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('when the document is fetched, then it is OpenAPI 3.1 and quotes the shared messages', async () => {
    const response = await request(t.url).get('/openapi.json');
    expect(response.status).toBe(200);
    expect((response.body as { openapi: string }).openapi).toBe('3.1.0');
    expect(JSON.stringify(response.body)).toContain(MESSAGES.invalidMobile);
  });
});
