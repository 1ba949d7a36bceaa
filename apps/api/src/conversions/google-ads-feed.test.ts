import { parse } from 'csv-parse/sync';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  importPlots,
  SAME_ORIGIN,
  startDeskTestServer,
  type DeskTestServer,
} from '../desk/desk-test-support.ts';

const USER = 'google-ads';
const PASSWORD = 'feed password 42';
const DAY = 86_400_000;
const FEED = '/conversions/google-ads.csv';

const HEADER = [
  'Google Click ID',
  'Conversion Name',
  'Conversion Time',
  'Conversion Value',
  'Conversion Currency',
  'GBRAID',
  'WBRAID',
];

/** The time as a person in India reads it, written as Google's template shows it. */
const indiaTime = (at: number) =>
  new Date(at).toLocaleString('sv-SE', { timeZone: 'Asia/Kolkata', hour12: false });

describe("Google Ads' scheduled upload of offline conversions", () => {
  let t: DeskTestServer;
  let manager: TestAgent;
  const at: Record<string, number> = {};

  const fetchFeed = () => request(t.url).get(FEED).auth(USER, PASSWORD);
  const move = async (leadId: number, change: object) => {
    const res = await manager.patch(`/desk/api/leads/${leadId}`).set(SAME_ORIGIN).send(change);
    expect(res.status, res.text).toBe(200);
  };
  /** The file read back by a CSV parser: its first line, then each row by column name. */
  const readFeed = (text: string) => {
    const [first, ...rest] = text.split('\r\n');
    const rows = parse<Record<string, string>>(rest.join('\r\n'), {
      columns: true,
      skip_empty_lines: true,
    });
    const header = parse(rest[0] ?? '')[0];
    return { first, header, rows };
  };

  beforeAll(async () => {
    t = await startDeskTestServer({
      env: {
        GOOGLE_CONVERSIONS_USER: USER,
        GOOGLE_CONVERSIONS_PASSWORD: PASSWORD,
        GOOGLE_CONVERSION_NAMES:
          'Contacted=Lead contacted, Site visit done=Site visit, Booked=Booking, Lost=Lost lead',
      },
    });
    await t.addUser('meena@iconia.test', 'manager', 'Meena');
    manager = await t.signIn('meena@iconia.test');

    // Long ago: contacted more than 90 days before the fetches below.
    const old = t.storeLead({ mobile: '9848000001', attribution: { gclid: 'OLDclick' } });
    await move(old, { stage: 'contacted' });
    at.old = t.clock.now();
    t.clock.advance(91 * DAY);
    // A desk session ends after 12 idle hours.
    manager = await t.signIn('meena@iconia.test');
  }, 60_000);
  afterAll(async () => {
    await t.remove();
  });

  it('when the feed is fetched without credentials or with a wrong password, then it answers 401 with a basic auth challenge and no data', async () => {
    for (const call of [
      request(t.url).get(FEED),
      request(t.url).get(FEED).auth(USER, 'wrong'),
      request(t.url).get(FEED).auth('someone', PASSWORD),
      request(t.url).get(FEED).set('Authorization', 'Bearer abc'),
    ]) {
      const res = await call;
      expect(res.status).toBe(401);
      expect(res.headers['www-authenticate']).toMatch(/^Basic realm="[^"]+"/);
      expect(res.text).toContain('username or password is missing or wrong');
      expect(res.text).not.toContain('OLDclick');
    }
  });

  it('when buyers from Google ads move through the stages, then each click id and stage is one row of Google’s template, and nothing about the person', async () => {
    // A site lead with a gclid (one that starts with a dash, as URL-safe base64 may), booked a
    // priced plot straight from Contacted.
    const asha = t.storeLead({
      name: 'Asha Rao',
      mobile: '9848000011',
      location: 'Kondapur',
      attribution: { utm_source: 'google', gclid: '-Cj0KCQasha' },
    });
    t.clock.advance(60_000);
    await move(asha, { stage: 'contacted' });
    at.ashaContacted = t.clock.now();
    t.clock.advance(60_000);
    const plots = await importPlots(
      manager,
      [
        'number,phase,size_sq_yd,facing,corner,price,rate_per_sq_yd,status',
        'A-12,Phase 1,240,East,no,4500000,,',
      ].join('\n'),
    );
    const plot = plots.get('A-12');
    for (const [path, status] of [
      ['hold', 201],
      ['booking', 201],
      ['booking/approve', 200],
    ] as const) {
      const res = await manager
        .post(`/desk/api/plots/${plot}/${path}`)
        .set(SAME_ORIGIN)
        .send(path === 'hold' ? { leadId: asha } : {});
      expect(res.status, res.text).toBe(status);
    }
    at.ashaBooked = t.clock.now();

    // An iOS app click (gbraid) contacted; an iOS web click (wbraid) lost.
    t.clock.advance(60_000);
    const ravi = t.storeLead({
      name: 'Ravi Kumar',
      mobile: '9848000022',
      email: 'ravi@example.com',
      attribution: { gbraid: '0AAAAAoYgbr' },
    });
    await move(ravi, { stage: 'contacted' });
    at.raviContacted = t.clock.now();
    // The same buyer's test lead, with a click id of its own, is never reported.
    t.storeLead({ mobile: '9848000022', test: true, attribution: { gclid: 'TESTclick' } });
    t.clock.advance(60_000);
    const sita = t.storeLead({
      name: 'Sita',
      mobile: '9848000033',
      attribution: { wbraid: 'Cj8wbr' },
    });
    await move(sita, { stage: 'lost', lostReason: 'Bought elsewhere' });
    at.sitaLost = t.clock.now();
    // A buyer without any Google click is not Google's to hear of.
    const direct = t.storeLead({ mobile: '9848000044', attribution: { fbclid: 'IwAR0x' } });
    await move(direct, { stage: 'contacted' });

    const res = await fetchFeed();

    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const { first, header, rows } = readFeed(res.text);
    expect(first).toBe('Parameters:TimeZone=+0530');
    expect(header).toEqual(HEADER);
    const row = (click: string, name: string, time: number, value = '', currency = '') => ({
      'Google Click ID': click.startsWith('gbr:') || click.startsWith('wbr:') ? '' : click,
      'Conversion Name': name,
      'Conversion Time': indiaTime(time),
      'Conversion Value': value,
      'Conversion Currency': currency,
      GBRAID: click.startsWith('gbr:') ? click.slice(4) : '',
      WBRAID: click.startsWith('wbr:') ? click.slice(4) : '',
    });
    // Site visit scheduled is not named, so not reported; Site visit done is, reached on booking.
    expect(rows).toEqual([
      row('-Cj0KCQasha', 'Lead contacted', at.ashaContacted),
      row('-Cj0KCQasha', 'Site visit', at.ashaBooked),
      row('-Cj0KCQasha', 'Booking', at.ashaBooked, '4500000', 'INR'),
      row('gbr:0AAAAAoYgbr', 'Lead contacted', at.raviContacted),
      row('wbr:Cj8wbr', 'Lost lead', at.sitaLost),
    ]);
    expect(res.text).not.toMatch(/Asha|Ravi|Sita|9848000|ravi@example|Kondapur|Bought elsewhere/);
    expect(res.text).not.toContain('TESTclick');
    expect(res.text).not.toContain('OLDclick');
    expect(
      t.logLines.some(
        (line) => line.includes('conversions feed fetched') && line.includes('"rows":5'),
      ),
    ).toBe(true);
  });

  it('when a buyer is erased, then their rows leave the feed', async () => {
    const before = readFeed((await fetchFeed()).text).rows.length;
    const res = await manager
      .post('/desk/api/erasures')
      .set(SAME_ORIGIN)
      .send({ mobile: '9848000022' });
    expect(res.status).toBe(200);

    const { rows } = readFeed((await fetchFeed()).text);
    expect(rows).toHaveLength(before - 1);
    expect(rows.some((row) => row.GBRAID !== '')).toBe(false);
  });

  it('when a stage was reached more than 90 days ago, then it is no longer in the feed', async () => {
    const { rows } = readFeed((await fetchFeed()).text);
    expect(rows.filter((row) => row['Conversion Name'] === 'Lead contacted')).toHaveLength(1);
    t.clock.advance(at.ashaContacted! + 90 * DAY + 1 - t.clock.now());

    const later = readFeed((await fetchFeed()).text).rows;
    expect(later.map((row) => row['Conversion Name'])).toEqual([
      'Site visit',
      'Booking',
      'Lost lead',
    ]);
  });
});

describe('the conversions feed when it is not set up', () => {
  let t: DeskTestServer;
  beforeAll(async () => {
    t = await startDeskTestServer();
  });
  afterAll(async () => {
    await t.remove();
  });

  it('when GOOGLE_CONVERSIONS_USER and its fellows are unset, then the feed answers 404, with or without credentials', async () => {
    expect((await request(t.url).get(FEED)).status).toBe(404);
    expect((await request(t.url).get(FEED).auth(USER, PASSWORD)).status).toBe(404);
  });
});
