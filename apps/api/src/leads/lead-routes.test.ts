import { request as httpRequest, type IncomingMessage } from 'node:http';
import { connect } from 'node:net';
import { MESSAGES, NAME_MAX_LENGTH, LOCATION_MAX_LENGTH } from '@iconia/shared';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTempDir } from '@iconia/testkit';
import { startTestServer, type TestServer } from '@iconia/api/test-server';
import { REPLIES } from '../http/replies.ts';

type Encoding = 'urlencoded' | 'multipart' | 'json';
type Fields = Record<string, string>;

const ENCODINGS: Encoding[] = ['urlencoded', 'multipart', 'json'];

let mobileCounter = 0;
/** A fresh number per test, so duplicate suppression never links two tests. */
function uniqueMobile(): string {
  mobileCounter += 1;
  return `98${String(mobileCounter).padStart(8, '0')}`;
}

function submit(url: string, path: string, fields: Fields, encoding: Encoding) {
  const post = request(url).post(path);
  if (encoding === 'urlencoded') return post.type('form').send(fields);
  if (encoding === 'json') return post.send(fields);
  for (const [name, value] of Object.entries(fields)) void post.field(name, value);
  return post;
}

const ENDPOINTS: Array<{
  path: string;
  kind: 'brochure' | 'contact';
  extra: Fields;
  source: string;
}> = [
  {
    path: '/send-email',
    kind: 'brochure',
    extra: { plotRange: '200 - 300 Sq. Yds' },
    source: 'brochure-modal',
  },
  {
    path: '/contact-form',
    kind: 'contact',
    extra: { location: 'Kukatpally, Hyderabad' },
    source: 'contact-form',
  },
];

const INVALID_INPUTS: Array<[string, (mobile: string) => Fields, string]> = [
  ['the name is missing', (mobile) => ({ mobile }), MESSAGES.nameRequired],
  ['the name is only spaces', (mobile) => ({ name: '   ', mobile }), MESSAGES.nameRequired],
  [
    'the name is longer than 100 characters',
    (mobile) => ({ name: 'a'.repeat(NAME_MAX_LENGTH + 1), mobile }),
    MESSAGES.nameTooLong,
  ],
  [
    'the name carries a line break',
    (mobile) => ({ name: 'Ravi\r\nBcc: attacker@example.com', mobile }),
    MESSAGES.nameInvalid,
  ],
  ['the mobile is missing', () => ({ name: 'Ravi' }), MESSAGES.invalidMobile],
  [
    'the mobile has 9 digits',
    () => ({ name: 'Ravi', mobile: '987654321' }),
    MESSAGES.invalidMobile,
  ],
  [
    'the mobile has 11 digits',
    () => ({ name: 'Ravi', mobile: '98765432101' }),
    MESSAGES.invalidMobile,
  ],
  [
    'the mobile has letters',
    () => ({ name: 'Ravi', mobile: '98765abcde' }),
    MESSAGES.invalidMobile,
  ],
];

