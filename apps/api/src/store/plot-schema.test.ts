import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTempDir, START_TIME, type TempDir } from '@iconia/testkit';
import { openLeadStore, MIGRATIONS } from './lead-store.ts';
import { PLOT_BOOKING_CANCEL_MIGRATION, PLOTS_MIGRATION } from './plot-schema.ts';

describe('the plot inventory on a database of the schema before it', () => {
  let temp: TempDir;
  let file: string;

  beforeEach(() => {
    temp = createTempDir('iconia-plots-schema-');
    mkdirSync(path.join(temp.dir, 'data'), { recursive: true, mode: 0o700 });
    file = path.join(temp.dir, 'data', 'leads.sqlite');
    const db = new Database(file);
    const before = MIGRATIONS.indexOf(PLOTS_MIGRATION);
    for (const sql of MIGRATIONS.slice(0, before)) db.exec(sql);
    db.pragma(`user_version = ${before}`);
    const buyer = db
      .prepare(`INSERT INTO buyers (mobile, last_received_at, stage) VALUES (?, ?, 'booked')`)
      .run('+919876543210', START_TIME).lastInsertRowid;
    db.prepare(
      `INSERT INTO leads (public_id, message_id, kind, name, mobile, status, received_at,
         next_attempt_at, source, buyer_id)
       VALUES ('p1', '<p1@iconia.test>', 'contact', 'Asha', '+919876543210', 'sent', ?, 0,
         'contact-form', ?)`,
    ).run(START_TIME, buyer);
    db.close();
  });
  afterEach(() => {
    temp.remove();
  });

  it('when the server opens it, then the leads and buyers stay and the inventory starts empty', () => {
    const store = openLeadStore(file);
    try {
      expect(store.db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
      expect(store.listLeads().map((lead) => lead.name)).toEqual(['Asha']);
      expect(store.db.prepare('SELECT stage FROM buyers').pluck().get()).toBe('booked');
      expect(store.db.prepare('SELECT count(*) FROM plots').pluck().get()).toBe(0);
      // One hold per plot is the database's own rule, whoever writes.
      store.db.exec(`
        INSERT INTO desk_users (email, name, role, password_hash, created_at)
          VALUES ('a@iconia.test', 'Arjun', 'agent', 'x', 0);
        INSERT INTO plots (number, phase, size_sq_yd, facing, corner, price, updated_at)
          VALUES ('A-1', 'Phase 1', 200, 'east', 0, 4000000, 0);
        INSERT INTO plot_holds (plot_id, buyer_id, agent_id, held_at, expires_at)
          VALUES (1, 1, 1, 0, 1);`);
      expect(() =>
        store.db.exec(`INSERT INTO plot_holds (plot_id, buyer_id, agent_id, held_at, expires_at)
          VALUES (1, 1, 1, 0, 1)`),
      ).toThrow(/UNIQUE/);
    } finally {
      store.close();
    }
  });
});

describe('cancellable bookings on a database of the schema before them', () => {
  let temp: TempDir;
  let file: string;

  beforeEach(() => {
    temp = createTempDir('iconia-plot-cancel-schema-');
    mkdirSync(path.join(temp.dir, 'data'), { recursive: true, mode: 0o700 });
    file = path.join(temp.dir, 'data', 'leads.sqlite');
    const db = new Database(file);
    const before = MIGRATIONS.indexOf(PLOT_BOOKING_CANCEL_MIGRATION);
    for (const sql of MIGRATIONS.slice(0, before)) db.exec(sql);
    db.pragma(`user_version = ${before}`);
    db.exec(`
      INSERT INTO buyers (mobile, last_received_at, stage) VALUES ('+919876543210', 0, 'booked');
      INSERT INTO desk_users (email, name, role, password_hash, created_at)
        VALUES ('m@iconia.test', 'Meena', 'manager', 'x', 0);
      INSERT INTO plots (number, phase, size_sq_yd, facing, corner, price, status, updated_at)
        VALUES ('A-1', 'Phase 1', 200, 'east', 0, 4000000, 'booked', 0);
      INSERT INTO plot_holds (plot_id, buyer_id, agent_id, held_at, expires_at, ended_at,
          end_reason)
        VALUES (1, 1, 1, 0, 1, 1, 'booked');
      INSERT INTO plot_bookings (plot_id, hold_id, buyer_id, requested_by, requested_at, status,
          decided_by, decided_at)
        VALUES (1, 1, 1, 1, 0, 'approved', 1, 1);
      INSERT INTO plot_events (plot_id, at, type, actor_id, buyer_id, text)
        VALUES (1, 1, 'approved', 1, 1, 'Booking approved; the plot is booked');`);
    db.close();
  });
  afterEach(() => {
    temp.remove();
  });

  it('when the server opens it, then the booking and the history stay and a cancellation can be recorded', () => {
    const store = openLeadStore(file);
    try {
      const { db } = store;
      expect(db.prepare('SELECT status, cancelled_by FROM plot_bookings').get()).toEqual({
        status: 'approved',
        cancelled_by: null,
      });
      expect(db.prepare('SELECT type, text FROM plot_events').all()).toEqual([
        { type: 'approved', text: 'Booking approved; the plot is booked' },
      ]);
      db.exec(`INSERT INTO plot_events (plot_id, at, type, actor_id, buyer_id, text)
        VALUES (1, 2, 'booking_cancelled', 1, 1, 'Booking cancelled')`);
      expect(db.prepare('SELECT count(*) FROM plot_events').pluck().get()).toBe(2);
    } finally {
      store.close();
    }
  });
});
