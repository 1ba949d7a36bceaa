import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type TestAgent from 'supertest/lib/agent.js';
import { createPartnerSources } from './partner-sources.ts';
import { signingKeyOf } from '../standard-webhooks.ts';
import {
  startDeskTestServer,
  SAME_ORIGIN,
  type DeskTestServer,
} from '../desk/desk-test-support.ts';

describe("the desk's partner sources", () => {
  let t: DeskTestServer;
  let manager: TestAgent;

  const access = (name: string) => createPartnerSources(t.store.db).access(name, t.clock.now());

  beforeAll(async () => {
    t = await startDeskTestServer();
    await t.addUser('manager@iconia.test', 'manager', 'Meena');
    manager = await t.signIn('manager@iconia.test');
  });
  afterAll(async () => {
    await t.remove();
  });

  it('when a manager adds a source, then the answer carries its secret once and the list never does', async () => {
    const res = await manager.post('/desk/api/sources').set(SAME_ORIGIN).send({ name: 'acme' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      source: {
        name: 'acme',
        disabled: false,
        createdAt: '2026-11-21T15:45:00+05:30',
        rotatedAt: null,
        previousSecretUntil: null,
      },
      secret: expect.stringMatching(/^whsec_/) as unknown,
    });
    const { secret, source } = res.body as { secret: string; source: unknown };
    expect(access('acme')).toEqual({ status: 'enabled', keys: [signingKeyOf(secret)] });
    const list = await manager.get('/desk/api/sources');
    expect(list.body).toEqual({ sources: [source] });
    expect(list.text).not.toContain(secret);
  });

  it('when the name is malformed or taken, then the manager is told why', async () => {
    const bad = await manager.post('/desk/api/sources').set(SAME_ORIGIN).send({ name: 'Acme!' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      error: '"name": A source name is 2 to 40 lowercase letters, digits and hyphens.',
    });
    const taken = await manager.post('/desk/api/sources').set(SAME_ORIGIN).send({ name: 'acme' });
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({ error: 'There is already a source named "acme".' });
  });

  it('when a manager rotates, disables and enables a source, then the server applies each at once', async () => {
    const before = access('acme');
    const rotated = await manager.post('/desk/api/sources/acme/rotate').set(SAME_ORIGIN);
    expect(rotated.status).toBe(200);
    const { secret, source } = rotated.body as {
      secret: string;
      source: { previousSecretUntil: string };
    };
    expect(source.previousSecretUntil).toBe('2026-11-22T15:45:00+05:30');
    expect(access('acme')).toEqual({
      status: 'enabled',
      keys: [signingKeyOf(secret), ...(before.status === 'enabled' ? before.keys : [])],
    });

    const disabled = await manager.post('/desk/api/sources/acme/disable').set(SAME_ORIGIN);
    expect(disabled.body).toMatchObject({ source: { name: 'acme', disabled: true } });
    expect(access('acme')).toEqual({ status: 'disabled' });
    const enabled = await manager.post('/desk/api/sources/acme/enable').set(SAME_ORIGIN);
    expect(enabled.body).toMatchObject({ source: { name: 'acme', disabled: false } });
    expect(access('acme').status).toBe('enabled');
  });

  it('when a source does not exist, then each change answers 404', async () => {
    for (const action of ['rotate', 'disable', 'enable']) {
      const res = await manager.post(`/desk/api/sources/nobody/${action}`).set(SAME_ORIGIN);
      expect(res.status, action).toBe(404);
      expect(res.body).toEqual({ error: 'There is no source named "nobody".' });
    }
  });
});
