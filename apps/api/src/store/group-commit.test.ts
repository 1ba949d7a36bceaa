import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTempDir, START_TIME } from '../../test/test-app.ts';
import { createGroupCommit } from './group-commit.ts';
import { openLeadStore, type LeadStore, type NewLead } from './lead-store.ts';

function newLead(mobile: string, publicId = randomUUID()): NewLead {
  return {
    publicId,
    messageId: `<lead-${publicId}@iconia.test>`,
    kind: 'contact',
    name: 'Asha',
    mobile,
    attribution: { source: 'contact-form' },
    receivedAt: START_TIME,
    spam: false,
  };
}

describe('createGroupCommit', () => {
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

  it('when leads arrive together, then each caller gets its own stored lead, repeats marked duplicate', async () => {
    const insert = createGroupCommit(store, 600_000);

    const stored = await Promise.all([
      insert(newLead('9000000001')),
      insert(newLead('9000000002')),
      insert(newLead('9000000001')),
    ]);

    expect(stored.map((lead) => [lead.mobile, lead.status])).toEqual([
      ['9000000001', 'pending'],
      ['9000000002', 'pending'],
      ['9000000001', 'duplicate'],
    ]);
    expect(store.listLeads()).toHaveLength(3);
  });

  it('when one lead of a batch cannot be stored, then only its caller fails', async () => {
    const insert = createGroupCommit(store, 600_000);
    const clash = randomUUID();
    store.insertLead(newLead('9000000009', clash), 0);

    const results = await Promise.allSettled([
      insert(newLead('9000000001')),
      insert(newLead('9000000002', clash)),
      insert(newLead('9000000003')),
    ]);

    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(store.listLeads()).toHaveLength(3);
  });
});
