import type TestAgent from 'supertest/lib/agent.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_FIELDS } from '../format/lead-export.ts';
import {
  startDeskTestServer,
  SAME_ORIGIN,
  type DeskTestServer,
} from '../desk/desk-test-support.ts';
import type { DeskUser } from '../desk/desk-types.ts';

const DESK_FIELDS = ['stage', 'owner', 'followUpAt', 'lostReason', 'firstContactAt'];

describe('the CSV export with notes', () => {
  let t: DeskTestServer;
  let manager: TestAgent;
  let meena: DeskUser;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await startDeskTestServer();
    meena = await t.addUser('meena@iconia.test', 'manager', 'Meena');
    await t.addUser('arjun@iconia.test', 'agent', 'Arjun');
    ids.ravi = t.storeLead({ name: 'Ravi Kumar', mobile: '9876543210' });
    t.clock.advance(60_000);
    ids.raviAgain = t.storeLead({ name: 'Ravi K', mobile: '9876543210' });
    ids.asha = t.storeLead({ name: 'Asha', mobile: '9123456780' });
    manager = await t.signIn('meena@iconia.test');
    const arjun = await t.signIn('arjun@iconia.test');
    const first = await arjun
      .post(`/desk/api/leads/${ids.ravi}/notes`)
      .set(SAME_ORIGIN)
      .send({ text: 'Wants east-facing, "corner" if possible' });
    expect(first.status).toBe(201);
    t.clock.advance(60_000);
    const second = await manager
      .post(`/desk/api/leads/${ids.raviAgain}/notes`)
      .set(SAME_ORIGIN)
      .send({ text: '=SUM(A1) visiting Sunday' });
    expect(second.status).toBe(201);
  });
  afterAll(async () => {
    await t.remove();
  });

  it('when a manager asks for notes, then each lead carries its buyer’s notes, oldest first, and the export is recorded with that choice', async () => {
    const res = await manager.get('/desk/api/export.csv?notes=1');
    expect(res.status).toBe(200);
    const lines = res.text.split('\r\n');
    expect(lines[0]).toBe([...EXPORT_FIELDS, ...DESK_FIELDS, 'notes'].join(','));
    const notes =
      '"2026-11-21T15:46:00+05:30 Arjun: Wants east-facing, ""corner"" if possible\n' +
      '2026-11-21T15:47:00+05:30 Meena: =SUM(A1) visiting Sunday"';
    // Newest first: Asha (no notes), then both of Ravi's enquiries with the buyer's notes.
    expect(lines[1]).toMatch(/,Asha,9123456780,.*,$/);
    expect(lines[2]).toContain(',Ravi K,9876543210,');
    expect(lines[2]?.endsWith(`,${notes}`)).toBe(true);
    expect(lines[3]?.endsWith(`,${notes}`)).toBe(true);

    const records = t.store.db
      .prepare('SELECT actor_id, at, filters, rows FROM desk_exports ORDER BY id')
      .all();
    expect(records).toEqual([
      { actor_id: meena.id, at: t.clock.now(), filters: 'notes=1', rows: 3 },
    ]);
  });

  it('when a manager exports without notes, then no notes column is there and no note text leaves', async () => {
    const res = await manager.get('/desk/api/export.csv');
    expect(res.text.split('\r\n')[0]).toBe([...EXPORT_FIELDS, ...DESK_FIELDS].join(','));
    expect(res.text).not.toContain('east-facing');
  });

  it('when the notes choice is given twice, then the export says what is wrong', async () => {
    const twice = await manager.get('/desk/api/export.csv?notes=1&notes=1');
    expect(twice.status).toBe(400);
    expect(twice.body).toEqual({ error: 'Give "notes" once.' });
  });

  it('when an agent asks for the export with notes, then it is refused', async () => {
    const agent = await t.signIn('arjun@iconia.test');
    expect((await agent.get('/desk/api/export.csv?notes=1')).status).toBe(403);
  });
});
