import { once } from 'node:events';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  cookieOf,
  openStream,
  startDeskTestServer,
  SAME_ORIGIN,
  type DeskTestServer,
} from '../desk/desk-test-support.ts';
import { IDLE_TIMEOUT_MS } from '../desk/auth.ts';
import { MAX_STREAMS, MAX_STREAMS_PER_SESSION, MAX_STREAMS_PER_USER } from './live-events.ts';

const hasId = (data: unknown, id: number) => (data as { id?: number }).id === id;

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

  it('when a visitor sends the brochure form, then a signed-in desk receives the lead, without asking again', async () => {
    const stream = openStream(base, await cookieOf(t, 'arjun@iconia.test'));
    const res = await stream.opened;
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    const form = await request(t.url).post('/send-email').type('form').send({
      name: 'Lakshmi Devi',
      mobile: '9988776655',
      plotRange: '200 - 300 Sq. Yds',
      source: 'brochure-modal',
      utm_source: 'google',
    });
    expect(form.text).toBe('success');
    const lead = await stream.next((event) => event.event === 'lead');
    expect(lead.data).toMatchObject({
      name: 'Lakshmi Devi',
      mobile: '+919988776655',
      form: 'brochure-modal',
      stage: 'new',
      owner: null,
    });
    stream.close();
  });

  it('when someone works a lead, then other desks hear that its buyer changed, named by their latest enquiry', async () => {
    const stream = openStream(base, await cookieOf(t, 'meena@iconia.test'));
    await stream.opened;
    const first = t.storeLead({ mobile: '9811122233' });
    const latest = t.storeLead({ mobile: '9811122233' });
    const arrived = await stream.next((event) => event.event === 'lead');
    const { buyerId } = arrived.data as { buyerId: number };
    const agent = await t.signIn('arjun@iconia.test');
    await agent
      .post(`/desk/api/leads/${first}/notes`)
      .set(SAME_ORIGIN)
      .send({ text: 'Busy, call at 6' });
    const changed = await stream.next((event) => event.event === 'lead-changed');
    expect(changed.data).toEqual({ id: latest, buyerId });
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
      // The grace period for open connections is a 10 s timer; with the timers held still it
      // never runs out, so the server can close only by ending the stream itself.
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      try {
        await Promise.all([t.close(), ended]);
      } finally {
        vi.useRealTimers();
      }
    } finally {
      await t.remove();
    }
  });
});

describe('how many live streams one person and the server keep open', () => {
  let t: DeskTestServer;

  beforeAll(async () => {
    t = await startDeskTestServer();
    await t.addUser('arjun@iconia.test', 'agent', 'Arjun');
  });
  afterAll(async () => {
    await t.remove();
  });

  /** Opens streams one after another, so "oldest" means the first opened. */
  async function openAll(cookies: readonly string[]) {
    const streams = [];
    for (const cookie of cookies) {
      const stream = openStream(t.url, cookie);
      expect((await stream.opened).statusCode).toBe(200);
      streams.push(stream);
    }
    return streams;
  }

  it('when one session opens a fifth stream, then its oldest is told it was replaced and closed', async () => {
    const cookie = await cookieOf(t, 'arjun@iconia.test');
    const streams = await openAll(Array(MAX_STREAMS_PER_SESSION).fill(cookie) as string[]);
    const oldestEnded = once(await streams[0]!.opened, 'end');
    const fifth = await openAll([cookie]);
    await streams[0]!.next((event) => event.event === 'replaced');
    await oldestEnded;
    // The other four still hear new leads.
    t.storeLead({ name: 'Still heard' });
    for (const stream of [...streams.slice(1), ...fifth]) {
      await stream.next((event) => event.event === 'lead');
    }
    expect(streams[0]!.received.some((event) => event.event === 'lead')).toBe(false);
    for (const stream of [...streams, ...fifth]) stream.close();
  });

  it('when one person opens a ninth stream across sessions, then their oldest closes', async () => {
    const sessions = [
      await cookieOf(t, 'arjun@iconia.test'),
      await cookieOf(t, 'arjun@iconia.test'),
      await cookieOf(t, 'arjun@iconia.test'),
    ];
    const streams = await openAll([
      ...(Array(4).fill(sessions[0]) as string[]),
      ...(Array(4).fill(sessions[1]) as string[]),
    ]);
    expect(MAX_STREAMS_PER_USER).toBe(8);
    const ninth = await openAll([sessions[2]!]);
    await streams[0]!.next((event) => event.event === 'replaced');
    expect(streams.slice(1).some((s) => s.received.some((e) => e.event === 'replaced'))).toBe(
      false,
    );
    for (const stream of [...streams, ...ninth]) stream.close();
  });
});

