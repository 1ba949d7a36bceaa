import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_CHANGE_REQUIRED } from '@iconia/shared';
import { startPushService } from '@iconia/testkit';
import { MAX_FAILURES_PER_ACCOUNT } from '../desk/auth.ts';
import {
  PASSWORD,
  SAME_ORIGIN,
  startDeskTestServer,
  type DeskTestServer,
} from '../desk/desk-test-support.ts';
import type { DeskUser } from '../desk/desk-types.ts';

const NEW_PASSWORD = 'my own new password';

describe('desk accounts: password reset, re-enabling, changing one’s own password', () => {
  let t: DeskTestServer;
  let manager: DeskUser;

  beforeAll(async () => {
    t = await startDeskTestServer();
    manager = await t.addUser('meena@iconia.test', 'manager', 'Meena');
  });
  afterAll(async () => {
    await t.remove();
  });

  const signIn = (email: string, password: string) =>
    request(t.url).post('/desk/api/session').set(SAME_ORIGIN).send({ email, password });
  const cookieOf = (res: request.Response) =>
    /^desk_session=[^;]+/.exec(res.get('Set-Cookie')?.[0] ?? '')?.[0] ?? '';

  async function resetByManager(agent: DeskUser) {
    const boss = await t.signIn('meena@iconia.test');
    const res = await boss.post(`/desk/api/users/${agent.id}/password-reset`).set(SAME_ORIGIN);
    expect(res.status).toBe(200);
    return res.body as { user: DeskUser; temporaryPassword: string };
  }

  it('when a manager resets an agent’s password, then a random temporary password is answered once, only its hash is stored and the agent’s sessions end', async () => {
    const agent = await t.addUser('arjun@iconia.test', 'agent', 'Arjun');
    const phone = await t.signIn('arjun@iconia.test');
    expect((await phone.get('/desk/api/leads')).status).toBe(200);

    const first = await resetByManager(agent);
    const second = await resetByManager(agent);

    expect(first.user).toEqual({ ...agent, mustChangePassword: true });
    expect(first.temporaryPassword).toMatch(/^[A-Za-z2-9]{4}(-[A-Za-z2-9]{4}){3}$/);
    expect(second.temporaryPassword).not.toBe(first.temporaryPassword);
    const stored = t.store.db
      .prepare('SELECT password_hash FROM desk_users WHERE id = ?')
      .pluck()
      .get(agent.id) as string;
    expect(stored).toMatch(/^\$argon2id\$/);
    expect(stored).not.toContain(second.temporaryPassword);
    expect((await phone.get('/desk/api/leads')).status).toBe(401);
    expect((await signIn('arjun@iconia.test', PASSWORD)).status).toBe(401);
    expect((await signIn('arjun@iconia.test', first.temporaryPassword)).status).toBe(401);
    // The list shows the manager who has not changed it yet.
    const boss = await t.signIn('meena@iconia.test');
    const list = await boss.get('/desk/api/users');
    expect(list.body).toMatchObject({
      users: expect.arrayContaining([
        expect.objectContaining({ id: agent.id, mustChangePassword: true }),
      ]) as unknown,
    });
  });

  it('when a manager resets an agent’s password, then the agent’s phones get no more alerts', async () => {
    const agent = await t.addUser('sunil@iconia.test', 'agent', 'Sunil');
    const desk = await t.signIn('sunil@iconia.test');
    const push = await startPushService();
    const devices = () =>
      t.store.db
        .prepare('SELECT count(*) FROM push_subscriptions WHERE user_id = ?')
        .pluck()
        .get(agent.id);
    try {
      const subscribed = await desk
        .post('/desk/api/push/subscriptions')
        .set(SAME_ORIGIN)
        // Stored only, never sent to: an endpoint at a browser's push service, as a phone's is.
        .send({
          ...push.device().subscription,
          endpoint: 'https://fcm.googleapis.com/fcm/send/sunil-phone',
        });
      expect(subscribed.status).toBe(201);
      expect(devices()).toBe(1);

      await resetByManager(agent);

      expect(devices()).toBe(0);
    } finally {
      await push.close();
    }
  });

  it('when the agent signs in with the temporary password, then every desk call but the password change, session and sign-out answers 403 until they choose their own', async () => {
    const agent = await t.addUser('kiran@iconia.test', 'agent', 'Kiran');
    const leadId = t.storeLead({ mobile: '9876543210' });
    const { temporaryPassword } = await resetByManager(agent);

    const signedIn = await signIn('kiran@iconia.test', temporaryPassword);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toEqual({ user: { ...agent, mustChangePassword: true } });
    const cookie = cookieOf(signedIn);
    const as = (method: 'get' | 'post' | 'patch' | 'put', path: string) =>
      request(t.url)[method](`/desk/api${path}`).set(SAME_ORIGIN).set('Cookie', cookie);

    for (const [method, path] of [
      ['get', '/leads'],
      ['get', `/leads/${leadId}`],
      ['patch', `/leads/${leadId}`],
      ['post', `/leads/${leadId}/notes`],
      ['get', '/today'],
      ['get', '/duty'],
      ['get', '/users?short=1'],
      ['get', '/events'],
    ] as const) {
      const refused = await as(method, path).send({ text: 'Called back', stage: 'contacted' });
      expect(refused.status, `${method} ${path}`).toBe(403);
      expect(refused.body).toEqual({ error: PASSWORD_CHANGE_REQUIRED });
    }
    const written = t.deskStore
      .eventsOf(t.deskStore.leadById(leadId)?.buyer_id ?? 0)
      .filter((entry) => entry.type === 'note' || entry.type === 'stage');
    expect(written).toEqual([]);

    const session = await as('get', '/session');
    expect(session.body).toEqual({ user: { ...agent, mustChangePassword: true } });

    const changed = await as('put', '/session/password').send({
      currentPassword: temporaryPassword,
      newPassword: NEW_PASSWORD,
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ user: { ...agent, mustChangePassword: false } });
    // The session is replaced by a new one: the old cookie has ended, the new one works.
    expect((await as('get', '/session')).body).toEqual({ user: null });
    const renewed = cookieOf(changed);
    expect(renewed).not.toBe(cookie);
    const leads = await request(t.url).get('/desk/api/leads').set('Cookie', renewed);
    expect(leads.status).toBe(200);
    expect((await signIn('kiran@iconia.test', temporaryPassword)).status).toBe(401);
    expect((await signIn('kiran@iconia.test', NEW_PASSWORD)).status).toBe(200);
  });

  it('when the agent with a temporary password signs out, then the sign-out works', async () => {
    const agent = await t.addUser('asha@iconia.test', 'agent', 'Asha');
    const { temporaryPassword } = await resetByManager(agent);
    const cookie = cookieOf(await signIn('asha@iconia.test', temporaryPassword));

    const out = await request(t.url)
      .delete('/desk/api/session')
      .set(SAME_ORIGIN)
      .set('Cookie', cookie);

    expect(out.status).toBe(204);
    expect((await request(t.url).get('/desk/api/session').set('Cookie', cookie)).body).toEqual({
      user: null,
    });
  });

  it('when a new password is refused, then the answer says why and the temporary one still works', async () => {
    const agent = await t.addUser('ravi@iconia.test', 'agent', 'Ravi');
    const { temporaryPassword } = await resetByManager(agent);
    const cookie = cookieOf(await signIn('ravi@iconia.test', temporaryPassword));
    const change = (body: object) =>
      request(t.url)
        .put('/desk/api/session/password')
        .set(SAME_ORIGIN)
        .set('Cookie', cookie)
        .send(body);

    expect(
      (await change({ currentPassword: temporaryPassword, newPassword: 'short' })).body,
    ).toEqual({ error: 'The password must be at least 10 characters long.' });
    const same = await change({
      currentPassword: temporaryPassword,
      newPassword: temporaryPassword,
    });
    expect(same.body).toEqual({ error: 'Choose a password other than the current one.' });
    const wrong = await change({ currentPassword: 'not the password', newPassword: NEW_PASSWORD });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ error: 'The current password is not right.' });
    const missing = await change({ newPassword: NEW_PASSWORD });
    expect(missing.body).toEqual({ error: '"currentPassword" is required.' });

    const session = await request(t.url).get('/desk/api/session').set('Cookie', cookie);
    expect(session.body).toMatchObject({ user: { mustChangePassword: true } });
    expect((await signIn('ravi@iconia.test', NEW_PASSWORD)).status).toBe(401);
  });

  it('when someone guesses the current password through the change, then the guesses count like failed sign-ins', async () => {
    await t.addUser('neha@iconia.test', 'agent', 'Neha');
    const agent = await t.signIn('neha@iconia.test');
    const guess = (currentPassword: string) =>
      agent
        .put('/desk/api/session/password')
        .set(SAME_ORIGIN)
        .send({ currentPassword, newPassword: NEW_PASSWORD });

    for (let tries = 0; tries < MAX_FAILURES_PER_ACCOUNT; tries += 1) {
      expect((await guess(`guess ${tries}`)).status).toBe(400);
    }
    const locked = await guess(PASSWORD);

    expect(locked.status).toBe(429);
    expect((await signIn('neha@iconia.test', PASSWORD)).status).toBe(429);
  });

  it('when a locked-out agent’s password is reset, then the temporary password works at once', async () => {
    const agent = await t.addUser('dev@iconia.test', 'agent', 'Dev');
    for (let tries = 0; tries < MAX_FAILURES_PER_ACCOUNT; tries += 1) {
      await signIn('dev@iconia.test', `guess ${tries}`);
    }
    expect((await signIn('dev@iconia.test', PASSWORD)).status).toBe(429);

    const { temporaryPassword } = await resetByManager(agent);

    expect((await signIn('dev@iconia.test', temporaryPassword)).status).toBe(200);
  });

  it('when a manager re-enables a disabled agent, then the agent signs in again with their password', async () => {
    const agent = await t.addUser('leela@iconia.test', 'agent', 'Leela');
    const boss = await t.signIn('meena@iconia.test');
    await boss.post(`/desk/api/users/${agent.id}/disable`).set(SAME_ORIGIN);
    expect((await signIn('leela@iconia.test', PASSWORD)).status).toBe(401);

    const enabled = await boss.post(`/desk/api/users/${agent.id}/enable`).set(SAME_ORIGIN);
    const twice = await boss.post(`/desk/api/users/${agent.id}/enable`).set(SAME_ORIGIN);

    expect(enabled.status).toBe(200);
    expect(enabled.body).toEqual({ user: { ...agent, disabled: false } });
    expect(twice.body).toEqual(enabled.body);
    expect((await signIn('leela@iconia.test', PASSWORD)).status).toBe(200);
    const short = await boss.get('/desk/api/users?short=1');
    expect(short.body).toMatchObject({
      users: expect.arrayContaining([{ id: agent.id, name: 'Leela' }]) as unknown,
    });
  });

  it('when a manager aims a reset or re-enable at themselves, another manager or nobody, then it is refused with a reason', async () => {
    const other = await t.addUser('ops@iconia.test', 'manager', 'Ops');
    const boss = await t.signIn('meena@iconia.test');
    const post = (path: string) => boss.post(`/desk/api/users/${path}`).set(SAME_ORIGIN);

    expect((await post(`${manager.id}/password-reset`)).body).toEqual({
      error: 'Change your own password with "Change password" in your account menu.',
    });
    const managerReset = await post(`${other.id}/password-reset`);
    expect(managerReset.status).toBe(403);
    expect(managerReset.body).toEqual({
      error: 'A manager password is reset with pnpm leads users reset-password.',
    });
    expect((await post(`${other.id}/enable`)).body).toEqual({
      error: 'A manager account is enabled with pnpm leads users enable.',
    });
    expect((await post('99999/password-reset')).status).toBe(404);
    expect((await post('99999/enable')).body).toEqual({
      error: 'There is no account with this id.',
    });
    expect((await post('abc/enable')).status).toBe(404);
    expect((await signIn('ops@iconia.test', PASSWORD)).status).toBe(200);
  });

  it('when a stranger or an agent calls the new manager endpoints, then they get nothing and nothing changes', async () => {
    const target = await t.addUser('target@iconia.test', 'agent', 'Target');
    await t.addUser('nosy@iconia.test', 'agent', 'Nosy');
    const agent = await t.signIn('nosy@iconia.test');
    const boss = await t.signIn('meena@iconia.test');
    await boss.post(`/desk/api/users/${target.id}/disable`).set(SAME_ORIGIN);

    for (const path of [`${target.id}/password-reset`, `${target.id}/enable`]) {
      const stranger = await request(t.url).post(`/desk/api/users/${path}`).set(SAME_ORIGIN);
      expect(stranger.status).toBe(401);
      expect(stranger.body).toEqual({ error: 'Please sign in.' });
      const byAgent = await agent.post(`/desk/api/users/${path}`).set(SAME_ORIGIN);
      expect(byAgent.status).toBe(403);
      expect(byAgent.body).toEqual({ error: 'Only a manager can do this.' });
    }

    expect(t.deskStore.userById(target.id)).toMatchObject({
      disabled_at: expect.any(Number) as unknown,
      must_change_password: 0,
    });
  });
});
