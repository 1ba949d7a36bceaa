import { MESSAGES } from '@iconia/shared';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTempDir } from '@iconia/testkit';
import { startTestServer, type TestServer } from '@iconia/api/test-server';

/** What Chromium sends with a form post it navigates for. */
const BROWSER_ACCEPT =
  'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';

let temp: ReturnType<typeof createTempDir>;
let t: TestServer;
let limited: TestServer;

beforeAll(async () => {
  temp = createTempDir();
  t = await startTestServer({ dataDir: `${temp.dir}/open` });
  limited = await startTestServer({
    dataDir: `${temp.dir}/limited`,
    env: { RATE_LIMIT_MAX: '1', HELD_PER_ADDRESS_PER_HOUR: '0' },
  });
});
afterAll(async () => {
  await t.close();
  await limited.close();
  temp.remove();
});

function storedWithMobile(app: TestServer, mobile: string) {
  return app.store.listLeads().filter((lead) => lead.mobile === `+91${mobile}`);
}

describe('a browser posting a lead form itself', () => {
  it('when the brochure form is sent by navigation, then the answer is 303 to /thank-you and the lead is stored', async () => {
    const response = await request(t.url)
      .post('/send-email')
      .set('Sec-Fetch-Mode', 'navigate')
      .set('Accept', BROWSER_ACCEPT)
      .type('form')
      .send({ name: 'Ravi', mobile: '9876500001', plotRange: '200 - 300 Sq. Yds' });

    expect(response.status).toBe(303);
    expect(response.headers.location).toBe('/thank-you');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(storedWithMobile(t, '9876500001')).toHaveLength(1);
  });

  it('when the contact form is sent as multipart with an Accept preferring HTML, then the answer is 303 to /thank-you', async () => {
    const response = await request(t.url)
      .post('/contact-form')
      .set('Accept', BROWSER_ACCEPT)
      .field('name', 'Anita')
      .field('mobile', '9876500002')
      .field('location', 'Kukatpally');

    expect(response.status).toBe(303);
    expect(response.headers.location).toBe('/thank-you');
    expect(storedWithMobile(t, '9876500002')).toHaveLength(1);
  });

  it('when the mobile is bad, then a 400 HTML page names the problem, links back to the form page and nothing is stored', async () => {
    const response = await request(t.url)
      .post('/send-email')
      .set('Sec-Fetch-Mode', 'navigate')
      .set('Accept', BROWSER_ACCEPT)
      .set('Host', 'iconia.test')
      .set('Referer', 'https://iconia.test/location-highlights?utm_source=google')
      .type('form')
      .send({ name: 'Ravi', mobile: '98765' });

    expect(response.status).toBe(400);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.text).toContain(MESSAGES.invalidMobile);
    expect(response.text).toContain('href="/location-highlights?utm_source=google"');
    expect(response.text).not.toContain('<script');
    expect(storedWithMobile(t, '98765')).toHaveLength(0);
  });

  it('when the Referer names another site, then the page links to the home page instead', async () => {
    const response = await request(t.url)
      .post('/contact-form')
      .set('Sec-Fetch-Mode', 'navigate')
      .set('Host', 'iconia.test')
      .set('Referer', 'https://attacker.example/phish')
      .type('form')
      .send({ mobile: '9876500003' });

    expect(response.status).toBe(400);
    expect(response.text).toContain(MESSAGES.nameRequired);
    expect(response.text).toContain('href="/"');
    expect(response.text).not.toContain('attacker.example');
  });

  it('when the Referer path starts with two slashes, then the link still stays on this site', async () => {
    const response = await request(t.url)
      .post('/contact-form')
      .set('Sec-Fetch-Mode', 'navigate')
      .set('Host', 'iconia.test')
      .set('Referer', 'https://iconia.test//attacker.example/')
      .type('form')
      .send({ mobile: '9876500004' });

    expect(response.text).toContain('href="/"');
  });

  it('when the visitor is over the rate limit, then a 429 HTML page says so and keeps Retry-After', async () => {
    const send = () =>
      request(limited.url)
        .post('/contact-form')
        .set('Sec-Fetch-Mode', 'navigate')
        .type('form')
        .send({ name: 'Ravi', mobile: '9876500005' });
    await send();
    const response = await send();

    expect(response.status).toBe(429);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['retry-after']).toBeDefined();
    expect(response.text).toContain(MESSAGES.tooManyRequests);
  });

  it('when the body is too large, then the answer is a 413 HTML page', async () => {
    const response = await request(t.url)
      .post('/send-email')
      .set('Sec-Fetch-Mode', 'navigate')
      .type('form')
      .send({ name: 'Ravi', mobile: '9876500006', location: 'x'.repeat(20_000) });

    expect(response.status).toBe(413);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.text).toContain('The form is too large.');
  });
});

describe('a script posting a lead form with fetch', () => {
  it('when it succeeds, then the answer is still plain-text success', async () => {
    const response = await request(t.url)
      .post('/send-email')
      .set('Accept', '*/*')
      .set('Sec-Fetch-Mode', 'cors')
      .type('form')
      .send({ name: 'Ravi', mobile: '9876500007' });

    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.text).toBe('success');
  });

  it('when the mobile is bad, then the answer is still the plain-text message', async () => {
    const response = await request(t.url)
      .post('/send-email')
      .set('Sec-Fetch-Mode', 'same-origin')
      .type('form')
      .send({ name: 'Ravi', mobile: '98765' });

    expect(response.status).toBe(400);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.text).toBe(MESSAGES.invalidMobile);
  });
});
