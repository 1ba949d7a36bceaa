import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTempDir, START_TIME } from '../../test/test-app.ts';
import { openLeadStore, type LeadStore, type NewLead } from './lead-store.ts';
import { startLeadWriter, type LeadWriter } from './lead-writer.ts';

function newLead(mobile: string, publicId = randomUUID()): NewLead {
  return {
    publicId,
    messageId: `<lead-${publicId}@iconia.test>`,
    kind: 'brochure',
    name: 'Ravi',
    mobile,
    plotRange: '200 - 300 Sq. Yds',
    attribution: { source: 'brochure-modal', utm_source: 'google' },
    receivedAt: START_TIME,
    spam: false,
  };
}

describe('the lead writer thread', () => {
  let temp: ReturnType<typeof createTempDir>;
  let store: LeadStore;
  let writer: LeadWriter | undefined;
  const failures: Error[] = [];

  const start = async (): Promise<LeadWriter> => {
    writer = await startLeadWriter({
      databaseFile: path.join(temp.dir, 'leads.sqlite'),
      duplicateWindowMs: 600_000,
      onFailure: (error) => failures.push(error),
    });
    return writer;
  };

  beforeEach(() => {
    temp = createTempDir();
    store = openLeadStore(path.join(temp.dir, 'leads.sqlite'));
    failures.length = 0;
  });
  afterEach(async () => {
    await writer?.close();
    writer = undefined;
    store.close();
    temp.remove();
  });

  it('when leads arrive together, then each caller gets its own stored lead, repeats marked duplicate, all on disk', async () => {
    const { insertLead } = await start();

    const stored = await Promise.all([
      insertLead(newLead('9000000001')),
      insertLead(newLead('9000000002')),
      insertLead(newLead('9000000001')),
    ]);

    expect(stored.map((lead) => [lead.mobile, lead.status])).toEqual([
      ['9000000001', 'pending'],
      ['9000000002', 'pending'],
      ['9000000001', 'duplicate'],
    ]);
    expect(stored[0]).toMatchObject({
      plotRange: '200 - 300 Sq. Yds',
      attribution: { source: 'brochure-modal', utm_source: 'google' },
    });
    expect(store.listLeads().map((lead) => lead.publicId)).toEqual(
      stored.map((lead) => lead.publicId),
    );
  });

  it("when one lead of a batch cannot be stored, then only its caller fails, with SQLite's reason and code", async () => {
    const { insertLead } = await start();
    const clash = randomUUID();
    store.insertLead(newLead('9000000009', clash), 0);

    const results = await Promise.allSettled([
      insertLead(newLead('9000000001')),
      insertLead(newLead('9000000002', clash)),
      insertLead(newLead('9000000003')),
    ]);

    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toMatchObject({
      message: expect.stringContaining('UNIQUE constraint failed') as unknown,
      code: 'SQLITE_CONSTRAINT_UNIQUE',
    });
    expect(store.listLeads()).toHaveLength(3);
  });

  it('when closed, then the leads handed over before are stored and later ones are refused', async () => {
    const { insertLead } = await start();

    const before = insertLead(newLead('9000000001'));
    await writer?.close();

    await expect(before).resolves.toMatchObject({ status: 'pending' });
    await expect(insertLead(newLead('9000000002'))).rejects.toThrow('closed');
    expect(store.listLeads()).toHaveLength(1);
    expect(failures).toEqual([]);
  });
});
