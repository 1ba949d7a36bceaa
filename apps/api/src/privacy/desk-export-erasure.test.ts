import path from 'node:path';
import type TestAgent from 'supertest/lib/agent.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { runLeadsCli } from '../cli/run-leads-cli.ts';
import { EXPORT_FIELDS } from '../format/lead-export.ts';
import {
  startDeskTestServer,
  SAME_ORIGIN,
  type DeskTestServer,
} from '../desk/desk-test-support.ts';
import type { DeskUser } from '../desk/desk-types.ts';
import type { DeskLeadRow } from '@iconia/shared';

async function cli(t: DeskTestServer, args: string[]): Promise<string> {
  let stdout = '';
  const dataDir = path.dirname(t.config.databaseFile);
  const code = await runLeadsCli(args, {
    out: (text) => {
      stdout += text;
    },
    err: (text) => {
      throw new Error(text);
    },
    clock: t.clock,
    cwd: dataDir,
    config: () => loadConfig({ DATA_DIR: dataDir, MAIL_FROM: 'leads@iconia.test' }, dataDir),
  });
  expect(code).toBe(0);
  return stdout;
}

describe('export and erasure on the sales desk', () => {
  let t: DeskTestServer;
  let manager: TestAgent;
  let meena: DeskUser;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await startDeskTestServer();
    meena = await t.addUser('meena@iconia.test', 'manager', 'Meena');
    await t.addUser('arjun@iconia.test', 'agent', 'Arjun');
    ids.ravi = t.storeLead({
      name: 'Ravi Kumar',
      mobile: '9876543210',
      location: 'Kondapur',
      attribution: {
        source: 'brochure-modal',
        utm_source: 'google',
        gclid: 'Cj0KCQ',
        page: '/',
        fbclid: 'IwAR0ravi',
        wbraid: 'WbR4vi',
        landingPage: '/location',
        referrer: 'https://l.facebook.com/',
      },
    });
    t.clock.advance(60_000);
    ids.raviAgain = t.storeLead({ name: 'Ravi K', mobile: '9876543210' });
    ids.formula = t.storeLead({ name: '=HYPERLINK("https://evil.example","Click")' });
    ids.asha = t.storeLead({ name: 'Asha', mobile: '9123456780' });
    manager = await t.signIn('meena@iconia.test');
    await manager
      .post(`/desk/api/leads/${ids.ravi}/notes`)
      .set(SAME_ORIGIN)
      .send({ text: 'Ravi lives in Kondapur, wife is Sita' });
    await manager
      .patch(`/desk/api/leads/${ids.ravi}`)
      .set(SAME_ORIGIN)
      .send({ ownerId: meena.id, stage: 'contacted' });
    await manager
      .patch(`/desk/api/leads/${ids.raviAgain}`)
      .set(SAME_ORIGIN)
      .send({ stage: 'lost', lostReason: 'Ravi K (9876543210) bought elsewhere' });
    await manager
      .patch(`/desk/api/leads/${ids.raviAgain}`)
      .set(SAME_ORIGIN)
      .send({ lostReason: 'Ravi K of Kondapur bought elsewhere' });
  });
  afterAll(async () => {
    await t.remove();
  });

  it('when a manager exports the filtered list, then the CSV holds those leads, formula-safe, and the export is recorded', async () => {
    const res = await manager.get('/desk/api/export.csv?q=Ravi');
    expect(res.status).toBe(200);
    expect(res.get('Content-Type')).toBe('text/csv; charset=utf-8');
    expect(res.get('Content-Disposition')).toBe(
      'attachment; filename="elegant-iconia-leads-2026-11-21.csv"',
    );
    const lines = res.text.split('\r\n');
    expect(lines[0]).toBe(
      [...EXPORT_FIELDS, 'stage', 'owner', 'followUpAt', 'lostReason', 'firstContactAt'].join(','),
    );
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain(',Ravi K,9876543210,');
    expect(lines[2]).toContain(',Ravi Kumar,9876543210,');
    expect(lines[2]).toContain(',Cj0KCQ,IwAR0ravi,,WbR4vi,/location,https://l.facebook.com/,');
    // One buyer behind both: each of their leads shows the buyer's stage and owner.
    expect(lines[2]).toMatch(
      /,lost,Meena,,Ravi K of Kondapur bought elsewhere,2026-11-21T15:46:00\+05:30$/,
    );

    const byMobile = await manager.get('/desk/api/export.csv?q=98765%2043210&form=brochure-modal');
    expect(byMobile.text.split('\r\n')).toHaveLength(4);
    const all = await manager.get('/desk/api/export.csv');
    expect(all.text).toContain(`"'=HYPERLINK(""https://evil.example"",""Click"")"`);

    const { db } = t.store;
    const records = db
      .prepare('SELECT actor_id, at, filters, rows FROM desk_exports ORDER BY id')
      .all();
    expect(records).toEqual([
      { actor_id: meena.id, at: t.clock.now(), filters: 'search=name', rows: 2 },
      {
        actor_id: meena.id,
        at: t.clock.now(),
        filters: 'form=brochure-modal&search=mobile',
        rows: 2,
      },
      { actor_id: meena.id, at: t.clock.now(), filters: '', rows: 4 },
    ]);
  });

  it('when a manager erases a mobile, then the desk, the CSV and the CLI no longer show that person', async () => {
    const res = await manager
      .post('/desk/api/erasures')
      .set(SAME_ORIGIN)
      .send({ mobile: '+91 98765 43210' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ erased: 2 });

    // Desk: the search finds nothing, the lead shows no personal field, the note text is gone.
    const search = await manager.get('/desk/api/leads?q=43210');
    expect((search.body as { leads: unknown[] }).leads).toEqual([]);
    const detail = await manager.get(`/desk/api/leads/${ids.ravi}`);
    const body = detail.body as {
      lead: DeskLeadRow & Record<string, unknown>;
      timeline: Array<{ type: string; text: string }>;
      enquiries: Array<Record<string, unknown>>;
    };
    expect(body.lead).toMatchObject({
      name: '',
      mobile: '',
      location: null,
      plotRange: null,
      page: null,
      gclid: null,
      fbclid: null,
      gbraid: null,
      wbraid: null,
      landingPage: null,
      referrer: null,
      erased: true,
    });
    expect(body.enquiries.map((lead) => [lead.id, lead.erased])).toEqual([
      [ids.ravi, true],
      [ids.raviAgain, true],
    ]);
    expect(JSON.stringify(body)).not.toMatch(/Ravi|9876543210|Kondapur|Sita/);
    expect(body.timeline.at(-1)).toMatchObject({ type: 'erased', text: 'Personal data erased' });
    // The Lost reasons typed on the buyer's other lead go too; the stage changes stay.
    const repeat = (await manager.get(`/desk/api/leads/${ids.raviAgain}`)).body as {
      timeline: Array<{ type: string; text: string }>;
    };
    expect(repeat.timeline.filter((entry) => entry.type === 'stage')).toMatchObject([
      { text: 'Stage changed from New to Contacted' },
      { text: 'Stage changed from Contacted to Lost' },
      { text: 'Reason for Lost changed' },
    ]);
    expect(JSON.stringify(repeat)).not.toMatch(/Ravi|9876543210|Kondapur/);
    const worked = await manager
      .post(`/desk/api/leads/${ids.ravi}/notes`)
      .set(SAME_ORIGIN)
      .send({ text: 'new note' });
    expect(worked.status).toBe(409);

    // CSV: the rows stay (the counts must), without the person.
    const csv = (await manager.get('/desk/api/export.csv')).text;
    expect(csv).not.toMatch(/Ravi|9876543210|Kondapur|Cj0KCQ|IwAR0ravi|facebook/);
    expect(csv).toContain('Asha');

    // The operator's CLI: list and export.
    const list = await cli(t, ['list']);
    expect(list).not.toMatch(/Ravi|98765|Kondapur/);
    expect(list).toContain('(erased)');
    expect(list).toContain('Asha');
    const exported = await cli(t, ['export', '--format', 'csv']);
    expect(exported).not.toMatch(/Ravi|9876543210|Kondapur/);

    // The record says who, when and how many, and not whose.
    const { db } = t.store;
    const erasures = db.prepare('SELECT actor_id, at, leads FROM desk_erasures').all();
    const dump = JSON.stringify(db.prepare('SELECT * FROM desk_erasures').all());
    expect(erasures).toEqual([{ actor_id: meena.id, at: t.clock.now(), leads: 2 }]);
    expect(dump).not.toContain('9876543210');
    // Nothing the desk keeps about its work names the person: timeline, work, export log.
    const kept = JSON.stringify([
      db.prepare('SELECT * FROM lead_events').all(),
      db.prepare('SELECT * FROM buyers').all(),
      db.prepare('SELECT * FROM desk_exports').all(),
    ]);
    expect(kept).not.toMatch(/Ravi|98765|43210|Kondapur|Sita/);
  });

  it('when an erasure names a mobile with no leads or a malformed one, then the answer says so', async () => {
    const none = await manager
      .post('/desk/api/erasures')
      .set(SAME_ORIGIN)
      .send({ mobile: '9000000009' });
    expect(none.body).toEqual({ erased: 0 });
    const bad = await manager.post('/desk/api/erasures').set(SAME_ORIGIN).send({ mobile: '12345' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      error:
        '"mobile" must be a ten-digit Indian mobile number or a number with its country code, such as +44 7911 123456.',
    });
  });
});