describe.each(ENDPOINTS)('POST $path', ({ path, kind, extra, source }) => {
  let temp: ReturnType<typeof createTempDir>;
  let t: TestServer;

  beforeAll(async () => {
    temp = createTempDir();
    t = await startTestServer({ dataDir: temp.dir });
  });
  afterAll(async () => {
    await t.close();
    temp.remove();
  });

  describe.each(ENCODINGS)('sent as %s', (encoding) => {
    it('when every field is good, then the reply is plain-text success and the lead is stored pending', async () => {
      const mobile = uniqueMobile();
      const response = await submit(
        t.url,
        path,
        { name: ' Ravi Kumar ', mobile, ...extra },
        encoding,
      );

      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(response.text).toBe('success');
      const stored = t.store.listLeads().find((lead) => lead.mobile === `+91${mobile}`);
      expect(stored).toMatchObject({ kind, name: 'Ravi Kumar', status: 'pending', ...extra });
    });

    it('when the mobile is typed with +91, spaces and dashes, then it is stored as +91 and the ten digits', async () => {
      const mobile = uniqueMobile();
      const typed = `+91 ${mobile.slice(0, 5)}-${mobile.slice(5)}`;
      const response = await submit(t.url, path, { name: 'Ravi', mobile: typed }, encoding);

      expect(response.text).toBe('success');
      expect(t.store.listLeads().some((lead) => lead.mobile === `+91${mobile}`)).toBe(true);
    });

    it.each(INVALID_INPUTS)(
      'when %s, then the reply is 400 with the message and nothing is stored',
      async (_case, fields, message) => {
        const before = t.store.listLeads().length;
        const response = await submit(t.url, path, fields(uniqueMobile()), encoding);

        expect(response.status).toBe(400);
        expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
        expect(response.text).toBe(message);
        expect(t.store.listLeads()).toHaveLength(before);
      },
    );

    it('when attribution and unknown fields come along, then attribution is stored and the rest ignored', async () => {
      const mobile = uniqueMobile();
      const response = await submit(
        t.url,
        path,
        {
          name: 'Ravi',
          mobile,
          agree: 'on',
          source,
          page: '/location-highlights',
          utm_source: 'google',
          utm_medium: 'cpc',
          utm_campaign: 'villa-plots',
          utm_term: 'plots near highway',
          utm_content: 'ad-1',
          gclid: 'Cj0KCQ',
          fbclid: 'IwAR0abc',
          gbraid: '0AAAAAoY',
          wbraid: 'Cj8KCQiA',
          landingPage: '/location',
          referrer: 'https://www.facebook.com/',
          favouriteColour: 'green',
        },
        encoding,
      );

      expect(response.text).toBe('success');
      const stored = t.store.listLeads().find((lead) => lead.mobile === `+91${mobile}`);
      expect(stored?.attribution).toEqual({
        source,
        page: '/location-highlights',
        utm_source: 'google',
        utm_medium: 'cpc',
        utm_campaign: 'villa-plots',
        utm_term: 'plots near highway',
        utm_content: 'ad-1',
        gclid: 'Cj0KCQ',
        fbclid: 'IwAR0abc',
        gbraid: '0AAAAAoY',
        wbraid: 'Cj8KCQiA',
        landingPage: '/location',
        referrer: 'https://www.facebook.com/',
      });
      expect(JSON.stringify(stored)).not.toContain('green');
    });

    it('when the consent box is not sent, then the lead is still accepted', async () => {
      const response = await submit(
        t.url,
        path,
        { name: 'Ravi', mobile: uniqueMobile() },
        encoding,
      );
      expect(response.text).toBe('success');
    });

    it('when the hidden website field is filled, then the reply is success and the lead is kept as spam, never emailed', async () => {
      const mobile = uniqueMobile();
      const response = await submit(
        t.url,
        path,
        { name: 'Buy Now', mobile, website: 'https://spam.example' },
        encoding,
      );

      expect(response.text).toBe('success');
      const stored = t.store.listLeads().find((lead) => lead.mobile === `+91${mobile}`);
      expect(stored?.status).toBe('spam');
      await t.delivery.drain();
      expect(t.store.listLeads().find((lead) => lead.mobile === `+91${mobile}`)?.status).toBe(
        'spam',
      );
    });
  });

  if (kind === 'brochure') {
    it('when the plot range is not one of the three, then the reply is 400 naming the ranges', async () => {
      const response = await submit(
        t.url,
        path,
        { name: 'Ravi', mobile: uniqueMobile(), plotRange: '500 - 600 Sq. Yds' },
        'urlencoded',
      );
      expect(response.status).toBe(400);
      expect(response.text).toBe(MESSAGES.plotRangeInvalid);
    });

    it('when the plot range is left out, then the lead is accepted without one', async () => {
      const mobile = uniqueMobile();
      const response = await submit(t.url, path, { name: 'Ravi', mobile }, 'multipart');
      expect(response.text).toBe('success');
      expect(
        t.store.listLeads().find((lead) => lead.mobile === `+91${mobile}`)?.plotRange,
      ).toBeUndefined();
    });
  } else {
    it('when the location is longer than 200 characters, then the reply is 400', async () => {
      const response = await submit(
        t.url,
        path,
        { name: 'Asha', mobile: uniqueMobile(), location: 'x'.repeat(LOCATION_MAX_LENGTH + 1) },
        'multipart',
      );
      expect(response.status).toBe(400);
      expect(response.text).toBe(MESSAGES.locationTooLong);
    });

    it('when the location is left out, then the enquiry is accepted without one', async () => {
      const mobile = uniqueMobile();
      const response = await submit(t.url, path, { name: 'Asha', mobile }, 'multipart');
      expect(response.text).toBe('success');
      expect(
        t.store.listLeads().find((lead) => lead.mobile === `+91${mobile}`)?.location,
      ).toBeUndefined();
    });
  }

  it('when a file is attached, then the reply is 400 and nothing is stored', async () => {
    const before = t.store.listLeads().length;
    const response = await request(t.url)
      .post(path)
      .field('name', 'Ravi')
      .field('mobile', uniqueMobile())
      .attach('brochure', Buffer.from('%PDF-1.4'), 'brochure.pdf');

    expect(response.status).toBe(400);
    expect(response.text).toBe(REPLIES.fileNotAccepted);
    expect(t.store.listLeads()).toHaveLength(before);
  });

  it.each(ENCODINGS)(
    'when a %s body is larger than 16 KB, then the reply is 413',
    async (encoding) => {
      const response = await submit(
        t.url,
        path,
        { name: 'Ravi', mobile: uniqueMobile(), notes: 'x'.repeat(17 * 1024) },
        encoding,
      );
      expect(response.status).toBe(413);
      expect(response.text).toBe(REPLIES.tooLarge);
    },
  );

  it.each(ENCODINGS)(
    'when a %s body has more than 30 fields, then the reply is 413',
    async (encoding) => {
      const fields: Fields = { name: 'Ravi', mobile: uniqueMobile() };
      for (let index = 0; index < 30; index += 1) fields[`extra${index}`] = 'x';
      const response = await submit(t.url, path, fields, encoding);
      expect(response.status).toBe(413);
    },
  );

  it('when a chunked multipart body grows past 16 KB, then the reply is 413', async () => {
    {
      const { port } = t;
      const boundary = 'x-boundary';
      const response = await new Promise<IncomingMessage & { body: string }>((resolve, reject) => {
        const req = httpRequest(
          {
            port,
            host: '127.0.0.1',
            method: 'POST',
            path,
            headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` },
          },
          (res) => {
            let body = '';
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => (body += chunk));
            res.on('end', () => resolve(Object.assign(res, { body })));
          },
        );
        req.on('error', reject);
        for (let index = 0; index < 20; index += 1) {
          req.write(
            `--${boundary}\r\nContent-Disposition: form-data; name="f${index}"\r\n\r\n${'x'.repeat(1_000)}\r\n`,
          );
        }
        req.end(`--${boundary}--\r\n`);
      });
      expect(response.statusCode).toBe(413);
      expect(response.body).toBe(REPLIES.tooLarge);
    }
  });

  it('when the body is plain text, then the reply is 415', async () => {
    const response = await request(t.url)
      .post(path)
      .set('Content-Type', 'text/plain')
      .send('name=Ravi&mobile=9876543210');
    expect(response.status).toBe(415);
    expect(response.text).toBe(REPLIES.unsupportedType);
  });

  it('when the JSON is malformed, then the reply is 400 in plain text', async () => {
    const response = await request(t.url)
      .post(path)
      .set('Content-Type', 'application/json')
      .send('{"name": "Ravi",');
    expect(response.status).toBe(400);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.text).toBe(REPLIES.unreadable);
  });

  it.each([
    ['a number', 123],
    ['a list', ['Ravi', 'Kumar']],
    ['an object', { first: 'Ravi' }],
    ['true', true],
  ])(
    'when JSON sends the name as %s, then the reply is 400 naming the field and nothing is stored',
    async (_what, name) => {
      const before = t.store.listLeads().length;
      const response = await request(t.url).post(path).send({ name, mobile: uniqueMobile() });

      expect(response.status).toBe(400);
      expect(response.text).toBe('The field "name" must be text.');
      expect(t.store.listLeads()).toHaveLength(before);
    },
  );

  it('when JSON sends the mobile as a number, then it is read as the digits', async () => {
    const response = await request(t.url).post(path).send({ name: 'Ravi', mobile: 9123456780 });
    expect(response.text).toBe('success');
  });

  it('when the request has no body, then the reply names the first missing field', async () => {
    const response = await request(t.url).post(path);
    expect(response.status).toBe(400);
    expect(response.text).toBe(MESSAGES.nameRequired);
  });

  it.each(['get', 'put', 'delete', 'patch'] as const)(
    'when the method is %s, then the reply is 405 with Allow',
    async (method) => {
      const response = await request(t.url)[method](path);
      expect(response.status).toBe(405);
      expect(response.headers.allow).toBe('POST, OPTIONS');
      expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    },
  );
});

describe('lead endpoints, across requests', () => {
  let temp: ReturnType<typeof createTempDir>;
  let t: TestServer;

  beforeEach(() => {
    temp = createTempDir();
  });
  afterEach(async () => {
    await t.close();
    temp.remove();
  });

  it('when the same mobile sends the same form twice within 10 minutes, then both get success but one email is sent', async () => {
    t = await startTestServer({ dataDir: temp.dir });
    const lead = { name: 'Ravi', mobile: '9876543210', source: 'brochure-modal' };

    const first = await submit(t.url, '/send-email', lead, 'urlencoded');
    t.clock.advance(9 * 60_000);
    const second = await submit(t.url, '/send-email', lead, 'multipart');

    expect([first.text, second.text]).toEqual(['success', 'success']);
    expect(t.store.listLeads().map((stored) => stored.status)).toEqual(['pending', 'duplicate']);
    await t.delivery.drain();
    expect(t.store.listLeads().map((stored) => stored.status)).toEqual(['sent', 'duplicate']);
  });

  it('when the same mobile sends again after 10 minutes, from another form or to the other endpoint, then each is emailed', async () => {
    t = await startTestServer({ dataDir: temp.dir });
    const lead = { name: 'Ravi', mobile: '9876543210' };

    await submit(t.url, '/send-email', { ...lead, source: 'brochure-modal' }, 'urlencoded');
    await submit(t.url, '/send-email', { ...lead, source: 'inline-brochure' }, 'urlencoded');
    await submit(t.url, '/contact-form', { ...lead, source: 'contact-form' }, 'urlencoded');
    t.clock.advance(10 * 60_000 + 1);
    await submit(t.url, '/send-email', { ...lead, source: 'brochure-modal' }, 'urlencoded');

    expect(t.store.listLeads().map((stored) => stored.status)).toEqual([
      'pending',
      'pending',
      'pending',
      'pending',
    ]);
  });

  it('when one address sends more than the limit to an endpoint, then the extra lead is held: success, stored, not emailed, and the other endpoint is not limited', async () => {
    t = await startTestServer({ dataDir: temp.dir, env: { RATE_LIMIT_MAX: '2' } });
    const send = (path: string, mobile: string) =>
      submit(t.url, path, { name: 'Ravi', mobile }, 'urlencoded');

    await send('/send-email', '9876500001');
    await send('/send-email', '9876500002');
    const over = await send('/send-email', '9876500003');
    const other = await send('/contact-form', '9876500004');
    await t.delivery.drain();

    expect(over.status).toBe(200);
    expect(over.text).toBe('success');
    expect(other.status).toBe(200);
    const statusOf = (mobile: string) =>
      t.store.listLeads().find((lead) => lead.mobile === `+91${mobile}`)?.status;
    expect(statusOf('9876500003')).toBe('held');
    expect(statusOf('9876500004')).toBe('sent');
    expect(t.store.pendingSummary().count).toBe(0);
  });

  it('when a visitor has two posts refused before the good one, then the refusals use none of the leads the address may have emailed', async () => {
    t = await startTestServer({ dataDir: temp.dir, env: { RATE_LIMIT_MAX: '2' } });
    const send = (mobile: string) =>
      submit(t.url, '/send-email', { name: 'Ravi', mobile }, 'urlencoded');

    expect((await send('98765')).status).toBe(400);
    expect((await send('987654321')).status).toBe(400);
    await send('9876543210');
    await send('9876500002');

    expect(t.store.listLeads().map((lead) => [lead.mobile, lead.status])).toEqual([
      ['+919876543210', 'pending'],
      ['+919876500002', 'pending'],
    ]);
  });

  it('when an address has more posts refused than three per lead it may send, then the next gets 429 with Retry-After, even a good one', async () => {
    t = await startTestServer({ dataDir: temp.dir, env: { RATE_LIMIT_MAX: '2' } });
    const send = (mobile: string) =>
      submit(t.url, '/send-email', { name: 'Ravi', mobile }, 'urlencoded');

    for (let attempt = 1; attempt <= 6; attempt += 1) {
      expect((await send(String(attempt))).status, `refusal ${attempt}`).toBe(400);
    }
    const stopped = await send('9876543210');
    t.clock.advance(100_000);
    const later = await send('9876543210');

    expect(stopped.status).toBe(429);
    expect(stopped.text).toBe(MESSAGES.tooManyRequests);
    // One refusal comes back every 10 minutes / 6.
    expect(Number(stopped.headers['retry-after'])).toBe(100);
    expect(later.text).toBe('success');
    expect(t.store.listLeads().map((lead) => lead.status)).toEqual(['pending']);
  });

  it('when a two-minute flood from one address has ended, then a new lead from it is held for at most a minute', async () => {
    t = await startTestServer({
      dataDir: temp.dir,
      env: { HELD_PER_ADDRESS_PER_HOUR: '1000', HELD_PER_HOUR: '1000', RATE_LIMIT_MAX: '10' },
    });
    let counter = 0;
    const send = async () => {
      counter += 1;
      const mobile = `97${String(counter).padStart(8, '0')}`;
      await submit(t.url, '/send-email', { name: 'Ravi', mobile }, 'urlencoded');
      return t.store.listLeads().find((lead) => lead.mobile === `+91${mobile}`)?.status;
    };
    for (let second = 0; second <= 120; second += 2) {
      await send();
      t.clock.advance(2_000);
    }

    // Held leads use nothing, so a lead every second shows when the address is free again.
    let heldForMs = 2_000;
    while ((await send()) === 'held' && heldForMs < 15 * 60_000) {
      t.clock.advance(1_000);
      heldForMs += 1_000;
    }

    // Ten at once, then one a minute: at 60 s and 120 s of the flood, then the first after it.
    const emailed = t.store.listLeads().filter((lead) => lead.status !== 'held');
    expect(emailed.map((lead) => Number(lead.mobile.slice(5)))).toEqual([
      1,
      2,
      3,
      4,
      5,
      6,
      7,
      8,
      9,
      10,
      31,
      61,
      counter,
    ]);
    expect(heldForMs).toBe(60_000);
  });

  it('when held leads from one address pass HELD_PER_ADDRESS_PER_HOUR, then it gets 429 with Retry-After and nothing more is stored', async () => {
    t = await startTestServer({
      dataDir: temp.dir,
      env: { RATE_LIMIT_MAX: '1', HELD_PER_ADDRESS_PER_HOUR: '1' },
    });
    const send = (mobile: string) =>
      submit(t.url, '/send-email', { name: 'Ravi', mobile }, 'urlencoded');

    expect((await send('9876500001')).status).toBe(200);
    expect((await send('9876500002')).status).toBe(200);
    const refused = await send('9876500003');

    expect(refused.status).toBe(429);
    expect(refused.text).toBe(MESSAGES.tooManyRequests);
    expect(refused.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(t.store.listLeads().map((lead) => lead.status)).toEqual(['pending', 'held']);
  });

  it('when held leads from all addresses pass HELD_PER_HOUR, then every address over its limit gets 429', async () => {
    t = await startTestServer({
      dataDir: temp.dir,
      env: { RATE_LIMIT_MAX: '1', HELD_PER_HOUR: '1', TRUST_PROXY: 'loopback' },
    });
    const from = (ip: string, mobile: string) =>
      request(t.url)
        .post('/contact-form')
        .set('X-Forwarded-For', ip)
        .type('form')
        .send({ name: 'Ravi', mobile });

    expect((await from('203.0.113.1', '9876500001')).status).toBe(200);
    expect((await from('203.0.113.1', '9876500002')).status).toBe(200);
    expect((await from('203.0.113.2', '9876500003')).status).toBe(200);
    expect((await from('203.0.113.2', '9876500004')).status).toBe(429);
    expect(t.store.listLeads().map((lead) => lead.status)).toEqual(['pending', 'held', 'pending']);
  });

  it('when TRUST_PROXY names the proxy, then visitors behind it are limited one by one', async () => {
    t = await startTestServer({
      dataDir: temp.dir,
      env: { RATE_LIMIT_MAX: '1', TRUST_PROXY: 'loopback' },
    });
    const from = (ip: string, mobile: string) =>
      request(t.url)
        .post('/send-email')
        .set('X-Forwarded-For', ip)
        .type('form')
        .send({ name: 'Ravi', mobile });

    await from('203.0.113.1', '9876500001');
    await from('203.0.113.2', '9876500002');
    await from('203.0.113.1', '9876500003');

    expect(t.store.listLeads().map((lead) => [lead.mobile, lead.status])).toEqual([
      ['+919876500001', 'pending'],
      ['+919876500002', 'pending'],
      ['+919876500003', 'held'],
    ]);
  });

  it('when the database cannot take the lead, then the reply is 500 error and the app keeps answering', async () => {
    t = await startTestServer({ dataDir: temp.dir });
    t.store.close();

    const failed = await submit(
      t.url,
      '/send-email',
      { name: 'Ravi', mobile: '9876543210' },
      'json',
    );
    const health = await request(t.url).get('/healthz');

    expect(failed.status).toBe(500);
    expect(failed.text).toBe('error');
    expect(failed.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(t.logLines.some((line) => line.includes('"level":50'))).toBe(true);
    expect(health.text).toBe('ok');
  });

  it('when a lead is logged, then the mobile is masked and the name shortened to an initial', async () => {
    t = await startTestServer({ dataDir: temp.dir });
    await submit(t.url, '/send-email', { name: 'Ravi Kumar', mobile: '9876543210' }, 'urlencoded');
    await submit(t.url, '/contact-form', { name: 'Ravi Kumar', mobile: '98765' }, 'urlencoded');
    await t.delivery.drain();

    const logs = t.logLines.join('\n');
    expect(logs).toContain('98xxxxxx10');
    expect(logs).not.toContain('9876543210');
    expect(logs).not.toContain('98765');
    expect(logs).not.toContain('Ravi Kumar');
    expect(logs).toMatch(/"id":"[\w-]+"/);
  });

  it('when an allowed origin posts, then the reply carries CORS headers; other origins get none', async () => {
    t = await startTestServer({
      dataDir: temp.dir,
      env: { CORS_ORIGINS: 'https://iconia.example' },
    });
    const lead = { name: 'Ravi', mobile: '9876543210' };

    const allowed = await request(t.url)
      .post('/send-email')
      .set('Origin', 'https://iconia.example')
      .type('form')
      .send(lead);
    const other = await request(t.url)
      .post('/send-email')
      .set('Origin', 'https://elsewhere.example')
      .type('form')
      .send(lead);
    const preflight = await request(t.url)
      .options('/contact-form')
      .set('Origin', 'https://iconia.example')
      .set('Access-Control-Request-Method', 'POST');

    expect(allowed.headers['access-control-allow-origin']).toBe('https://iconia.example');
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-methods']).toBe('POST');
  });

  it('when a JSON body hides the fields under __proto__, then they are not read and nothing is stored', async () => {
    t = await startTestServer({ dataDir: temp.dir });

    const response = await request(t.url)
      .post('/send-email')
      .set('Content-Type', 'application/json')
      .send('{"__proto__":{"name":"Ravi","mobile":"9876543210"}}');

    expect(response.status).toBe(400);
    expect(response.text).toBe(MESSAGES.nameRequired);
    expect(t.store.listLeads()).toHaveLength(0);
  });

  it('when another site posts a lead, then the reply is 403 and nothing is stored or counted', async () => {
    t = await startTestServer({
      dataDir: temp.dir,
      env: { CORS_ORIGINS: 'https://iconia.example', RATE_LIMIT_MAX: '1' },
    });
    const lead = { name: 'X', mobile: '7400000001', source: 'brochure-modal' };
    const from = (origin: string) =>
      request(t.url).post('/contact-form').set('Origin', origin).type('form').send(lead);

    const foreign = await from('https://phish.example');
    const opaque = await from('null');
    const own = await request(t.url)
      .post('/contact-form')
      .set('Origin', t.url)
      .type('form')
      .send(lead);

    expect(foreign.status).toBe(403);
    expect(foreign.text).toBe(REPLIES.foreignOrigin);
    expect(opaque.status).toBe(403);
    expect(own.status).toBe(200);
    expect(t.store.listLeads()).toHaveLength(1);
    expect(t.store.listLeads()[0]?.status).toBe('pending');
  });

  it('when the dev server proxies a same-origin post and rewrites Host, then the lead is taken', async () => {
    t = await startTestServer({ dataDir: temp.dir });
    const response = await request(t.url)
      .post('/send-email')
      .set('Origin', 'http://localhost:5173')
      .set('Sec-Fetch-Site', 'same-origin')
      .type('form')
      .send({ name: 'Ravi', mobile: '9876543210' });

    expect(response.text).toBe('success');
  });

  it('when a path is unknown, then the reply is a plain-text 404, whatever the method', async () => {
    t = await startTestServer({ dataDir: temp.dir });
    for (const response of [
      await request(t.url).get('/send-emails'),
      await request(t.url).post('/submit'),
    ]) {
      expect(response.status).toBe(404);
      expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    }
  });

  /**
   * Posts a multipart body that stops short of its Content-Length, and resolves with all the
   * server sends until it closes the connection.
   */
  async function stalledUpload(): Promise<string> {
    const socket = connect(t.port, '127.0.0.1');
    let received = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.write(
      'POST /send-email HTTP/1.1\r\nHost: localhost\r\nContent-Type: multipart/form-data; boundary=b\r\n' +
        'Content-Length: 500\r\n\r\n--b\r\nContent-Disposition: form-data; name="name"\r\n\r\nRavi\r\n',
    );
    // Once the connection is closed, nothing more can come on it: a second 408 from Node's own
    // request-timeout check would have arrived before the close.
    await new Promise<void>((resolve) => socket.once('close', () => resolve()));
    return received;
  }

  it('when an upload stalls past the request timeout, then one 408 comes back, the connection closes and nothing is stored', async () => {
    t = await startTestServer({ dataDir: temp.dir, env: { REQUEST_TIMEOUT_MS: '1000' } });
    const received = await stalledUpload();

    expect(received.match(/HTTP\/1\.1 408/g)).toHaveLength(1);
    expect(received).toContain('Connection: close');
    expect(received).toContain(REPLIES.timeout);
    expect(t.store.listLeads()).toHaveLength(0);
  });

  it('when the server was busy as a stalled upload came in, then the 408 still says why in words', async () => {
    t = await startTestServer({ dataDir: temp.dir, env: { REQUEST_TIMEOUT_MS: '1000' } });
    // The thread is held up past the timeout between reading the request's headers (when Node
    // starts its own clock) and routing it (when the route starts the readable answer's).
    t.server.prependOnceListener('request', () => {
      const until = Date.now() + 1_500;
      while (Date.now() < until);
    });
    const received = await stalledUpload();

    expect(received.match(/HTTP\/1\.1 408/g)).toHaveLength(1);
    expect(received).toContain(REPLIES.timeout);
    expect(t.store.listLeads()).toHaveLength(0);
  });
});
