import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deskRoutes,
  startDeskTestServer,
  PASSWORD,
  SAME_ORIGIN,
  type DeskRoute,
  type DeskTestServer,
} from './desk-test-support.ts';
import type { DeskUser } from './desk-types.ts';
import { PASSWORD_CHANGE_REQUIRED } from '@iconia/shared';
import { resetToTemporaryPassword } from '../accounts/index.ts';
import { IDLE_TIMEOUT_MS, MAX_FAILURES_PER_ACCOUNT, SIGN_IN_WINDOW_MS } from './auth.ts';

/** Every route of the desk API, read from the router itself, so a new route cannot be missed. */
function deskEndpoints(t: DeskTestServer): DeskRoute[] {
  return deskRoutes(t.desk.api.router).map((route) => ({
    ...route,
    path: `/desk/api${route.path.replace(':id', '1').replace(':name', 'acme-realty')}`,
  }));
}

const STATE_CHANGING = new Set(['post', 'patch', 'put', 'delete']);
/** What GET /session answers a browser with a live session: its person. */
const SIGNED_IN = { user: { id: expect.any(Number) as number } };
const label = (endpoint: DeskRoute) => `${endpoint.method.toUpperCase()} ${endpoint.path}`;

describe('sales desk security', () => {
  let t: DeskTestServer;
  let endpoints: DeskRoute[];
  let manager: DeskUser;

  beforeAll(async () => {
    t = await startDeskTestServer();
    manager = await t.addUser('manager@iconia.test', 'manager', 'Meena');
    await t.addUser('agent@iconia.test', 'agent', 'Arjun');
    t.storeLead({ mobile: '9876543210' });
    endpoints = deskEndpoints(t);
  });
  afterAll(async () => {
    await t.remove();
  });

  it('when the router is read, then it lists the endpoints of the contract', () => {
    expect(endpoints.map(label)).toEqual(
      expect.arrayContaining([
        'POST /desk/api/session',
        'GET /desk/api/leads',
        'GET /desk/api/events',
        'PATCH /desk/api/leads/1',
        'GET /desk/api/export.csv',
        'POST /desk/api/erasures',
        'POST /desk/api/users/1/disable',
        'POST /desk/api/users/1/enable',
        'POST /desk/api/users/1/password-reset',
        'PUT /desk/api/session/password',
        'GET /desk/api/sources',
        'POST /desk/api/sources',
        'POST /desk/api/sources/acme-realty/rotate',
        'POST /desk/api/sources/acme-realty/disable',
        'POST /desk/api/sources/acme-realty/enable',
        'GET /desk/api/source-health',
        'GET /desk/api/openapi.json',
        'GET /desk/api/plots',
        'GET /desk/api/plots.csv',
        'GET /desk/api/plot-bookings.csv',
        'POST /desk/api/plots/import',
        'GET /desk/api/plots/1',
        'PATCH /desk/api/plots/1',
        'POST /desk/api/plots/1/hold',
        'DELETE /desk/api/plots/1/hold',
        'POST /desk/api/plots/1/hold/extend',
        'POST /desk/api/plots/1/booking',
        'POST /desk/api/plots/1/booking/approve',
        'POST /desk/api/plots/1/booking/refuse',
        'POST /desk/api/plots/1/booking/cancel',
        'GET /desk/api/leads/1/plots',
        'GET /desk/api/duty',
        'PUT /desk/api/duty',
        'PUT /desk/api/users/1/duty',
        'GET /desk/api/routing',
        'PATCH /desk/api/routing',
        'GET /desk/api/routing/unanswered',
        'GET /desk/api/routing/overdue',
        'GET /desk/api/waiting',
        'GET /desk/api/visit-slots',
        'PUT /desk/api/visit-slots',
        'GET /desk/api/visit-availability',
        'GET /desk/api/visits',
        'GET /desk/api/leads/1/visits',
        'POST /desk/api/leads/1/visits',
        'GET /desk/api/visits/1',
        'POST /desk/api/visits/1/reschedule',
        'POST /desk/api/visits/1/cancel',
        'POST /desk/api/visits/1/check-in',
        'POST /desk/api/visits/1/outcome',
        'GET /desk/api/visits/1/calendar.ics',
        'GET /desk/api/held',
        'POST /desk/api/held/release',
        'POST /desk/api/held/release-last-hour',
        'POST /desk/api/buyers/1/merge',
        'GET /desk/api/push/key',
        'POST /desk/api/push/subscriptions',
        'DELETE /desk/api/push/subscriptions',
        'POST /desk/api/push/subscriptions/check',
      ]),
    );
    expect(endpoints.length).toBeGreaterThanOrEqual(58);
  });

  it('when a stranger calls any endpoint but sign-in and who is signed in, then it answers 401 and shows no data', async () => {
    for (const endpoint of endpoints) {
      if (endpoint.path === '/desk/api/session' && endpoint.method !== 'delete') continue;
      const res = await request(t.url)[endpoint.method](endpoint.path).set(SAME_ORIGIN).send({});
      expect(res.status, label(endpoint)).toBe(401);
      expect(res.body, label(endpoint)).toEqual({ error: 'Please sign in.' });
    }
  });

  it('when a stranger asks who is signed in, then the answer is nobody, with no error, and a made-up cookie is cleared', async () => {
    const none = await request(t.url).get('/desk/api/session');
    const forged = await request(t.url)
      .get('/desk/api/session')
      .set('Cookie', 'desk_session=forged-token-value');

    expect(none.status).toBe(200);
    expect(none.body).toEqual({ user: null });
    expect(forged.status).toBe(200);
    expect(forged.body).toEqual({ user: null });
    expect(forged.get('Set-Cookie')?.[0]).toMatch(/^desk_session=;.*Expires=Thu, 01 Jan 1970/);
  });

  it('when a stranger sends a made-up session cookie, then every endpoint but sign-in and who is signed in answers 401', async () => {
    for (const endpoint of endpoints) {
      if (endpoint.path === '/desk/api/session' && endpoint.method !== 'delete') continue;
      const res = await request(t.url)
        [endpoint.method](endpoint.path)
        .set(SAME_ORIGIN)
        .set('Cookie', 'desk_session=forged-token-value');
      expect(res.status, label(endpoint)).toBe(401);
    }
  });

  it('when an agent calls a manager endpoint, then it answers 403', async () => {
    const agent = await t.signIn('agent@iconia.test');
    const managerEndpoints = [
      ...endpoints.filter((endpoint) => endpoint.managerOnly),
      { method: 'get', path: '/desk/api/users', managerOnly: true } as const,
    ];
    expect(managerEndpoints.map(label)).toEqual(
      expect.arrayContaining([
        'GET /desk/api/export.csv',
        'POST /desk/api/erasures',
        'POST /desk/api/users',
        'POST /desk/api/users/1/disable',
        'POST /desk/api/users/1/enable',
        'POST /desk/api/users/1/password-reset',
        'GET /desk/api/sources',
        'POST /desk/api/sources',
        'POST /desk/api/sources/acme-realty/rotate',
        'POST /desk/api/sources/acme-realty/disable',
        'POST /desk/api/sources/acme-realty/enable',
        'GET /desk/api/users',
        'GET /desk/api/source-health',
        'GET /desk/api/openapi.json',
        'GET /desk/api/plots.csv',
        'GET /desk/api/plot-bookings.csv',
        'POST /desk/api/plots/import',
        'PATCH /desk/api/plots/1',
        'POST /desk/api/plots/1/hold/extend',
        'POST /desk/api/plots/1/booking/approve',
        'POST /desk/api/plots/1/booking/refuse',
        'POST /desk/api/plots/1/booking/cancel',
        'PUT /desk/api/users/1/duty',
        'GET /desk/api/routing',
        'PATCH /desk/api/routing',
        'GET /desk/api/routing/overdue',
        'GET /desk/api/waiting',
        'PUT /desk/api/visit-slots',
        'GET /desk/api/held',
        'POST /desk/api/held/release',
        'POST /desk/api/held/release-last-hour',
        'POST /desk/api/buyers/1/merge',
      ]),
    );
    for (const endpoint of managerEndpoints) {
      const res = await agent[endpoint.method](endpoint.path)
        .set(SAME_ORIGIN)
        .send({ mobile: '9876543210', email: 'x@iconia.test', name: 'X', password: PASSWORD });
      expect(res.status, label(endpoint)).toBe(403);
      expect(res.body, label(endpoint)).toEqual({ error: 'Only a manager can do this.' });
    }
    // Nothing happened: the lead keeps its mobile and no account was added.
    expect(t.deskStore.listUsers()).toHaveLength(2);
    expect(t.store.listLeads()[0]?.mobile).toBe('+919876543210');
    expect(t.store.db.prepare('SELECT count(*) FROM partner_sources').pluck().get()).toBe(0);
    expect(t.routing.duty(manager.id)?.onDuty).toBe(false);
    expect(t.store.db.prepare('SELECT count(*) FROM visit_slots').pluck().get()).toBe(28);
  });

  it('when an account signed in with a temporary password, then every endpoint but its session, sign-out and password change answers 403', async () => {
    const target = await t.addUser('temporary@iconia.test', 'agent', 'Temporary');
    const { temporaryPassword } = await resetToTemporaryPassword(t.deskStore, target.id);
    const agent = await t.signIn('temporary@iconia.test', temporaryPassword);
    const open = new Set([
      'GET /desk/api/session',
      'DELETE /desk/api/session',
      'POST /desk/api/session/sign-out-everywhere',
      'PUT /desk/api/session/password',
    ]);
    expect(endpoints.map(label).filter((name) => open.has(name))).toHaveLength(open.size);
    const refused = endpoints.filter(
      (endpoint) => !open.has(label(endpoint)) && label(endpoint) !== 'POST /desk/api/session',
    );
    for (const endpoint of refused) {
      const res = await agent[endpoint.method](endpoint.path)
        .set(SAME_ORIGIN)
        .send({ mobile: '9876543210', text: 'x', onDuty: true });
      expect(res.status, label(endpoint)).toBe(403);
      expect(res.body, label(endpoint)).toEqual({ error: PASSWORD_CHANGE_REQUIRED });
    }
    expect(t.store.listLeads()[0]?.mobile).toBe('+919876543210');
    expect((await agent.get('/desk/api/session')).body).toMatchObject({
      user: { mustChangePassword: true },
    });
  });

  it('when a signed-in request comes from another site, then every state-changing endpoint answers 403', async () => {
    const agent = await t.signIn('manager@iconia.test');
    const changing = endpoints.filter((endpoint) => STATE_CHANGING.has(endpoint.method));
    expect(changing.length).toBeGreaterThanOrEqual(8);
    const foreign = [
      { Origin: 'https://evil.example' },
      { 'Sec-Fetch-Site': 'cross-site' },
      { 'Sec-Fetch-Site': 'same-site' },
      { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'same-origin' },
      { Origin: 'null' },
      {},
    ];
    for (const endpoint of changing) {
      for (const headers of foreign) {
        const res = await agent[endpoint.method](endpoint.path)
          .set(headers)
          .send({ mobile: '9876543210', email: 'manager@iconia.test', password: PASSWORD });
        expect(res.status, `${label(endpoint)} ${JSON.stringify(headers)}`).toBe(403);
        expect(res.body).toEqual({ error: 'This request must come from the sales desk itself.' });
      }
    }
    expect(t.store.listLeads()[0]?.mobile).toBe('+919876543210');
    // The session survived the attempts: DELETE /session from another site did not sign out.
    expect((await agent.get('/desk/api/session')).body).toMatchObject(SIGNED_IN);
  });

  it('when the request names its own origin, then a state-changing request passes', async () => {
    const agent = await t.signIn('manager@iconia.test');
    const note = await agent
      .post('/desk/api/leads/1/notes')
      .set('Host', 'desk.iconia.test')
      .set('Origin', 'http://desk.iconia.test')
      .send({ text: 'Asked for the brochure again' });
    expect(note.status).toBe(201);
    // Behind a TLS proxy the page's origin is https while the server itself speaks http.
    const proxied = await agent
      .post('/desk/api/leads/1/notes')
      .set('Host', 'desk.iconia.test')
      .set('Origin', 'https://desk.iconia.test')
      .set('Sec-Fetch-Site', 'same-origin')
      .send({ text: 'Prefers WhatsApp' });
    expect(proxied.status).toBe(201);
  });

  it('when someone signs in, then the session cookie is HttpOnly, SameSite=Strict, scoped to /desk, and Secure over HTTPS', async () => {
    const res = await request(t.url)
      .post('/desk/api/session')
      .set(SAME_ORIGIN)
      .send({ email: 'agent@iconia.test', password: PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ user: { email: 'agent@iconia.test', role: 'agent' } });
    const [cookie] = res.get('Set-Cookie') ?? [];
    expect(cookie).toMatch(/^desk_session=[A-Za-z0-9_-]{43};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).toContain('Path=/desk');
    expect(cookie).not.toContain('Secure');

    const proxied = await startDeskTestServer({ env: { TRUST_PROXY: 'loopback' } });
    try {
      await proxied.addUser('agent@iconia.test', 'agent');
      const secure = await request(proxied.url)
        .post('/desk/api/session')
        .set(SAME_ORIGIN)
        .set('X-Forwarded-Proto', 'https')
        .send({ email: 'agent@iconia.test', password: PASSWORD });
      expect(secure.get('Set-Cookie')?.[0]).toContain('Secure');
    } finally {
      await proxied.remove();
    }
  });

  it('when the database is read, then it holds a hash of the session token, never the token', async () => {
    const res = await request(t.url)
      .post('/desk/api/session')
      .set(SAME_ORIGIN)
      .send({ email: 'agent@iconia.test', password: PASSWORD });
    const token = /^desk_session=([^;]+)/.exec(res.get('Set-Cookie')?.[0] ?? '')?.[1] ?? '';
    const { db } = t.store;
    const stored = db.prepare('SELECT token_hash FROM desk_sessions').pluck().all() as string[];
    const hashes = db.prepare('SELECT password_hash FROM desk_users').pluck().all() as string[];
    expect(stored.length).toBeGreaterThan(0);
    expect(stored).not.toContain(token);
    expect(hashes.every((hash) => hash.startsWith('$argon2id$'))).toBe(true);
  });

  it('when the person signs out, then the same cookie no longer works', async () => {
    const signIn = await request(t.url)
      .post('/desk/api/session')
      .set(SAME_ORIGIN)
      .send({ email: 'agent@iconia.test', password: PASSWORD });
    const cookie = /^desk_session=[^;]+/.exec(signIn.get('Set-Cookie')?.[0] ?? '')?.[0] ?? '';
    expect((await request(t.url).get('/desk/api/leads').set('Cookie', cookie)).status).toBe(200);
    const out = await request(t.url)
      .delete('/desk/api/session')
      .set(SAME_ORIGIN)
      .set('Cookie', cookie);
    expect(out.status).toBe(204);
    expect(out.get('Set-Cookie')?.[0]).toMatch(/^desk_session=;.*Expires=Thu, 01 Jan 1970/);
    const reused = await request(t.url).get('/desk/api/leads').set('Cookie', cookie);
    expect(reused.status).toBe(401);
  });

  it('when the person signs out everywhere, then every one of their sessions ends and others stay', async () => {
    const phone = await t.signIn('agent@iconia.test');
    const laptop = await t.signIn('agent@iconia.test');
    const colleague = await t.signIn('manager@iconia.test');
    const res = await phone.post('/desk/api/session/sign-out-everywhere').set(SAME_ORIGIN);
    expect(res.status).toBe(204);
    expect((await phone.get('/desk/api/session')).body).toEqual({ user: null });
    expect((await laptop.get('/desk/api/session')).body).toEqual({ user: null });
    expect((await colleague.get('/desk/api/session')).body).toMatchObject(SIGNED_IN);
  });

  it('when a session is idle for 12 hours, then it has expired', async () => {
    const agent = await t.signIn('agent@iconia.test');
    t.clock.advance(IDLE_TIMEOUT_MS - 60_000);
    expect((await agent.get('/desk/api/session')).body).toMatchObject(SIGNED_IN);
    t.clock.advance(IDLE_TIMEOUT_MS - 60_000);
    expect((await agent.get('/desk/api/session')).body).toMatchObject(SIGNED_IN);
    t.clock.advance(IDLE_TIMEOUT_MS + 1);
    expect((await agent.get('/desk/api/session')).body).toEqual({ user: null });
  });

  it('when a session is used every few hours for 7 days, then it still ends after 7 days', async () => {
    const agent = await t.signIn('agent@iconia.test');
    for (let hours = 0; hours < 7 * 24; hours += 6) {
      expect((await agent.get('/desk/api/session')).body).toMatchObject(SIGNED_IN);
      t.clock.advance(6 * 3_600_000);
    }
    t.clock.advance(60_000);
    expect((await agent.get('/desk/api/session')).body).toEqual({ user: null });
  });

  it('when the password is wrong again and again, then the account is locked, even for the right password, with one generic message', async () => {
    await t.addUser('ravi@iconia.test', 'agent');
    const attempt = (email: string, password: string, ip = '203.0.113.7') =>
      request(t.url)
        .post('/desk/api/session')
        .set(SAME_ORIGIN)
        .set('X-Forwarded-For', ip)
        .send({ email, password });
    const unknown = await attempt('nobody@iconia.test', PASSWORD);
    expect(unknown.status).toBe(401);
    const wrong = await attempt('ravi@iconia.test', 'not the password');
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body).toEqual({ error: 'Email or password is incorrect.' });
    for (let tries = 1; tries < MAX_FAILURES_PER_ACCOUNT; tries += 1) {
      expect((await attempt('RAVI@iconia.test', `guess ${tries}`)).status).toBe(401);
    }
    const locked = await attempt('ravi@iconia.test', PASSWORD);
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({
      error: 'Too many sign-in attempts. Please wait 15 minutes and try again.',
    });
    expect(locked.get('Set-Cookie')).toBeUndefined();
    t.clock.advance(SIGN_IN_WINDOW_MS + 1);
    expect((await attempt('ravi@iconia.test', PASSWORD)).status).toBe(200);
  });

  it('when one address tries many accounts, then that address is locked out', async () => {
    const proxied = await startDeskTestServer({ env: { TRUST_PROXY: 'loopback' } });
    try {
      await proxied.addUser('asha@iconia.test', 'agent');
      const attempt = (email: string, ip: string, password = 'wrong password') =>
        request(proxied.url)
          .post('/desk/api/session')
          .set(SAME_ORIGIN)
          .set('X-Forwarded-For', ip)
          .send({ email, password });
      for (let index = 0; index < 20; index += 1) {
        expect((await attempt(`user${index}@iconia.test`, '198.51.100.9')).status).toBe(401);
      }
      expect((await attempt('asha@iconia.test', '198.51.100.9', PASSWORD)).status).toBe(429);
      expect((await attempt('asha@iconia.test', '198.51.100.10', PASSWORD)).status).toBe(200);
    } finally {
      await proxied.remove();
    }
  });

  it('when a manager disables an account, then its open sessions end at once and it cannot sign in', async () => {
    const target = await t.addUser('leaving@iconia.test', 'agent', 'Leaving');
    const agent = await t.signIn('leaving@iconia.test');
    const boss = await t.signIn('manager@iconia.test');
    expect((await agent.get('/desk/api/leads')).status).toBe(200);
    const res = await boss.post(`/desk/api/users/${target.id}/disable`).set(SAME_ORIGIN);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ user: { id: target.id, disabled: true } });
    expect((await agent.get('/desk/api/leads')).status).toBe(401);
    const again = await request(t.url)
      .post('/desk/api/session')
      .set(SAME_ORIGIN)
      .send({ email: 'leaving@iconia.test', password: PASSWORD });
    expect(again.status).toBe(401);
    expect(again.body).toEqual({ error: 'Email or password is incorrect.' });
    expect(manager.role).toBe('manager');
  });
});