describe('the live streams of the whole desk at their limit', () => {
  it('when every stream the server allows is open, then one more gets 429 while a visitor still sends a lead and /healthz answers', async () => {
    const t = await startDeskTestServer();
    const streams: Array<ReturnType<typeof openStream>> = [];
    try {
      // People and sessions enough to reach the total within each person's own limits.
      const people = MAX_STREAMS / MAX_STREAMS_PER_USER;
      const sessionsEach = MAX_STREAMS_PER_USER / MAX_STREAMS_PER_SESSION;
      const cookies: string[] = [];
      for (let person = 0; person < people; person += 1) {
        await t.addUser(`agent${person}@iconia.test`, 'agent');
        for (let session = 0; session < sessionsEach; session += 1) {
          const cookie = await cookieOf(t, `agent${person}@iconia.test`);
          for (let tab = 0; tab < MAX_STREAMS_PER_SESSION; tab += 1) cookies.push(cookie);
        }
      }
      streams.push(...cookies.map((cookie) => openStream(t.url, cookie)));
      const opened = await Promise.all(streams.map((stream) => stream.opened));
      expect(opened.filter((res) => res.statusCode === 200)).toHaveLength(MAX_STREAMS);

      await t.addUser('late@iconia.test', 'agent');
      const refused = await request(t.url)
        .get('/desk/api/events')
        .set('Cookie', await cookieOf(t, 'late@iconia.test'));
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({
        error: 'Too many live desk connections are open. Please try again later.',
      });

      const lead = await request(t.url)
        .post('/contact-form')
        .field('name', 'Anita')
        .field('mobile', '9876500002')
        .field('location', 'Kukatpally');
      expect(lead.status).toBe(200);
      expect(lead.text).toBe('success');
      expect(t.store.listLeads().map((row) => row.mobile)).toContain('+919876500002');
      expect((await request(t.url).get('/healthz')).status).toBe(200);
      // Every open desk hears of the lead.
      await streams[0]!.next((event) => event.event === 'lead');
      await streams.at(-1)!.next((event) => event.event === 'lead');
    } finally {
      for (const stream of streams) stream.close();
      await t.remove();
    }
  }, 60_000);
});

describe('an open desk tab left alone', () => {
  it('when a tab with a live stream is left for more than 12 hours, then the session ends and the stream is told', async () => {
    const t = await startDeskTestServer();
    try {
      await t.addUser('arjun@iconia.test', 'agent', 'Arjun');
      const cookie = await cookieOf(t, 'arjun@iconia.test');
      const stream = openStream(t.url, cookie);
      expect((await stream.opened).statusCode).toBe(200);
      // Eleven hours on, the stream checks its session on several ticks, each seen by the lead
      // it brings: none of them is the person's own doing.
      t.clock.advance(11 * 3_600_000);
      for (const name of ['First buyer', 'Second buyer', 'Third buyer']) {
        const id = t.storeLead({ name });
        await stream.next((event) => event.event === 'lead' && hasId(event.data, id));
      }
      expect(stream.received.some((event) => event.event === 'signed-out')).toBe(false);
      t.clock.advance(IDLE_TIMEOUT_MS - 11 * 3_600_000 + 60_000);
      await stream.next((event) => event.event === 'signed-out');
      const res = await request(t.url).get('/desk/api/session').set('Cookie', cookie);
      expect(res.body).toEqual({ user: null });
    } finally {
      await t.remove();
    }
  }, 60_000);
});
