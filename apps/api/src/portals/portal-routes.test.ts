import type TestAgent from 'supertest/lib/agent.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalSourcesAnswer } from '@iconia/shared';
import {
  SAME_ORIGIN,
  startDeskTestServer,
  type DeskTestServer,
} from '../desk/desk-test-support.ts';

const LOGIN = { profileId: 'profile-4411', key: 'housing-secret-key-99' };

describe("the Sources screen's portal sources", () => {
  let t: DeskTestServer;
  let manager: TestAgent;
  let agent: TestAgent;

  beforeAll(async () => {
    t = await startDeskTestServer();
    await t.addUser('meena@iconia.test', 'manager', 'Meena');
    await t.addUser('arjun@iconia.test', 'agent', 'Arjun');
    manager = await t.signIn('meena@iconia.test');
    agent = await t.signIn('arjun@iconia.test');
  });
  afterAll(async () => {
    await t.remove();
  });

  it('when a manager adds a portal source, then it is listed with the portals and their fields, and its login is never sent back', async () => {
    const added = await manager
      .post('/desk/api/portal-sources')
      .set(SAME_ORIGIN)
      .send({ portal: 'housing', name: 'housing', credentials: LOGIN });
    expect(added.status, added.text).toBe(201);
    expect(added.body).toMatchObject({
      source: { name: 'housing', portal: 'housing', portalLabel: 'Housing.com', disabled: false },
    });

    const listed = await manager.get('/desk/api/portal-sources');
    expect(listed.status).toBe(200);
    const answer = listed.body as PortalSourcesAnswer;
    expect(answer.sources.map((source) => source.name)).toEqual(['housing']);
    expect(answer.portals.find((portal) => portal.portal === 'housing')?.fields).toEqual([
      { key: 'profileId', label: 'Housing.com profile id' },
      { key: 'key', label: 'Housing.com encryption key' },
    ]);
    for (const text of [added.text, listed.text]) {
      expect(text).not.toContain(LOGIN.key);
      expect(text).not.toContain(LOGIN.profileId);
    }
  });

  it('when a manager replaces the login, disables and enables the source, then each is answered with the source as it is', async () => {
    const replaced = await manager
      .put('/desk/api/portal-sources/housing/credentials')
      .set(SAME_ORIGIN)
      .send({ credentials: { profileId: 'profile-4411', key: 'a newer key' } });
    expect(replaced.status, replaced.text).toBe(200);
    expect(replaced.text).not.toContain('a newer key');
    const disabled = await manager
      .post('/desk/api/portal-sources/housing/disable')
      .set(SAME_ORIGIN);
    expect(disabled.body).toMatchObject({ source: { disabled: true } });
    const enabled = await manager.post('/desk/api/portal-sources/housing/enable').set(SAME_ORIGIN);
    expect(enabled.body).toMatchObject({ source: { disabled: false } });
  });

  it('when the portal, the name or the login is wrong, then the answer says which, and nothing is added', async () => {
    const post = (body: unknown) =>
      manager
        .post('/desk/api/portal-sources')
        .set(SAME_ORIGIN)
        .send(body as object);
    expect((await post({ portal: 'nobroker', name: 'nb', credentials: {} })).body).toEqual({
      error:
        '"nobroker" is not a portal the desk pulls from: use one of 99acres, housing, magicbricks.',
    });
    expect((await post({ portal: 'housing', name: 'housing', credentials: LOGIN })).status).toBe(
      409,
    );
    const missing = await post({
      portal: '99acres',
      name: 'acres',
      credentials: { userName: 'u' },
    });
    expect([missing.status, missing.body]).toEqual([
      400,
      { error: '99acres needs 99acres password.' },
    ]);
    const noLogin = await post({ portal: '99acres', name: 'acres' });
    expect(noLogin.status).toBe(400);
    expect(
      ((await manager.get('/desk/api/portal-sources')).body as PortalSourcesAnswer).sources,
    ).toHaveLength(1);
  });

  it('when an agent or a stranger asks, then they get nothing', async () => {
    expect((await agent.get('/desk/api/portal-sources')).status).toBe(403);
    const added = await agent
      .post('/desk/api/portal-sources')
      .set(SAME_ORIGIN)
      .send({ portal: 'magicbricks', name: 'mb', credentials: { key: 'k' } });
    expect(added.status).toBe(403);
    const stranger = await fetch(`${t.url}/desk/api/portal-sources`);
    expect(stranger.status).toBe(401);
  });
});
