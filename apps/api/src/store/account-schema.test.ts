import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTempDir, type TempDir } from '@iconia/testkit';
import { ACCOUNT_PASSWORD_CHANGE_MIGRATION } from './account-schema.ts';
import { MIGRATIONS, openLeadStore, type LeadStore } from './lead-store.ts';

describe('the password-change flag, on a database of the schema before it', () => {
  let temp: TempDir;
  let file: string;
  let store: LeadStore | undefined;

  beforeEach(() => {
    temp = createTempDir('iconia-account-schema-');
    file = path.join(temp.dir, 'leads.sqlite');
    const db = new Database(file);
    const before = MIGRATIONS.indexOf(ACCOUNT_PASSWORD_CHANGE_MIGRATION);
    for (const sql of MIGRATIONS.slice(0, before)) db.exec(sql);
    db.pragma(`user_version = ${before}`);
    db.exec(`
      INSERT INTO desk_users (email, name, role, password_hash, created_at, disabled_at)
        VALUES ('arjun@iconia.test', 'Arjun', 'agent', 'hash-a', 1, NULL),
               ('kiran@iconia.test', 'Kiran', 'agent', 'hash-k', 1, 5);
    `);
    db.close();
  });
  afterEach(() => {
    store?.close();
    temp.remove();
  });

  it('when it is opened, then every account keeps its password and none must change it', () => {
    store = openLeadStore(file);

    expect(
      store.db
        .prepare(
          'SELECT email, password_hash, disabled_at, must_change_password FROM desk_users ORDER BY id',
        )
        .all(),
    ).toEqual([
      {
        email: 'arjun@iconia.test',
        password_hash: 'hash-a',
        disabled_at: null,
        must_change_password: 0,
      },
      {
        email: 'kiran@iconia.test',
        password_hash: 'hash-k',
        disabled_at: 5,
        must_change_password: 0,
      },
    ]);
  });

  it('when the flag is set to anything but 0 or 1, then the table refuses it', () => {
    store = openLeadStore(file);

    expect(() => store?.db.prepare('UPDATE desk_users SET must_change_password = 2').run()).toThrow(
      /CHECK constraint failed/,
    );
  });
});
