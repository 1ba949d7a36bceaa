import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { createTempDir, START_TIME } from '@iconia/testkit';
import { MIGRATIONS, openLeadStore } from './lead-store.ts';
import { DESK_MIGRATION, LEAD_EVENT_DETAIL_MIGRATION } from './desk-schema.ts';
import { createDeskStore } from '../desk-api/desk-store.ts';

describe('the desk tables on an existing lead database', () => {
  const temp = createTempDir('iconia-desk-schema-');
  afterAll(() => temp.remove());

  it('when a database from before the desk is upgraded, then its leads are listed and found by any part of the mobile', () => {
    const file = path.join(temp.dir, 'leads.sqlite');
    const deskVersion = MIGRATIONS.indexOf(DESK_MIGRATION);
    expect(deskVersion).toBeGreaterThan(0);
    // The database as the server left it before the desk existed, with one lead in it.
    const old = new Database(file);
    MIGRATIONS.slice(0, deskVersion).forEach((sql) => old.exec(sql));
    old.pragma(`user_version = ${deskVersion}`);
    old
      .prepare(
        `INSERT INTO leads (public_id, message_id, kind, name, mobile, status, received_at,
           next_attempt_at)
         VALUES ('p1', '<m1@iconia.test>', 'brochure', 'Ravi', '9876543210', 'sent', ?, ?)`,
      )
      .run(START_TIME, START_TIME);
    old.close();

    openLeadStore(file).close();
    const db = new Database(file);
    const desk = createDeskStore(db);
    const found = desk.listLeads({ spam: false, mobilePart: '6543' }, 10);
    expect(found.map((row) => [row.name, row.stage])).toEqual([['Ravi', 'new']]);
    expect(desk.listLeads({ spam: false, mobilePart: '1234' }, 10)).toEqual([]);
    db.close();
  });

  it('when a desk database from before event details is upgraded, then typed words move out of the text the desk wrote and the export log loses its searches', () => {
    const file = path.join(temp.dir, 'details.sqlite');
    const version = MIGRATIONS.indexOf(LEAD_EVENT_DETAIL_MIGRATION);
    const old = new Database(file);
    MIGRATIONS.slice(0, version).forEach((sql) => old.exec(sql));
    old.pragma(`user_version = ${version}`);
    old.exec(`
      INSERT INTO leads (id, public_id, message_id, kind, name, mobile, status, received_at,
        next_attempt_at)
      VALUES (1, 'p1', '<m1@iconia.test>', 'brochure', 'Zed', '9123456780', 'sent', 0, 0);
      INSERT INTO desk_users (id, email, name, role, password_hash, created_at)
      VALUES (1, 'meena@iconia.test', 'Meena', 'manager', 'x', 0);
      INSERT INTO lead_events (lead_id, at, type, actor_id, text) VALUES
        (1, 1, 'stage', 1, 'Stage changed from New to Lost: Zed (9123456780) bought elsewhere'),
        (1, 2, 'stage', 1, 'Reason for Lost changed: Zed bought elsewhere'),
        (1, 3, 'stage', 1, 'Stage changed from Lost to Contacted'),
        (1, 4, 'note', 1, 'Call Zed at 6'),
        (1, 5, 'note', 1, '');
      INSERT INTO desk_exports (at, actor_id, filters, rows) VALUES
        (1, 1, 'q=9123456780', 1), (2, 1, 'stage=lost&q=Zed', 1), (3, 1, 'stage=lost', 4);
    `);
    old.close();

    openLeadStore(file).close();
    const db = new Database(file);
    expect(db.prepare('SELECT text, detail FROM lead_events ORDER BY at').all()).toEqual([
      { text: 'Stage changed from New to Lost', detail: 'Zed (9123456780) bought elsewhere' },
      { text: 'Reason for Lost changed', detail: 'Zed bought elsewhere' },
      { text: 'Stage changed from Lost to Contacted', detail: null },
      { text: '', detail: 'Call Zed at 6' },
      { text: '', detail: null },
    ]);
    expect(db.prepare('SELECT filters FROM desk_exports ORDER BY at').pluck().all()).toEqual([
      'search=removed',
      'search=removed',
      'stage=lost',
    ]);
    db.close();
  });
});
