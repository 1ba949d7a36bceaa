import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTempDir, type TempDir } from '@iconia/testkit';
import { ENQUIRY_MIGRATION } from './enquiry-migration.ts';
import { MIGRATIONS, openLeadStore } from './lead-store.ts';

describe('the migration to leads from every channel', () => {
  let temp: TempDir;
  let file: string;

  beforeEach(() => {
    temp = createTempDir();
    file = path.join(temp.dir, 'leads.sqlite');
  });
  afterEach(() => {
    temp.remove();
  });

  /** A database as the release before channels left it: one site lead, emailed. */
  function writeOldDatabase(): string[] {
    const db = new Database(file);
    const oldVersion = MIGRATIONS.indexOf(ENQUIRY_MIGRATION);
    for (const sql of MIGRATIONS.slice(0, oldVersion)) db.exec(sql);
    db.pragma(`user_version = ${oldVersion}`);
    const buyer = db
      .prepare(
        `INSERT INTO buyers (mobile, last_received_at, stage)
         VALUES ('9876543210', 1000, 'contacted') RETURNING id`,
      )
      .get() as { id: number };
    const { id } = db
      .prepare(
        `INSERT INTO leads (public_id, message_id, kind, name, mobile, status, received_at,
           next_attempt_at, source, sent_at, buyer_id)
         VALUES ('3f0c8a5e-6b1d-4e2f-9a7c-2d4b6e8f0a1c', '<lead-1@iconia.test>', 'contact', 'Ravi',
           '9876543210', 'sent', 1000, 1000, 'contact-form', 2000, ?) RETURNING id`,
      )
      .get(buyer.id) as { id: number };
    db.prepare(`UPDATE buyers SET latest_lead_id = ? WHERE id = ?`).run(id, buyer.id);
    db.prepare(
      `INSERT INTO deliveries (message_id, lead_id, channel, kind, status, next_attempt_at,
         queued_at, sent_at)
       VALUES ('<lead-1@iconia.test>', ?, 'email', 'sales-email', 'sent', 1000, 1000, 2000)`,
    ).run(id);
    const columns = columnsOf(db);
    db.close();
    return columns;
  }

  function columnsOf(db: { pragma(source: string): unknown }): string[] {
    return (db.pragma('table_info(leads)') as Array<{ name: string }>).map((column) => column.name);
  }

  it('when an older database is opened, then its leads are kept as site leads with every column, their buyer, delivery and mobile search', () => {
    const oldColumns = writeOldDatabase();

    const store = openLeadStore(file);
    try {
      expect(columnsOf(store.db)).toEqual(
        expect.arrayContaining([
          ...oldColumns,
          'origin',
          'email',
          'message',
          'answers',
          'external_id',
        ]),
      );
      const [lead] = store.listLeads();
      expect(lead).toMatchObject({
        publicId: '3f0c8a5e-6b1d-4e2f-9a7c-2d4b6e8f0a1c',
        kind: 'contact',
        origin: 'site',
        status: 'sent',
        sentAt: 2000,
        attribution: { source: 'contact-form' },
      });
      expect(lead?.email).toBeUndefined();
      const work = store.db
        .prepare(
          `SELECT b.stage, b.latest_lead_id AS latest FROM leads l JOIN buyers b ON b.id = l.buyer_id`,
        )
        .all();
      expect(work).toEqual([{ stage: 'contacted', latest: lead?.id }]);
      const found = store.db
        .prepare(`SELECT rowid FROM lead_mobiles WHERE lead_mobiles MATCH '765432'`)
        .all();
      expect(found).toEqual([{ rowid: lead?.id }]);
      expect(store.db.pragma('foreign_key_check')).toEqual([]);
    } finally {
      store.close();
    }
  });

  it('when a lead is stored after the migration, then the mobile search finds it and an origin cannot store one id twice', () => {
    writeOldDatabase();
    const store = openLeadStore(file);
    try {
      const insert = store.db.prepare(
        `INSERT INTO leads (public_id, message_id, kind, name, mobile, status, received_at,
           next_attempt_at, origin, external_id)
         VALUES (?, ?, 'enquiry', 'Asha', '+919123456780', 'pending', 3000, 3000, 'google_ads',
           'lead-1')`,
      );
      insert.run('a1', '<a1@iconia.test>');

      expect(() => insert.run('a2', '<a2@iconia.test>')).toThrow(/UNIQUE/);
      const found = store.db
        .prepare(`SELECT COUNT(*) AS n FROM lead_mobiles WHERE lead_mobiles MATCH '9123456'`)
        .get();
      expect(found).toEqual({ n: 1 });
    } finally {
      store.close();
    }
  });
});
