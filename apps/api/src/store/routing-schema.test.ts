import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTempDir, type TempDir } from '@iconia/testkit';
import { MIGRATIONS, openLeadStore, type LeadStore } from './lead-store.ts';
import { ROUTING_MIGRATION } from './routing-schema.ts';

describe('routing tables, on a database of the schema before them', () => {
  let temp: TempDir;
  let file: string;
  let store: LeadStore | undefined;

  beforeEach(() => {
    temp = createTempDir('iconia-routing-schema-');
    file = path.join(temp.dir, 'leads.sqlite');
    const db = new Database(file);
    const before = MIGRATIONS.indexOf(ROUTING_MIGRATION);
    for (const sql of MIGRATIONS.slice(0, before)) db.exec(sql);
    db.pragma(`user_version = ${before}`);
    db.exec(`
      INSERT INTO desk_users (email, name, role, password_hash, created_at)
        VALUES ('arjun@iconia.test', 'Arjun', 'agent', 'x', 1);
      INSERT INTO buyers (mobile, last_received_at) VALUES ('+919876543210', 1);
      INSERT INTO leads (public_id, message_id, kind, name, mobile, status, received_at,
          next_attempt_at, buyer_id)
        VALUES ('p1', '<p1@iconia.test>', 'brochure', 'Ravi', '+919876543210', 'sent', 1, 1, 1);
      INSERT INTO lead_events (lead_id, at, type, actor_id, text, detail)
        VALUES (1, 2, 'note', 1, '', 'Wants a corner plot'),
               (1, 3, 'stage', 1, 'Stage changed from New to Contacted', NULL);
    `);
    db.close();
  });
  afterEach(() => {
    store?.close();
    temp.remove();
  });

  it('when it is opened, then everyone is off duty, the settings are the defaults and the timeline is kept', () => {
    store = openLeadStore(file);
    const { db } = store;

    expect(db.prepare('SELECT on_duty FROM desk_users').pluck().all()).toEqual([0]);
    expect(db.prepare('SELECT * FROM routing_settings').get()).toEqual({
      id: 1,
      auto_assign: 1,
      target_minutes: 5,
      start_minute: 540,
      end_minute: 1200,
      last_user_id: null,
    });
    expect(
      db.prepare('SELECT lead_id, at, type, actor_id, text, detail FROM lead_events').all(),
    ).toEqual([
      { lead_id: 1, at: 2, type: 'note', actor_id: 1, text: '', detail: 'Wants a corner plot' },
      {
        lead_id: 1,
        at: 3,
        type: 'stage',
        actor_id: 1,
        text: 'Stage changed from New to Contacted',
        detail: null,
      },
    ]);
  });

  it('when a routing step is written on the timeline, then the table takes its type', () => {
    store = openLeadStore(file);

    store.db
      .prepare(
        `INSERT INTO lead_events (lead_id, at, type, text) VALUES (1, 4, 'routing', 'Assigned')`,
      )
      .run();

    expect(
      store.db.prepare(`SELECT count(*) FROM lead_events WHERE type = 'routing'`).pluck().get(),
    ).toBe(1);
  });
});
