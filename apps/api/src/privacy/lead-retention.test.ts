import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTempDir, createTestClock, START_TIME } from '@iconia/testkit';
import { createCapturingLogger } from '@iconia/api/test-server';
import { openLeadStore, type LeadStore, type NewLead } from '../store/lead-store.ts';
import { createLeadRetention, DAY_MS } from './lead-retention.ts';

let counter = 0;
function newLead(overrides: Partial<NewLead> = {}): NewLead {
  counter += 1;
  const publicId = randomUUID();
  return {
    publicId,
    messageId: `<lead-${publicId}@iconia.test>`,
    kind: 'brochure',
    name: 'Ravi',
    mobile: `90000${String(counter).padStart(5, '0')}`,
    attribution: { source: 'brochure-modal' },
    receivedAt: START_TIME,
    spam: false,
    consentNotice: 'brochure-consent-v1',
    ...overrides,
  };
}

describe('lead retention', () => {
  let temp: ReturnType<typeof createTempDir>;
  let store: LeadStore;

  beforeEach(() => {
    temp = createTempDir();
    store = openLeadStore(path.join(temp.dir, 'leads.sqlite'));
  });
  afterEach(() => {
    store.close();
    temp.remove();
  });

  /** Stores a lead and, unless it should stay pending, delivers it at once. */
  function stored(lead: NewLead, deliver = true): string {
    const row = store.insertLead(lead, 10 * 60_000);
    if (deliver && row.status === 'pending') {
      const claimed = store.claimNextDue('email', 'test', lead.receivedAt + 1, 60_000);
      expect(claimed?.lead?.id).toBe(row.id);
      store.markSent(claimed!.deliveryId, lead.receivedAt + 2);
    }
    return row.publicId;
  }

  it('when an emailed lead is older than the retention period, then the sweep deletes it and keeps younger ones', () => {
    const clock = createTestClock(START_TIME + 365 * DAY_MS + 1);
    const { logger, lines } = createCapturingLogger();
    const old = stored(newLead());
    const young = stored(newLead({ receivedAt: START_TIME + 2 }));

    const deleted = createLeadRetention({ store, clock, logger, retentionDays: 365 }).sweep();

    expect(deleted).toBe(1);
    expect(store.findByPublicId(old)).toBeUndefined();
    expect(store.findByPublicId(young)).toBeDefined();
    expect(lines.some((line) => line.includes('"msg":"expired leads deleted"'))).toBe(true);
  });

  it('when a lead is still waiting for delivery, then it is never deleted, however old', () => {
    const clock = createTestClock(START_TIME + 5_000 * DAY_MS);
    const { logger } = createCapturingLogger();
    const pending = stored(newLead(), false);

    createLeadRetention({ store, clock, logger, retentionDays: 30 }).sweep();

    expect(store.findByPublicId(pending)?.status).toBe('pending');
  });

  it('when spam and duplicates expire, then they go too, and a younger duplicate of an expired lead stays', () => {
    const clock = createTestClock(START_TIME + 30 * DAY_MS + 60_000);
    const { logger } = createCapturingLogger();
    const original = stored(newLead({ mobile: '9876543210' }));
    const spam = stored(newLead({ spam: true }));
    // Within the duplicate window of the original, but received after the cutoff.
    const duplicate = stored(
      newLead({ mobile: '9876543210', receivedAt: START_TIME + 5 * 60_000 }),
    );
    expect(store.findByPublicId(duplicate)?.status).toBe('duplicate');

    const deleted = createLeadRetention({ store, clock, logger, retentionDays: 30 }).sweep();

    expect(deleted).toBe(2);
    expect(store.findByPublicId(original)).toBeUndefined();
    expect(store.findByPublicId(spam)).toBeUndefined();
    expect(store.findByPublicId(duplicate)).toMatchObject({ status: 'duplicate' });
    expect(store.findByPublicId(duplicate)?.duplicateOf).toBeUndefined();
  });

  it('when LEAD_RETENTION_DAYS is 0, then nothing is ever deleted', () => {
    const clock = createTestClock(START_TIME + 50_000 * DAY_MS);
    const { logger } = createCapturingLogger();
    const old = stored(newLead());

    const retention = createLeadRetention({ store, clock, logger, retentionDays: 0 });
    retention.start();
    retention.stop();

    expect(retention.sweep()).toBe(0);
    expect(store.findByPublicId(old)).toBeDefined();
  });

  it('when the database cannot be written, then the sweep logs an error and the caller carries on', () => {
    const clock = createTestClock(START_TIME + 400 * DAY_MS);
    const { logger, lines } = createCapturingLogger();
    stored(newLead());
    store.close();

    const deleted = createLeadRetention({ store, clock, logger, retentionDays: 365 }).sweep();

    expect(deleted).toBe(0);
    expect(lines.some((line) => line.includes('could not delete expired leads'))).toBe(true);
  });
});
