import { GRAPH_API_VERSION } from '@iconia/api/meta-graph';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createTempDir,
  createTestClock,
  metaLeadgenEvent,
  metaSignature,
  startGraphApi,
  startSmtpInbox,
  type ReceivedMail,
  type SmtpInbox,
  type TempDir,
  type TestClock,
} from '@iconia/testkit';
import { startTestServer, type TestServer } from '@iconia/api/test-server';
import Database from 'better-sqlite3';
import type { SourceHealthAnswer } from '@iconia/shared';
import { newLead } from '../../test/new-lead.ts';
import { createAccount } from '../accounts/index.ts';
import { createPartnerSources } from './partner-sources.ts';
import { createIntakeRefusalStore } from '../store/intake-refusal-store.ts';
import { MIGRATIONS } from '../store/lead-store.ts';
import { SOURCE_HEALTH_MIGRATION } from '../store/source-health-schema.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const PASSWORD = 'correct horse battery';
const SAME_ORIGIN = { 'Sec-Fetch-Site': 'same-origin' } as const;
const GOOGLE_KEY = randomBytes(24).toString('hex');

/** A lead as Google's lead form webhook documentation shows one. */
function googleLead(key: string) {
  return {
    lead_id: `TeSter-${randomUUID()}`,
    user_column_data: [
      { column_name: 'Full Name', string_value: 'Asha Reddy', column_id: 'FULL_NAME' },
      { column_name: 'User Phone', string_value: '+91 98765 43210', column_id: 'PHONE_NUMBER' },
    ],
    api_version: '1.0',
    form_id: 40000000000,
    campaign_id: 12345678901,
    google_key: key,
    is_test: false,
    lead_submit_time: '2026-11-21 15:40:12+05:30',
  };
}

