/**
 * What a stranger can do to /conversions/google-ads.csv, the one file of the lead API that holds
 * what became of buyers: guess the password, send broken or oversized credentials, put them in
 * the query, hammer it. Each gets a short plain-text answer, never a row, a stack trace or the
 * password in the log; past the per-address ceiling even the right password waits.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTempDir } from '@iconia/testkit';
import { startTestServer, type TestServer } from '@iconia/api/test-server';

const FEED = '/conversions/google-ads.csv';
const USER = 'google-ads';
const PASSWORD = 'feed-password-under-attack';

describe('abuse of /conversions/google-ads.csv', () => {
  let temp: ReturnType<typeof createTempDir>;
  let t: TestServer;

  beforeAll(async () => {
    temp = createTempDir();
    t = await startTestServer({
      dataDir: temp.dir,
      env: {
        GOOGLE_CONVERSIONS_USER: USER,
        GOOGLE_CONVERSIONS_PASSWORD: PASSWORD,
        GOOGLE_CONVERSION_NAMES: 'Booked=Booking',
        INTAKE_PER_SOURCE_PER_MINUTE: '10',
        TRUST_PROXY: 'loopback',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    temp.remove();
  });

  /** Each call from its own address, so the ceiling is tested only where it is meant to be. */
  let addresses = 0;
  const from = () => `203.0.113.${(addresses += 1)}`;

  it('when the credentials are malformed, then each answer is a plain 401 with the challenge, never an error', async () => {
    const headers = [
      'Basic',
      'Basic !!!not-base64!!!',
      `Basic ${Buffer.from('no colon at all').toString('base64')}`,
      `Basic ${Buffer.from(`${USER}:${PASSWORD}x`).toString('base64')}`,
      `Basic ${Buffer.from(`${USER}:${PASSWORD.slice(0, -1)}`).toString('base64')}`,
      `Basic ${Buffer.from(`${USER.toUpperCase()}:${PASSWORD}`).toString('base64')}`,
      `Basic ${Buffer.from(`${USER}:${'x'.repeat(6000)}`).toString('base64')}`,
      `Basic ${Buffer.from('\u0000:\uffff').toString('base64')}`,
      `Digest username="${USER}"`,
      `Bearer ${PASSWORD}`,
    ];
    for (const header of headers) {
      const res = await request(t.url)
        .get(FEED)
        .set('X-Forwarded-For', from())
        .set('Authorization', header);
      expect(res.status, header.slice(0, 40)).toBe(401);
      expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(res.headers['www-authenticate']).toMatch(/^Basic realm=/);
      expect(res.text).not.toContain('Parameters:TimeZone');
    }
  });

  it('when the credentials come in the query or the address, then they are not read', async () => {
    const inQuery = await request(t.url)
      .get(FEED)
      .set('X-Forwarded-For', from())
      .query({ user: USER, password: PASSWORD });
    expect(inQuery.status).toBe(401);
  });

  it('when one address guesses again and again, then it is refused with 429 and Retry-After, even once it guesses right', async () => {
    const address = from();
    const guess = (password: string) =>
      request(t.url).get(FEED).set('X-Forwarded-For', address).auth(USER, password);
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await guess(`guess-${attempt}`)).status).toBe(401);
    }

    const right = await guess(PASSWORD);

    expect(right.status).toBe(429);
    expect(Number(right.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(right.text).not.toContain('Parameters:TimeZone');
    // Another address is not held back by the first one's guesses.
    const other = await request(t.url)
      .get(FEED)
      .set('X-Forwarded-For', from())
      .auth(USER, PASSWORD);
    expect(other.status).toBe(200);
  });

  it('when the feed was refused and fetched, then the log never holds the password or a guess', () => {
    const log = t.logLines.join('\n');
    expect(log).toContain('conversions feed refused');
    expect(log).not.toContain(PASSWORD);
    expect(log).not.toContain('guess-');
    expect(log).not.toContain(Buffer.from(`${USER}:${PASSWORD}`).toString('base64'));
  });
});