describe('a buyer abroad on the sales desk', () => {
  let t: DeskTestServer;
  let manager: TestAgent;

  beforeAll(async () => {
    t = await startDeskTestServer();
    await t.addUser('meena@iconia.test', 'manager', 'Meena');
    t.storeLead({ name: 'Priya Nair', mobile: '+44 7911 123456' });
    t.storeLead({ name: 'Ravi Kumar', mobile: '9876543210' });
    manager = await t.signIn('meena@iconia.test');
  });
  afterAll(() => t.remove());

  const found = async (q: string) =>
    (
      (await manager.get('/desk/api/leads').query({ q }).expect(200)).body as {
        leads: DeskLeadRow[];
      }
    ).leads.map((lead) => `${lead.name} ${lead.mobile}`);

  it('when a manager searches for the number as it is written abroad or in part, then the desk finds that buyer only', async () => {
    expect(await found('+44 7911 123456')).toEqual(['Priya Nair +447911123456']);
    expect(await found('7911 123')).toEqual(['Priya Nair +447911123456']);
    expect(await found('+9198765')).toEqual(['Ravi Kumar +919876543210']);
  });

  it('when a manager erases by a foreign number, then that buyer is gone from the desk and the CSV and the other stays', async () => {
    const erased = await manager
      .post('/desk/api/erasures')
      .set(SAME_ORIGIN)
      .send({ mobile: '0044 7911 123456' })
      .expect(200);

    expect(erased.body).toEqual({ erased: 1 });
    expect(await found('7911')).toEqual([]);
    const csv = await manager.get('/desk/api/export.csv').expect(200);
    expect(csv.text).not.toContain('7911');
    expect(csv.text).toContain('Ravi Kumar');
  });

  it('when an erasure names a foreign number no country uses, then the answer says how to write it', async () => {
    const bad = await manager
      .post('/desk/api/erasures')
      .set(SAME_ORIGIN)
      .send({ mobile: '+44 1234' });

    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      error:
        '"mobile" must be a ten-digit Indian mobile number or a number with its country code, such as +44 7911 123456.',
    });
  });
});
