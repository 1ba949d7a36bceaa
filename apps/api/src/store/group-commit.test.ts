import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTempDir, newLead } from '../../test/test-app.ts';
import { createGroupCommit, type InsertLead } from './group-commit.ts';
import { openLeadStore, type LeadStore } from './lead-store.ts';
import { startLeadWriter } from './lead-writer.ts';

interface Committer {
  insert: InsertLead;
  close(): Promise<void>;
}

// The same group commit runs in tests on the calling thread and in the server on its writer thread.
describe.each([
  {
    where: 'on the calling thread',
    open: (store: LeadStore): Promise<Committer> =>
      Promise.resolve({ insert: createGroupCommit(store, 600_000), close: async () => {} }),
  },
  {
    where: 'on the writer thread',
    open: async (_store: LeadStore, databaseFile: string): Promise<Committer> => {
      const writer = await startLeadWriter({
        databaseFile,
        duplicateWindowMs: 600_000,
        onFailure: (error) => {
          throw error;
        },
      });
      return { insert: writer.insertLead, close: () => writer.close() };
    },
  },
])('group commit $where', ({ open }) => {
  let temp: ReturnType<typeof createTempDir>;
  let store: LeadStore;
  let committer: Committer;

  beforeEach(async () => {
    temp = createTempDir();
    const databaseFile = path.join(temp.dir, 'leads.sqlite');
    store = openLeadStore(databaseFile);
    committer = await open(store, databaseFile);
  });
  afterEach(async () => {
    await committer.close();
    store.close();
    temp.remove();
  });

  it('when leads arrive together, then each caller gets its own stored lead, repeats marked duplicate, all on disk', async () => {
    const stored = await Promise.all([
      committer.insert(newLead('9000000001')),
      committer.insert(newLead('9000000002')),
      committer.insert(newLead('9000000001')),
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
    const clash = randomUUID();
    store.insertLead(newLead('9000000009', clash), 0);

    const results = await Promise.allSettled([
      committer.insert(newLead('9000000001')),
      committer.insert(newLead('9000000002', clash)),
      committer.insert(newLead('9000000003')),
    ]);

    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toMatchObject({
      message: expect.stringContaining('UNIQUE constraint failed') as unknown,
      code: 'SQLITE_CONSTRAINT_UNIQUE',
    });
    expect(store.listLeads()).toHaveLength(3);
  });
});
