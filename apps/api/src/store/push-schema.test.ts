import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTempDir, START_TIME, type TempDir } from '@iconia/testkit';
import { openLeadStore, MIGRATIONS } from './lead-store.ts';
import { createPushStore } from '../push/index.ts';
import { PUSH_MIGRATION } from './push-schema.ts';

describe('push alerts on a database of the schema before them', () => {
  let temp: TempDir;
  let file: string;

  beforeEach(() => {
    temp = createTempDir('iconia-push-schema-');
    mkdirSync(path.join(temp.dir, 'data'), { recursive: true, mode: 0o700 });
    file = path.join(temp.dir, 'data', 'leads.sqlite');
    const db = new Database(file);
    const before = MIGRATIONS.indexOf(PUSH_MIGRATION);
    for (const sql of MIGRATIONS.slice(0, before)) db.exec(sql);
    db.pragma(`user_version = ${before}`);
    db.prepare(
      `INSERT INTO desk_users (email, name, role, password_hash, created_at)
       VALUES ('arjun@iconia.test', 'Arjun', 'agent', 'x', ?)`,
    ).run(START_TIME);
    db.close();
  });
  afterEach(() => {
    temp.remove();
  });

  it('when the server opens it, then the accounts stay, no device is subscribed and no key is made yet', () => {
    const store = openLeadStore(file);
    try {
      expect(store.db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
      expect(store.db.prepare('SELECT name FROM desk_users').pluck().all()).toEqual(['Arjun']);
      expect(store.db.prepare('SELECT count(*) FROM push_subscriptions').pluck().get()).toBe(0);
      expect(createPushStore(store.db).keys()).toBeUndefined();
    } finally {
      store.close();
    }
  });

  it('when an account is disabled by any writer, then its subscriptions go with it', () => {
    const store = openLeadStore(file);
    try {
      const pushes = createPushStore(store.db);
      pushes.subscribe({
        userId: 1,
        endpoint: 'https://push.example/device-1',
        p256dh: 'p',
        auth: 'a',
        expiresAt: null,
        at: START_TIME,
      });

      store.db.prepare('UPDATE desk_users SET disabled_at = ? WHERE id = 1').run(START_TIME);

      expect(store.db.prepare('SELECT count(*) FROM push_subscriptions').pluck().get()).toBe(0);
    } finally {
      store.close();
    }
  });
});
