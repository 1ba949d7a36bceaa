import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTempDir, createTestClock, type TempDir } from '@iconia/testkit';
import { createCapturingLogger } from '@iconia/api/test-server';
import { DUPLICATE_WINDOW_MS } from '../leads/capture-lead.ts';
import { createGroupCommit } from '../store/group-commit.ts';
import { openLeadStore, type LeadStore } from '../store/lead-store.ts';
import { createIngestEnquiry, type ChannelEnquiry, type IngestEnquiry } from './ingest-enquiry.ts';

function enquiry(overrides: Partial<ChannelEnquiry> = {}): ChannelEnquiry {
  return {
    origin: 'partner:acme-realty',
    externalId: 'msg_2KWPBgLlAfxdpx2AI54pPJ85f4W',
    name: 'Kiran Rao',
    mobile: '+14155550123',
    email: 'kiran@example.com',
    plotRange: '300 - 400 Sq. Yds',
    message: 'Is a site visit possible on Sunday?',
    campaign: { utm_source: 'acme', utm_campaign: 'nri-winter' },
    answers: { Budget: '1.5 Cr' },
    ...overrides,
  };
}

describe('ingesting an enquiry from a channel', () => {
  let temp: TempDir;
  let file: string;
  let store: LeadStore;
  let woken: number;
  let ingest: IngestEnquiry;

  beforeEach(() => {
    temp = createTempDir();
    file = path.join(temp.dir, 'leads.sqlite');
    store = openLeadStore(file);
    woken = 0;
    ingest = createIngestEnquiry({
      storeLead: createGroupCommit(store, DUPLICATE_WINDOW_MS),
      clock: createTestClock(),
      logger: createCapturingLogger().logger,
      messageIdDomain: 'iconia.test',
      onPending: () => {
        woken += 1;
      },
    });
  });
  afterEach(() => {
    store.close();
    temp.remove();
  });

  /** What another process opening the file sees: the lead is on disk, not only in memory. */
  function onDisk(): Array<{
    origin: string;
    external_id: string;
    status: string;
    queued: number;
  }> {
    const other = new Database(file, { readonly: true });
    try {
      return other
        .prepare(
          `SELECT origin, external_id, status,
             (SELECT COUNT(*) FROM deliveries d WHERE d.lead_id = l.id) AS queued
           FROM leads l ORDER BY id`,
        )
        .all() as Array<{ origin: string; external_id: string; status: string; queued: number }>;
    } finally {
      other.close();
    }
  }

  it('when an enquiry is ingested, then it is on disk with its sales email queued before the promise resolves', async () => {
    const { lead, repeat } = await ingest(enquiry());

    expect(repeat).toBe(false);
    expect(onDisk()).toEqual([
      {
        origin: 'partner:acme-realty',
        external_id: 'msg_2KWPBgLlAfxdpx2AI54pPJ85f4W',
        status: 'pending',
        queued: 1,
      },
    ]);
    expect(lead).toMatchObject({
      kind: 'enquiry',
      origin: 'partner:acme-realty',
      mobile: '+14155550123',
      email: 'kiran@example.com',
      plotRange: '300 - 400 Sq. Yds',
      message: 'Is a site visit possible on Sunday?',
      answers: { Budget: '1.5 Cr' },
      attribution: { utm_source: 'acme', utm_campaign: 'nri-winter' },
    });
    expect(woken).toBe(1);
  });

  it('when the same enquiry comes again, then the first lead comes back as a repeat and nothing more is stored or queued', async () => {
    const first = await ingest(enquiry());
    const again = await Promise.all([ingest(enquiry()), ingest(enquiry({ name: 'Someone Else' }))]);

    expect(again.map(({ lead, repeat }) => [lead.publicId, repeat])).toEqual([
      [first.lead.publicId, true],
      [first.lead.publicId, true],
    ]);
    expect(onDisk()).toHaveLength(1);
    expect(onDisk()[0]?.queued).toBe(1);
    expect(woken).toBe(1);
  });

  it('when two origins use the same id, then they are two leads', async () => {
    await ingest(enquiry());
    const other = await ingest(enquiry({ origin: 'meta', mobile: '+919876543210' }));

    expect(other.repeat).toBe(false);
    expect(onDisk().map((row) => row.origin)).toEqual(['partner:acme-realty', 'meta']);
  });

  it('when the enquiry is a platform test, then it is kept with status test and nothing is queued', async () => {
    const { lead } = await ingest(enquiry({ test: true }));

    expect(lead.status).toBe('test');
    expect(onDisk()).toEqual([expect.objectContaining({ status: 'test', queued: 0 })]);
    expect(woken).toBe(0);
  });
});
