import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_FAILURES_PER_ACCOUNT, MAX_FAILURES_PER_ADDRESS } from '../desk/auth.ts';
import {
  startDeskTestServer,
  PASSWORD,
  SAME_ORIGIN,
  type DeskTestServer,
} from '../desk/desk-test-support.ts';

/**
 * Sign-in attempts sent all at once, as a script would. A 401 means the password was checked
 * and found wrong; a 429 means the attempt was refused before any check.
 */
describe('desk sign-in under a burst of attempts', () => {
  let t: DeskTestServer;

  beforeEach(async () => {
    // Behind a trusted proxy each test speaks from addresses of its own.
    t = await startDeskTestServer({ env: { TRUST_PROXY: 'loopback' } });
    await t.addUser('ravi@iconia.test', 'agent', 'Ravi');
  });
  afterEach(async () => {
    await t.remove();
  });

  const attempt = (email: string, password: string, address: string) =>
    request(t.url)
      .post('/desk/api/session')
      .set(SAME_ORIGIN)
      .set('X-Forwarded-For', address)
      .send({ email, password });

  it('when 40 wrong passwords for one account arrive at once, then at most 5 are checked', async () => {
    const replies = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        attempt('ravi@iconia.test', `guess number ${index}`, `198.51.100.${index + 1}`),
      ),
    );
    const checked = replies.filter((reply) => reply.status === 401).length;
    const refused = replies.filter((reply) => reply.status === 429).length;
    expect(checked + refused).toBe(40);
    // Every reservation is taken before any check ends: exactly the limit is checked.
    expect(checked).toBe(MAX_FAILURES_PER_ACCOUNT);
  });

  it('when 100 wrong sign-ins from one address arrive at once, then at most 20 are checked', async () => {
    const replies = await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        attempt(`person${index}@iconia.test`, 'wrong password', '203.0.113.50'),
      ),
    );
    const checked = replies.filter((reply) => reply.status === 401).length;
    expect(replies.filter((reply) => reply.status === 429)).toHaveLength(100 - checked);
    expect(checked).toBe(MAX_FAILURES_PER_ADDRESS);
  }, 60_000);

  it('when the right password is the 21st of a burst of 40, then no session is given', async () => {
    const replies = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        attempt(
          'ravi@iconia.test',
          index === 20 ? PASSWORD : `guess number ${index}`,
          `192.0.2.${index + 1}`,
        ),
      ),
    );
    expect(replies[20]?.status).toBe(429);
    expect(replies.some((reply) => reply.status === 200)).toBe(false);
    expect(replies.flatMap((reply) => reply.get('Set-Cookie') ?? [])).toEqual([]);
  });

  it('when a person signs in correctly again and again, then they are never locked out', async () => {
    for (let tries = 1; tries < MAX_FAILURES_PER_ACCOUNT; tries += 1) {
      expect((await attempt('ravi@iconia.test', `typo ${tries}`, '203.0.113.9')).status).toBe(401);
    }
    for (let times = 0; times < MAX_FAILURES_PER_ADDRESS + 5; times += 1) {
      const reply = await attempt('ravi@iconia.test', PASSWORD, '203.0.113.9');
      expect(reply.status, `sign-in ${times + 1}`).toBe(200);
    }
    // The four typos still count: one more wrong password locks the account.
    expect((await attempt('ravi@iconia.test', 'typo 5', '203.0.113.9')).status).toBe(401);
    expect((await attempt('ravi@iconia.test', PASSWORD, '203.0.113.9')).status).toBe(429);
  }, 60_000);
});
