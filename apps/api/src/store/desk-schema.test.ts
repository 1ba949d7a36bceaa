import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { createTempDir, START_TIME } from '../../test/test-server.ts';
import { MIGRATIONS, openLeadStore } from './lead-store.ts';
import { DESK_MIGRATION } from './desk-schema.ts';
import { createDeskStore } from '../desk/desk-store.ts';

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
    expect(found.map((row) => [row.name, row.stage])).toEqual([['Ravi', null]]);
    expect(desk.listLeads({ spam: false, mobilePart: '1234' }, 10)).toEqual([]);
    db.close();
  });
});
