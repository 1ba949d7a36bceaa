import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { createTempDir, START_TIME } from '@iconia/testkit';
import { BUYERS_MIGRATION } from './buyer-schema.ts';
import { MIGRATIONS, openLeadStore } from './lead-store.ts';

const MIN = 60_000;

describe('buyers on an existing lead database', () => {
  const temp = createTempDir('iconia-buyers-');
  afterAll(() => temp.remove());

  /** A database as the release before buyers left it: each lead worked on its own. */
  function writeOldDatabase(file: string): void {
    const old = new Database(file);
    const version = MIGRATIONS.indexOf(BUYERS_MIGRATION);
    MIGRATIONS.slice(0, version).forEach((sql) => old.exec(sql));
    old.pragma(`user_version = ${version}`);
    const lead = old.prepare<[number, string, string, string, number]>(
      `INSERT INTO leads (id, public_id, message_id, kind, name, mobile, status, received_at,
         next_attempt_at)
       VALUES (?, ?, ?, 'brochure', 'Asha', ?, 'sent', ?, 0)`,
    );
    const at = (minutes: number) => START_TIME + minutes * MIN;
    lead.run(1, 'p1', '<m1@iconia.test>', '9876543210', at(0));
    lead.run(2, 'p2', '<m2@iconia.test>', '9876543210', at(10));
    lead.run(3, 'p3', '<m3@iconia.test>', '9876543210', at(20));
    lead.run(4, 'p4', '<m4@iconia.test>', '9123456780', at(30));
    lead.run(5, 'p5', '<m5@iconia.test>', '', at(40));
    lead.run(6, 'p6', '<m6@iconia.test>', '', at(50));
    lead.run(7, 'p7', '<m7@iconia.test>', '9000000001', at(60));
    lead.run(8, 'p8', '<m8@iconia.test>', '9000000001', at(70));
    old.exec(`UPDATE leads SET status = 'spam' WHERE id = 3`);
    old.exec(`
      INSERT INTO desk_users (id, email, name, role, password_hash, created_at) VALUES
        (1, 'meena@iconia.test', 'Meena', 'manager', 'x', 0),
        (2, 'arjun@iconia.test', 'Arjun', 'agent', 'x', 0);
      INSERT INTO lead_work (lead_id, received_at, stage, furthest_stage, owner_id, follow_up_at,
          lost_reason, first_contact_at, first_contact_by, erased_at) VALUES
        (1, ${at(0)}, 'visit_scheduled', 2, 1, ${at(500)}, NULL, ${at(5)}, 1, NULL),
        (2, ${at(10)}, 'lost', 1, 2, ${at(400)}, 'Over budget', ${at(12)}, 2, NULL),
        (5, ${at(40)}, 'lost', 1, NULL, NULL, NULL, ${at(41)}, 1, ${at(45)}),
        (7, ${at(60)}, 'lost', 1, 2, NULL, 'Bought elsewhere', ${at(61)}, 2, NULL),
        (8, ${at(70)}, 'new', 0, NULL, NULL, NULL, NULL, NULL, NULL);
    `);
    old.close();
  }

  it('when a database from before buyers is upgraded, then each mobile is one buyer carrying the furthest open stage, the newest owner, the earliest follow-up and first contact', () => {
    const file = path.join(temp.dir, 'upgrade.sqlite');
    writeOldDatabase(file);

    openLeadStore(file).close();

    const db = new Database(file);
    const buyers = db
      .prepare(
        `SELECT b.mobile, b.latest_lead_id, b.stage, b.furthest_stage, b.owner_id,
                b.follow_up_at, b.lost_reason, b.first_contact_at, b.first_contact_by,
                b.erased_at IS NOT NULL AS erased,
                (SELECT group_concat(id) FROM leads WHERE buyer_id = b.id) AS leads
         FROM buyers b ORDER BY b.latest_lead_id`,
      )
      .all();
    expect(buyers).toEqual([
      {
        mobile: '+919876543210',
        // The spam lead belongs to the buyer but is not their latest enquiry.
        latest_lead_id: 2,
        stage: 'visit_scheduled',
        furthest_stage: 2,
        owner_id: 2,
        follow_up_at: START_TIME + 400 * MIN,
        lost_reason: null,
        first_contact_at: START_TIME + 5 * MIN,
        first_contact_by: 1,
        erased: 0,
        leads: '1,2,3',
      },
      {
        mobile: '+919123456780',
        latest_lead_id: 4,
        stage: 'new',
        furthest_stage: 0,
        owner_id: null,
        follow_up_at: null,
        lost_reason: null,
        first_contact_at: null,
        first_contact_by: null,
        erased: 0,
        leads: '4',
      },
      {
        mobile: null,
        latest_lead_id: 5,
        stage: 'lost',
        furthest_stage: 1,
        owner_id: null,
        follow_up_at: null,
        lost_reason: null,
        first_contact_at: START_TIME + 41 * MIN,
        first_contact_by: 1,
        erased: 1,
        leads: '5',
      },
      {
        mobile: null,
        latest_lead_id: 6,
        stage: 'new',
        furthest_stage: 0,
        owner_id: null,
        follow_up_at: null,
        lost_reason: null,
        first_contact_at: null,
        first_contact_by: null,
        erased: 0,
        leads: '6',
      },
      {
        mobile: '+919000000001',
        latest_lead_id: 8,
        stage: 'lost',
        furthest_stage: 1,
        owner_id: 2,
        follow_up_at: null,
        lost_reason: 'Bought elsewhere',
        first_contact_at: START_TIME + 61 * MIN,
        first_contact_by: 2,
        erased: 0,
        leads: '7,8',
      },
    ]);
    expect(db.prepare(`SELECT name FROM sqlite_master WHERE name = 'lead_work'`).all()).toEqual([]);
    db.close();
  });

  it('when a known mobile sends another lead after the upgrade, then it joins that buyer and becomes their latest enquiry', () => {
    const file = path.join(temp.dir, 'joins.sqlite');
    writeOldDatabase(file);
    const store = openLeadStore(file);

    const again = store.insertLead(
      {
        publicId: 'p9',
        messageId: '<m9@iconia.test>',
        kind: 'contact',
        name: 'Asha K',
        mobile: '+919876543210',
        attribution: { source: 'contact-form' },
        receivedAt: START_TIME + 100 * MIN,
        spam: false,
      },
      0,
    );
    const stranger = store.insertLead(
      {
        publicId: 'p10',
        messageId: '<m10@iconia.test>',
        kind: 'contact',
        name: 'Ravi',
        mobile: '+919555555555',
        attribution: {},
        receivedAt: START_TIME + 101 * MIN,
        spam: false,
      },
      0,
    );

    const buyerOf = store.db.prepare<[number], { id: number; latest_lead_id: number }>(
      `SELECT b.id, b.latest_lead_id FROM buyers b JOIN leads l ON l.buyer_id = b.id
       WHERE l.id = ?`,
    );
    expect(again.buyerId).toBe(buyerOf.get(1)?.id);
    expect(buyerOf.get(1)?.latest_lead_id).toBe(again.id);
    expect(stranger.buyerId).toBeDefined();
    expect(stranger.buyerId).not.toBe(again.buyerId);
    expect(
      store.db.prepare(`SELECT stage FROM buyers WHERE id = ?`).pluck().get(again.buyerId),
    ).toBe('visit_scheduled');
    store.close();
  });
});
