import { randomUUID } from 'node:crypto';
import { mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTempDir, START_TIME } from '@iconia/testkit';
import { MIGRATIONS, openLeadStore, type LeadStore, type NewLead } from './lead-store.ts';
import { SALES_EMAIL_ROUTE } from './outbox-store.ts';

function newLead(overrides: Partial<NewLead> = {}): NewLead {
  const publicId = randomUUID();
  return {
    publicId,
    messageId: `<lead-${publicId}@iconia.test>`,
    kind: 'brochure',
    name: 'Ravi',
    mobile: '9876543210',
    plotRange: '200 - 300 Sq. Yds',
    attribution: { source: 'brochure-modal', utm_source: 'google' },
    receivedAt: START_TIME,
    spam: false,
    ...overrides,
  };
}

describe('openLeadStore', () => {
  let temp: ReturnType<typeof createTempDir>;
  let file: string;
  const stores: LeadStore[] = [];
  const open = (): LeadStore => {
    const store = openLeadStore(file);
    stores.push(store);
    return store;
  };

  beforeEach(() => {
    temp = createTempDir();
    file = path.join(temp.dir, 'nested', 'leads.sqlite');
  });
  afterEach(() => {
    for (const store of stores.splice(0)) store.close();
    temp.remove();
  });

  it('when a new file is opened, then the schema is created in WAL mode with full sync and versioned', () => {
    open();
    const db = new Database(file, { readonly: true });
    try {
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
    } finally {
      db.close();
    }
  });

  it('when the store creates its folder and files, then only their owner can read them', () => {
    const store = open();
    store.insertLead(newLead(), 0);

    const mode = (name: string) => statSync(path.join(path.dirname(file), name)).mode & 0o777;
    expect(mode('.')).toBe(0o700);
    expect(mode('leads.sqlite')).toBe(0o600);
    expect(mode('leads.sqlite-wal')).toBe(0o600);
    expect(mode('leads.sqlite-shm')).toBe(0o600);
  });

  it('when the store is reopened, then the leads are still there as stored', () => {
    const lead = newLead();
    open().insertLead(lead, 0);
    stores.splice(0).forEach((store) => store.close());

    const reopened = open().findByPublicId(lead.publicId);

    expect(reopened).toMatchObject({
      kind: 'brochure',
      name: 'Ravi',
      mobile: '9876543210',
      plotRange: '200 - 300 Sq. Yds',
      attribution: { source: 'brochure-modal', utm_source: 'google' },
      status: 'pending',
      receivedAt: START_TIME,
      messageId: lead.messageId,
    });
  });

  it('when a channel writes alongside its lead, then both are stored together or neither is, and a repeat runs it again with the stored lead', () => {
    const store = open();
    store.db.exec('CREATE TABLE channel_notes (lead_id INTEGER PRIMARY KEY, buyer_id INTEGER)');
    const note = store.db.prepare<[number, number]>(
      'INSERT OR IGNORE INTO channel_notes (lead_id, buyer_id) VALUES (?, ?)',
    );
    const count = (table: string) =>
      store.db.prepare<[], { n: number }>(`SELECT COUNT(*) AS n FROM ${table}`).get()?.n;

    expect(() =>
      store.insertLead(
        newLead({
          origin: 'whatsapp',
          externalId: 'wamid.1',
          alongside: () => {
            throw new Error('the disk is full');
          },
        }),
        0,
      ),
    ).toThrow('the disk is full');
    expect([count('leads'), count('channel_notes')]).toEqual([0, 0]);

    const seen: number[] = [];
    const alongside = (lead: { id: number; buyerId: number }) => {
      seen.push(lead.id);
      note.run(lead.id, lead.buyerId);
    };
    const first = store.insertLead(
      newLead({ origin: 'whatsapp', externalId: 'wamid.2', alongside }),
      0,
    );
    const repeat = store.insertLead(
      newLead({ origin: 'whatsapp', externalId: 'wamid.2', alongside }),
      0,
    );

    expect(repeat.id).toBe(first.id);
    expect(seen).toEqual([first.id, first.id]);
    expect([count('leads'), count('channel_notes')]).toEqual([1, 1]);
  });
  it('when a file from the first release is opened, then its leads stay and gain an empty consent notice', () => {
    mkdirSync(path.dirname(file), { recursive: true });
    const db = new Database(file);
    db.exec(MIGRATIONS[0]!);
    db.pragma('user_version = 1');
    db.prepare(
      `INSERT INTO leads (public_id, message_id, kind, name, mobile, status, received_at, next_attempt_at)
       VALUES ('old-lead', '<lead-old@iconia.test>', 'brochure', 'Ravi', '9876543210', 'pending', ?, ?)`,
    ).run(START_TIME, START_TIME);
    db.close();

    const store = open();
    const later = newLead({ mobile: '9123456780', consentNotice: 'enquiry-v1' });
    store.insertLead(later, 0);

    expect(store.findByPublicId('old-lead')).toMatchObject({ name: 'Ravi', status: 'pending' });
    expect(store.findByPublicId('old-lead')?.consentNotice).toBeUndefined();
    expect(store.findByPublicId(later.publicId)?.consentNotice).toBe('enquiry-v1');
  });

  it('when the file was written by a newer release, then opening it fails rather than guessing', () => {
    open();
    stores.splice(0).forEach((store) => store.close());
    const db = new Database(file);
    db.pragma('user_version = 99');
    db.close();

    expect(() => openLeadStore(file)).toThrow(/schema version 99/);
  });

  it('when one instance holds a lease, then another cannot claim the lead until it lapses', () => {
    const a = open();
    const b = open();
    a.insertLead(newLead(), 0);

    const first = a.claimNextDue('email', 'a', START_TIME, 60_000);
    const second = b.claimNextDue('email', 'b', START_TIME + 59_999, 60_000);
    const afterLapse = b.claimNextDue('email', 'b', START_TIME + 60_000, 60_000);

    expect(first?.attempts).toBe(1);
    expect(second).toBeUndefined();
    expect(afterLapse?.deliveryId).toBe(first?.deliveryId);
    expect(afterLapse?.attempts).toBe(2);
  });

  it('when a send fails, then the lead waits until its retry time', () => {
    const store = open();
    store.insertLead(newLead(), 0);
    const claimed = store.claimNextDue('email', 'a', START_TIME, 60_000)!;

    store.markFailed(claimed.deliveryId, 'a', 'connection refused', START_TIME + 10_000);

    expect(store.claimNextDue('email', 'a', START_TIME + 9_999, 60_000)).toBeUndefined();
    expect(store.claimNextDue('email', 'a', START_TIME + 10_000, 60_000)?.lead?.lastError).toBe(
      'connection refused',
    );
  });

  it('when leads are pending, then the summary gives their count and the oldest receipt time', () => {
    const store = open();
    store.insertLead(newLead({ mobile: '9000000001', receivedAt: START_TIME }), 0);
    store.insertLead(newLead({ mobile: '9000000002', receivedAt: START_TIME + 5_000 }), 0);
    const sent = store.claimNextDue('email', 'a', START_TIME + 5_000, 60_000)!;
    store.markSent(sent.deliveryId, START_TIME + 6_000);

    expect(store.pendingSummary()).toEqual({ count: 1, oldestReceivedAt: START_TIME + 5_000 });
  });

  it('when a message about a lead is queued for tomorrow, then it is no backlog until it is due, and waits from then on', () => {
    const store = open();
    const lead = store.insertLead(newLead({ receivedAt: START_TIME }), 0);
    const sent = store.claimNextDue('email', 'a', START_TIME, 60_000)!;
    store.markSent(sent.deliveryId, START_TIME + 1_000);
    const tomorrow = START_TIME + 86_400_000;
    store.queueMessage({
      messageId: '<reminder-1@iconia.test>',
      channel: 'email',
      kind: 'reminder',
      leadId: lead.id,
      dueAt: tomorrow,
    });

    expect(store.pendingSummary('email', START_TIME + 60_000)).toEqual({
      count: 0,
      oldestReceivedAt: undefined,
    });
    expect(store.pendingSummary('email', tomorrow + 5_000)).toEqual({
      count: 1,
      oldestReceivedAt: tomorrow,
    });
  });

  it('when leads go out on two channels, then each channel has its own delivery, retries and backlog', () => {
    const crmRoute = {
      channel: 'crm',
      kind: 'lead.created',
      messageId: (lead: { publicId: string }) => `crm-${lead.publicId}`,
    };
    const store = openLeadStore(file, { routes: [SALES_EMAIL_ROUTE, crmRoute] });
    stores.push(store);
    const lead = store.insertLead(newLead(), 0);

    const crm = store.claimNextDue('crm', 'w', START_TIME, 60_000)!;
    store.markFailed(crm.deliveryId, 'w', 'crm down', START_TIME + 60_000);
    const email = store.claimNextDue('email', 'w', START_TIME, 60_000)!;
    store.markSent(email.deliveryId, START_TIME + 1);

    expect(crm.lead?.publicId).toBe(lead.publicId);
    expect(store.findByPublicId(lead.publicId)?.status).toBe('sent');
    expect(store.pendingSummary('email').count).toBe(0);
    expect(store.pendingSummary('crm').count).toBe(1);
    expect(store.claimNextDue('crm', 'w', START_TIME + 59_999, 60_000)).toBeUndefined();
    expect(store.claimNextDue('crm', 'w', START_TIME + 60_000, 60_000)?.attempts).toBe(2);
  });

  it('when a lead has two messages on one channel, then each goes with its own id and the lead follows its sales email', () => {
    const store = open();
    const lead = store.insertLead(newLead(), 0);
    store.queueMessage({
      messageId: `<alert-${lead.publicId}@iconia.test>`,
      channel: 'email',
      kind: 'agent-alert',
      leadId: lead.id,
      payload: { agent: 'asha@iconia.test' },
      dueAt: START_TIME,
    });

    const first = store.claimNextDue('email', 'w', START_TIME, 60_000)!;
    const second = store.claimNextDue('email', 'w', START_TIME, 60_000)!;
    store.markSent(second.deliveryId, START_TIME + 1);

    expect([first.kind, first.messageId]).toEqual(['sales-email', lead.messageId]);
    expect(second).toMatchObject({
      kind: 'agent-alert',
      messageId: `<alert-${lead.publicId}@iconia.test>`,
      payload: { agent: 'asha@iconia.test' },
      lead: { publicId: lead.publicId },
    });
    expect(store.listLeads()).toHaveLength(1);
    expect(store.findByPublicId(lead.publicId)?.status).toBe('pending');
    store.markSent(first.deliveryId, START_TIME + 2);
    expect(store.findByPublicId(lead.publicId)?.status).toBe('sent');
  });

  it('when messages about no lead have gone out before the retention cutoff, then the sweep deletes them and keeps those still waiting', () => {
    const store = open();
    const event = (messageId: string, dueAt: number) =>
      store.queueMessage({ messageId, channel: 'crm', kind: 'lead.erased', dueAt, payload: {} });
    event('msg_sent', START_TIME);
    event('msg_waiting', START_TIME);
    const sent = store.claimNextDue('crm', 'w', START_TIME, 60_000)!;
    store.markSent(sent.deliveryId, START_TIME + 1);

    store.deleteSettledBefore(START_TIME + 1_000);

    const kept = store.db.prepare('SELECT message_id FROM deliveries').pluck().all();
    expect(kept).toEqual(['msg_waiting']);
  });

  it('when a lead is held, then it has no delivery until it is released', () => {
    const store = open();
    const held = store.insertLead(newLead({ held: true }), 0);

    expect(held.status).toBe('held');
    expect(store.claimNextDue('email', 'w', START_TIME, 60_000)).toBeUndefined();
    store.requeueLead(held.publicId, START_TIME + 1);
    expect(store.claimNextDue('email', 'w', START_TIME + 1, 60_000)?.lead?.publicId).toBe(
      held.publicId,
    );
  });

  it('when a spam lead is stored, then it never counts as the original for duplicate checks', () => {
    const store = open();
    store.insertLead(newLead({ spam: true }), 600_000);
    const real = store.insertLead(newLead(), 600_000);
    expect(real.status).toBe('pending');
  });
});
