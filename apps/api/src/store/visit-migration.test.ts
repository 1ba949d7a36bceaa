import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTempDir, START_TIME, type TempDir } from '@iconia/testkit';
import { startTestServer, type TestServer } from '@iconia/api/test-server';
import { createAccount } from '../accounts/index.ts';
import { PASSWORD, SAME_ORIGIN } from '../desk/desk-test-support.ts';
import { MIGRATIONS } from './lead-store.ts';
import { VISITS_MIGRATION } from './visit-schema.ts';

describe('site visits, on a database of the schema before them', () => {
  let temp: TempDir;
  let dataDir: string;
  let t: TestServer | undefined;

  beforeEach(() => {
    temp = createTempDir('iconia-visits-migration-');
    dataDir = path.join(temp.dir, 'data');
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    // A buyer someone moved to "Site visit scheduled" by hand, with a note on their timeline.
    const db = new Database(path.join(dataDir, 'leads.sqlite'));
    const oldVersion = MIGRATIONS.indexOf(VISITS_MIGRATION);
    for (const sql of MIGRATIONS.slice(0, oldVersion)) db.exec(sql);
    db.pragma(`user_version = ${oldVersion}`);
    db.prepare(
      `INSERT INTO buyers (id, mobile, last_received_at, stage, furthest_stage)
       VALUES (1, '+919876543210', ?, 'visit_scheduled', 2)`,
    ).run(START_TIME);
    db.prepare(
      `INSERT INTO leads (id, public_id, message_id, kind, name, mobile, status, received_at,
         next_attempt_at, source, buyer_id)
       VALUES (1, 'lead-1', '<lead-1@iconia.test>', 'contact', 'Ravi Kumar', '+919876543210',
         'sent', ?, 0, 'contact-form', 1)`,
    ).run(START_TIME);
    db.prepare(`UPDATE buyers SET latest_lead_id = 1`).run();
    db.prepare(
      `INSERT INTO lead_events (lead_id, at, type, actor_id, text, detail)
       VALUES (1, ?, 'note', NULL, '', 'Wants an east-facing plot')`,
    ).run(START_TIME);
    db.close();
  });
  afterEach(async () => {
    await t?.close();
    t = undefined;
    temp.remove();
  });

  it("when the server opens it, then the week's slots are open, the timeline is kept and a visit can be booked", async () => {
    t = await startTestServer({ dataDir });
    await createAccount(
      t.desk.api.store,
      { email: 'meena@iconia.test', name: 'Meena', role: 'manager', password: PASSWORD },
      t.clock.now(),
    );
    const desk = request.agent(t.url);
    await desk
      .post('/desk/api/session')
      .set(SAME_ORIGIN)
      .send({ email: 'meena@iconia.test', password: PASSWORD });

    const slots = await desk.get('/desk/api/visit-slots');
    const booked = await desk
      .post('/desk/api/leads/1/visits')
      .set(SAME_ORIGIN)
      .send({ date: '2026-11-22', time: '11:30', people: 2, pickup: false });
    const lead = await desk.get('/desk/api/leads/1');

    expect((slots.body as { slots: unknown[] }).slots).toHaveLength(28);
    expect((slots.body as { slots: unknown[] }).slots).toContainEqual({
      weekday: 6,
      time: '10:00',
      capacity: 4,
    });
    expect(booked.status).toBe(201);
    const timeline = (lead.body as { timeline: Array<{ text: string }> }).timeline;
    expect(timeline.map((entry) => entry.text)).toEqual(
      expect.arrayContaining([
        'Wants an east-facing plot',
        'Site visit booked for Sunday, 22 November 2026 at 11:30 AM (2 people)',
      ]),
    );
    expect((lead.body as { lead: { stage: string } }).lead.stage).toBe('visit_scheduled');
  });
});
