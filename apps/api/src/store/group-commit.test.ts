import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTempDir } from '@iconia/testkit';
import { newLead } from '../../test/new-lead.ts';
import { createGroupCommit, createWriteBatch } from './group-commit.ts';
import { openLeadStore, type LeadStore } from './lead-store.ts';

describe('group commit', () => {
  let temp: ReturnType<typeof createTempDir>;
  let store: LeadStore;
  let committer: { insert: ReturnType<typeof createGroupCommit> };

  beforeEach(() => {
    temp = createTempDir();
    store = openLeadStore(path.join(temp.dir, 'leads.sqlite'));
    committer = { insert: createGroupCommit(store, 600_000) };
  });
  afterEach(() => {
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

describe('a batch of writes', () => {
  let temp: ReturnType<typeof createTempDir>;
  let store: LeadStore;

  beforeEach(() => {
    temp = createTempDir();
    store = openLeadStore(path.join(temp.dir, 'leads.sqlite'));
    store.db.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL UNIQUE)');
  });
  afterEach(() => {
    store.close();
    temp.remove();
  });

  const insert = (text: string) => () =>
    store.db.prepare('INSERT INTO notes (text) VALUES (?) RETURNING id').pluck().get(text);

  it('when writes are asked for together, then each caller gets its own result and one that throws is undone alone', async () => {
    const write = createWriteBatch(store.db);
    store.db.prepare('INSERT INTO notes (text) VALUES (?)').run('taken');

    const results = await Promise.allSettled([
      write(insert('first')),
      write(() => {
        insert('half done')();
        return insert('taken')();
      }),
      write(insert('third')),
    ]);

    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toMatchObject({
      code: 'SQLITE_CONSTRAINT_UNIQUE',
    });
    expect(store.db.prepare('SELECT text FROM notes ORDER BY id').pluck().all()).toEqual([
      'taken',
      'first',
      'third',
    ]);
  });
});