describe('lead source health', () => {
  let temp: TempDir;
  let inbox: SmtpInbox;
  let clock: TestClock;
  let server: TestServer;
  let mobile = 9_100_000_000;

  const start = (env: Record<string, string> = {}) =>
    startTestServer({
      dataDir: path.join(temp.dir, 'data'),
      clock,
      env: { SMTP_URL: inbox.url, GOOGLE_ADS_WEBHOOK_KEY: GOOGLE_KEY, ...env },
    });

  /** A site lead received now, as the site's forms store one. */
  const siteLead = () => {
    mobile += 1;
    server.store.insertLead({ ...newLead(String(mobile)), receivedAt: clock.now() }, 0);
  };

  /** The alerts the managers received so far, leaving the sales emails aside. */
  const alerts = (): ReceivedMail[] =>
    inbox.messages.filter((mail) => mail.parsed.subject?.startsWith('Lead source:'));

  /** One check as the worker runs it every minute, and the outbox sent what it queued. */
  const checkAndSend = async () => {
    server.sourceHealth.check();
    await server.delivery.drain();
  };

  const signIn = async (email: string) => {
    const agent = request.agent(server.url);
    await agent.post('/desk/api/session').set(SAME_ORIGIN).send({ email, password: PASSWORD });
    return agent;
  };

  beforeEach(async () => {
    temp = createTempDir('iconia-source-health-');
    inbox = await startSmtpInbox();
    clock = createTestClock();
    server = await start();
    const now = clock.now();
    await createAccount(
      server.desk.api.store,
      { email: 'meena@iconia.test', name: 'Meena', role: 'manager', password: PASSWORD },
      now,
    );
    await createAccount(
      server.desk.api.store,
      { email: 'arjun@iconia.test', name: 'Arjun', role: 'agent', password: PASSWORD },
      now,
    );
  });
  afterEach(async () => {
    await server.close();
    await inbox.close();
    temp.remove();
  });

  it('when the site delivered on 3 days and then nothing for 24 hours, then the managers get one quiet alert, none after a restart, and one when a lead arrives', async () => {
    for (let day = 0; day < 3; day += 1) {
      siteLead();
      await checkAndSend();
      clock.advance(DAY);
    }
    // A day and a minute after the last lead.
    clock.advance(MINUTE);
    await checkAndSend();
    expect(alerts()).toHaveLength(1);
    const [quiet] = alerts();
    expect(quiet?.parsed.subject).toBe('Lead source: Website has gone quiet');
    expect(quiet?.envelopeTo).toEqual(['meena@iconia.test']);
    expect(quiet?.parsed.text).toContain('No lead for 24 hours');
    expect(quiet?.parsed.text).toContain('after leads on 3 of the last 7 days');

    clock.advance(6 * HOUR);
    await checkAndSend();
    await server.close();
    server = await start();
    clock.advance(DAY);
    await checkAndSend();
    expect(alerts()).toHaveLength(1);

    siteLead();
    await checkAndSend();
    await checkAndSend();
    expect(alerts()).toHaveLength(2);
    expect(alerts()[1]?.parsed.subject).toBe('Lead source: Website is delivering leads again');
    expect(alerts()[1]?.parsed.text).toContain('A lead arrived at');
  });

  it('when a source delivered on only 2 of the last 7 days, then 24 hours without a lead raise no alert', async () => {
    siteLead();
    clock.advance(DAY);
    siteLead();
    clock.advance(3 * DAY);
    await checkAndSend();
    expect(alerts()).toEqual([]);
  });

  it('when no manager account is active, then the alert goes to the sales inbox', async () => {
    const { db } = server.store;
    db.prepare(`UPDATE desk_users SET disabled_at = ? WHERE role = 'manager'`).run(clock.now());
    for (let day = 0; day < 3; day += 1) {
      siteLead();
      clock.advance(DAY);
    }
    clock.advance(MINUTE);
    await checkAndSend();
    expect(alerts().map((mail) => mail.envelopeTo)).toEqual([
      ['sales@iconia.test', 'manager@iconia.test'],
    ]);
  });

  it('when a manager opens the sources, then each source shows its leads today and in 7 days without spam, its last lead and its raised alert; an agent is refused', async () => {
    for (let day = 0; day < 3; day += 1) {
      siteLead();
      clock.advance(DAY);
    }
    clock.advance(MINUTE);
    await checkAndSend();
    siteLead();
    // The honeypot's catch is not a lead of the source.
    server.store.insertLead({ ...newLead('9000000001'), receivedAt: clock.now(), spam: true }, 0);
    const manager = await signIn('meena@iconia.test');

    const res = await manager.get('/desk/api/source-health').expect(200);
    const { sources } = res.body as SourceHealthAnswer;
    expect(sources[0]).toMatchObject({
      origin: 'site',
      label: 'Website',
      leadsToday: 1,
      leads7Days: 4,
      lastLeadAt: '2026-11-24T15:46:00+05:30',
      refused24Hours: 0,
      graphReads: null,
      alerts: [{ condition: 'quiet', since: '2026-11-24T15:46:00+05:30' }],
    });

    const agent = await signIn('arjun@iconia.test');
    await agent.get('/desk/api/source-health').expect(403);
  });

  // How long reading and checking them takes is a figure of `pnpm bench:latency`.
  it('when 100,000 leads of several origins are stored, then the sources are read and checked from them', () => {
    // Written in one statement: storing them one by one through buyers and the outbox would
    // take the test's whole budget, and only the rows matter to the figures.
    server.store.db
      .prepare(
        `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 99999)
         INSERT INTO leads (public_id, message_id, kind, name, mobile, status, received_at,
           next_attempt_at, origin)
         SELECT 'bulk-' || i, '<bulk-' || i || '@iconia.test>', 'brochure', 'Ravi',
           '+9180' || printf('%08d', i), 'sent', @from + i * @step, 0,
           CASE i % 3 WHEN 0 THEN 'site' WHEN 1 THEN 'meta' ELSE 'partner:acme-realty' END
         FROM n`,
      )
      .run({ from: clock.now() - 90 * DAY, step: Math.floor((90 * DAY) / 100_000) });

    server.sourceHealth.check();

    const [site, googleAds] = server.sourceHealth.report().sources;
    expect(site?.leads7Days).toBeGreaterThan(2_000);
    // Google Ads has no lead at all: its last lead is looked up without walking the others.
    expect(googleAds).toMatchObject({ origin: 'google_ads', leads7Days: 0, lastLeadAt: null });
  });

  it('when Google Ads gets 3 requests in a row refused, then the managers get one failing alert naming the refusal, and one when a lead is accepted again', async () => {
    const postLead = (key: string) =>
      request(server.url).post('/intake/google-ads').send(googleLead(key));
    await postLead(GOOGLE_KEY).expect(200);
    for (let attempt = 1; attempt <= 2; attempt += 1) {
      clock.advance(MINUTE);
      await postLead('a-key-from-before').expect(401);
      await checkAndSend();
    }
    expect(alerts()).toEqual([]);

    clock.advance(MINUTE);
    await postLead('a-key-from-before').expect(401);
    await checkAndSend();
    clock.advance(MINUTE);
    await postLead('a-key-from-before').expect(401);
    await checkAndSend();
    expect(alerts().map((mail) => mail.parsed.subject)).toEqual([
      'Lead source: Google Ads is failing',
    ]);
    expect(alerts()[0]?.parsed.text).toContain('3 requests in a row were refused');
    expect(alerts()[0]?.parsed.text).toContain('the last refusal: 401');

    clock.advance(MINUTE);
    await postLead(GOOGLE_KEY).expect(200);
    await checkAndSend();
    await checkAndSend();
    expect(alerts().map((mail) => mail.parsed.subject)).toEqual([
      'Lead source: Google Ads is failing',
      'Lead source: Google Ads is working again',
    ]);
  });

  it('when a database from before source health is opened, then its leads are counted and its quiet site alerts the managers once', async () => {
    await server.close();
    const dataDir = path.join(temp.dir, 'older');
    mkdirSync(dataDir);
    const old = new Database(path.join(dataDir, 'leads.sqlite'));
    const version = MIGRATIONS.indexOf(SOURCE_HEALTH_MIGRATION);
    MIGRATIONS.slice(0, version).forEach((sql) => old.exec(sql));
    old.pragma(`user_version = ${version}`);
    const insert = old.prepare<{ id: string; at: number }>(
      `INSERT INTO leads (public_id, message_id, kind, name, mobile, status, received_at,
         next_attempt_at, origin)
       VALUES (@id, '<' || @id || '@iconia.test>', 'contact', 'Ravi', '+919876543210', 'sent',
         @at, 0, 'site')`,
    );
    for (const daysAgo of [4, 3, 2]) {
      insert.run({ id: `old-${daysAgo}`, at: clock.now() - daysAgo * DAY });
    }
    old
      .prepare(
        `INSERT INTO desk_users (email, name, role, password_hash, created_at)
       VALUES ('meena@iconia.test', 'Meena', 'manager', 'x', 0)`,
      )
      .run();
    old.close();

    server = await startTestServer({ dataDir, clock, env: { SMTP_URL: inbox.url } });
    expect(server.sourceHealth.report().sources[0]).toMatchObject({
      origin: 'site',
      leads7Days: 3,
    });
    await checkAndSend();
    await checkAndSend();
    expect(alerts().map((mail) => mail.parsed.subject)).toEqual([
      'Lead source: Website has gone quiet',
    ]);
  });

  it('when a partner source is disabled, then it is listed as disabled with its refusals and raises no alert', async () => {
    const partners = createPartnerSources(server.store.db);
    partners.add('acme-realty', clock.now());
    partners.disable('acme-realty', clock.now());
    const refusals = createIntakeRefusalStore(server.store.db);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      clock.advance(MINUTE);
      refusals.record({
        source: 'partner:acme-realty',
        at: clock.now(),
        status: 403,
        reason: 'the source is disabled',
      });
    }

    await checkAndSend();

    expect(alerts()).toEqual([]);
    expect(server.sourceHealth.report().sources).toContainEqual(
      expect.objectContaining({
        origin: 'partner:acme-realty',
        label: 'Partner: acme-realty',
        disabled: true,
        refused24Hours: 3,
        alerts: [],
      }),
    );
  });

  it("when Meta's Graph API fails for 30 minutes, then the managers get one failing alert, and one when the lead is read", async () => {
    const appSecret = 'meta-app-secret-for-tests';
    const graph = await startGraphApi({
      version: GRAPH_API_VERSION,
      appSecret,
      accessToken: 'EAAGpageToken',
    });
    graph.addLead({
      id: '900000000000001',
      created_time: '2026-11-21T10:14:02+0000',
      field_data: [
        { name: 'full_name', values: ['Asha Rao'] },
        { name: 'phone_number', values: ['+919876543210'] },
      ],
    });
    graph.fail('transient-error');
    await server.close();
    server = await start({
      META_APP_SECRET: appSecret,
      META_VERIFY_TOKEN: 'verify-me',
      META_PAGE_ACCESS_TOKEN: 'EAAGpageToken',
      META_GRAPH_URL: graph.url,
    });
    const readGraph = async () => {
      await server.metaGraph?.drain();
    };
    try {
      const body = metaLeadgenEvent([{ leadgenId: '900000000000001' }]);
      await request(server.url)
        .post('/intake/meta')
        .set('Content-Type', 'application/json')
        .set('X-Hub-Signature-256', metaSignature(body, appSecret))
        .send(body)
        .expect(200);
      await readGraph();
      clock.advance(20 * MINUTE);
      await readGraph();
      await checkAndSend();
      expect(alerts()).toEqual([]);
      expect(server.sourceHealth.report().sources).toContainEqual(
        expect.objectContaining({
          origin: 'meta',
          graphReads: expect.objectContaining({ failing: 1 }) as unknown,
        }),
      );

      clock.advance(11 * MINUTE);
      await readGraph();
      await checkAndSend();
      await checkAndSend();
      expect(alerts().map((mail) => mail.parsed.subject)).toEqual([
        'Lead source: Meta lead ads is failing',
      ]);
      expect(alerts()[0]?.parsed.text).toContain('Graph API has failed for 31 minutes');

      graph.recover();
      clock.advance(15 * MINUTE);
      await readGraph();
      await checkAndSend();
      await checkAndSend();
      expect(alerts().map((mail) => mail.parsed.subject)).toEqual([
        'Lead source: Meta lead ads is failing',
        'Lead source: Meta lead ads is working again',
      ]);
    } finally {
      await graph.close();
    }
  });
});
