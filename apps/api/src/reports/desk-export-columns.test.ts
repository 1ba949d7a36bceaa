import type TestAgent from 'supertest/lib/agent.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newLead } from '../../test/new-lead.ts';
import { EXPORT_FIELDS } from '../format/lead-export.ts';
import { startDeskTestServer, type DeskTestServer } from '../desk/desk-test-support.ts';

const MINUTE = 60_000;
const DESK_FIELDS = ['stage', 'owner', 'followUpAt', 'lostReason', 'firstContactAt'];

describe('the CSV export of enquiries from the site, an ad platform and its lead form', () => {
  let t: DeskTestServer;
  let manager: TestAgent;

  beforeAll(async () => {
    t = await startDeskTestServer();
    await t.addUser('meena@iconia.test', 'manager', 'Meena');
    t.storeLead({ name: 'Site Buyer', mobile: '9876500001' });
    t.clock.advance(MINUTE);
    t.storeLead({
      kind: 'enquiry',
      origin: 'google_ads',
      externalId: 'G-1',
      name: 'Google Buyer',
      mobile: '9876500002',
      email: 'google.buyer@example.com',
      message: '=call me after 6',
      answers: { 'Budget?': '1.5 Cr' },
      attribution: {},
    });
    t.clock.advance(MINUTE);
    // A Meta lead whose form gave neither a usable number nor a name.
    t.store.insertLead(
      {
        ...newLead(''),
        kind: 'enquiry',
        origin: 'meta',
        externalId: 'META-1',
        name: '',
        problems: ['No number', 'No name'],
        answers: { 'When can you visit?': 'Sunday', 'Budget?': '2 Cr' },
        attribution: {},
        receivedAt: t.clock.now(),
      },
      0,
    );
    manager = await t.signIn('meena@iconia.test');
  });
  afterAll(async () => {
    await t.remove();
  });

  it('when a manager exports, then origin, email, message and problems have columns, and each question of the forms one of its own, formula-safe, before the desk’s work', async () => {
    const res = await manager.get('/desk/api/export.csv');

    expect(res.status).toBe(200);
    // No cell here holds a comma or a quote, so each line splits on commas.
    const [header, ...rows] = res.text
      .trimEnd()
      .split('\r\n')
      .map((line) => line.split(','));
    expect(header).toEqual([...EXPORT_FIELDS, 'Budget?', 'When can you visit?', ...DESK_FIELDS]);
    const lead = (index: number) =>
      Object.fromEntries(header!.map((field, column) => [field, rows[index]![column]]));
    // Newest first.
    expect(lead(0)).toMatchObject({
      origin: 'meta',
      problems: 'No number; No name',
      'Budget?': '2 Cr',
      'When can you visit?': 'Sunday',
      stage: 'new',
    });
    expect(lead(1)).toMatchObject({
      name: 'Google Buyer',
      origin: 'google_ads',
      email: 'google.buyer@example.com',
      message: "'=call me after 6",
      problems: '',
      'Budget?': '1.5 Cr',
      'When can you visit?': '',
    });
    expect(lead(2)).toMatchObject({
      name: 'Site Buyer',
      origin: 'site',
      source: 'brochure-modal',
      email: '',
      'Budget?': '',
    });
  });
});
