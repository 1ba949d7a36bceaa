import { once } from 'node:events';
import { get, type IncomingMessage } from 'node:http';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startDeskTestServer,
  PASSWORD,
  SAME_ORIGIN,
  type DeskTestServer,
} from './desk-test-support.ts';

interface SseEvent {
  event: string;
  data: unknown;
}

/** A desk's live stream over real HTTP, collecting the events it receives. */
function openStream(base: string, cookie: string) {
  const received: SseEvent[] = [];
  let response: IncomingMessage | undefined;
  let buffer = '';
  const opened = new Promise<IncomingMessage>((resolve, reject) => {
    get(`${base}/desk/api/events`, { headers: { Cookie: cookie } }, (res) => {
      response = res;
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.+)$/m.exec(block)?.[1];
          const data = /^data: (.+)$/m.exec(block)?.[1];
          if (event && data) received.push({ event, data: JSON.parse(data) as unknown });
        }
      });
      resolve(res);
    }).on('error', reject);
  });
  return {
    opened,
    received,
    /** Resolves with the first event matching, or rejects after `ms`. */
    async next(match: (event: SseEvent) => boolean, ms = 2_000): Promise<SseEvent> {
      const started = Date.now();
      while (Date.now() - started < ms) {
        const found = received.find(match);
        if (found) return found;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      throw new Error(`no matching event within ${ms} ms; got ${JSON.stringify(received)}`);
    },
    close: () => response?.destroy(),
  };
}

async function cookieOf(t: DeskTestServer, email: string): Promise<string> {
  const res = await request(t.url)
    .post('/desk/api/session')
    .set(SAME_ORIGIN)
    .send({ email, password: PASSWORD });
  return /^desk_session=[^;]+/.exec(res.get('Set-Cookie')?.[0] ?? '')?.[0] ?? '';
}

describe('the live inbox', () => {
  let t: DeskTestServer;
  let base: string;

  beforeAll(async () => {
    t = await startDeskTestServer();
    await t.addUser('meena@iconia.test', 'manager', 'Meena');
    await t.addUser('arjun@iconia.test', 'agent', 'Arjun');
    base = t.url;
  });
  afterAll(async () => {
    await t.remove();
  });

  it('when a visitor sends the brochure form, then a signed-in desk receives the lead within 2 s', async () => {
    const stream = openStream(base, await cookieOf(t, 'arjun@iconia.test'));
    const res = await stream.opened;
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    const sent = Date.now();
    const form = await request(t.url).post('/send-email').type('form').send({
      name: 'Lakshmi Devi',
      mobile: '9988776655',
      plotRange: '200 - 300 Sq. Yds',
      source: 'brochure-modal',
      utm_source: 'google',
    });
    expect(form.text).toBe('success');
    const lead = await stream.next((event) => event.event === 'lead');
    expect(Date.now() - sent).toBeLessThan(2_000);
    expect(lead.data).toMatchObject({
      name: 'Lakshmi Devi',
      mobile: '9988776655',
      form: 'brochure-modal',
      stage: 'new',
      owner: null,
    });
    stream.close();
  });

  it('when someone works a lead, then other desks hear that it changed', async () => {
    const stream = openStream(base, await cookieOf(t, 'meena@iconia.test'));
    await stream.opened;
    const id = t.storeLead();
    await stream.next((event) => event.event === 'lead');
    const agent = await t.signIn('arjun@iconia.test');
    await agent
      .post(`/desk/api/leads/${id}/notes`)
      .set(SAME_ORIGIN)
      .send({ text: 'Busy, call at 6' });
    const changed = await stream.next((event) => event.event === 'lead-changed');
    expect(changed.data).toEqual({ id });
    stream.close();
  });

  it('when a spam lead is stored, then no desk hears of it', async () => {
    const stream = openStream(base, await cookieOf(t, 'meena@iconia.test'));
    await stream.opened;
    t.storeLead({ name: 'Bot', spam: true });
    const real = t.storeLead({ name: 'Real person' });
    const lead = await stream.next((event) => event.event === 'lead');
    expect(lead.data).toMatchObject({ id: real, name: 'Real person' });
    expect(stream.received.filter((event) => event.event === 'lead')).toHaveLength(1);
    stream.close();
  });

  it('when the account is disabled, then its open stream is told and closed at once', async () => {
    const leaving = await t.addUser('leaving@iconia.test', 'agent', 'Leaving');
    const stream = openStream(base, await cookieOf(t, 'leaving@iconia.test'));
    const res = await stream.opened;
    const ended = once(res, 'end');
    const manager = await t.signIn('meena@iconia.test');
    await manager.post(`/desk/api/users/${leaving.id}/disable`).set(SAME_ORIGIN);
    await stream.next((event) => event.event === 'signed-out');
    await ended;
  });

  it('when a stranger asks for the stream, then it gets 401 and no events', async () => {
    const res = await request(t.url).get('/desk/api/events');
    expect(res.status).toBe(401);
    expect(res.get('Content-Type')).toMatch(/^application\/json/);
  });
});

describe('stopping the server', () => {
  it('when the server stops with a desk listening, then the stream ends and the server closes without waiting out its grace period', async () => {
    const t = await startDeskTestServer();
    try {
      await t.addUser('arjun@iconia.test', 'agent', 'Arjun');
      const stream = openStream(t.url, await cookieOf(t, 'arjun@iconia.test'));
      const ended = once(await stream.opened, 'end');
      const started = Date.now();
      await t.close();
      await ended;
      // The grace period for open connections is 10 s.
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await t.remove();
    }
  });
});
