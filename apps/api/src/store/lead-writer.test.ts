import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTempDir, newLead } from '../../test/test-app.ts';
import { openLeadStore, type LeadStore } from './lead-store.ts';
import { startLeadWriter } from './lead-writer.ts';

// What it stores and how it batches: group-commit.test.ts, which runs on this thread too.
describe('the lead writer thread', () => {
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

  it('when closed, then the leads handed over before are stored and later ones are refused', async () => {
    const failures: Error[] = [];
    const writer = await startLeadWriter({
      databaseFile: path.join(temp.dir, 'leads.sqlite'),
      duplicateWindowMs: 600_000,
      onFailure: (error) => failures.push(error),
    });

    const before = writer.insertLead(newLead('9000000001'));
    await writer.close();

    await expect(before).resolves.toMatchObject({ status: 'pending' });
    await expect(writer.insertLead(newLead('9000000002'))).rejects.toThrow('closed');
    expect(store.listLeads()).toHaveLength(1);
    expect(failures).toEqual([]);
  });
});
