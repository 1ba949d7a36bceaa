/**
 * An erasure must reach the disk, not just the desk: once the server has stopped, no byte of the
 * erased person (name, mobile, email, location, message) may be left in the database files,
 * nor in a backup taken after the erasure, nor in the dev inbox's files; not even in the
 * messages the outbox already sent about them (the sales email, the agent's and managers'
 * alerts, pushes, the CRM's events, visit reminders). Restoring a backup taken before it, by the
 * procedure of docs/operations.md, must not bring the person back, on this machine or, with
 * nothing but the backup files, on a new one.
 */
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answer,
  createTempDir,
  startPushService,
  startWebhookReceiver,
  type PushService,
  type TempDir,
  type WebhookReceiver,
} from '@iconia/testkit';
import { startTestServer, type TestServer } from '@iconia/api/test-server';
import { runLeadsCli } from '../../src/cli/run-leads-cli.ts';
import { loadConfig } from '../../src/config.ts';
import { createAccount } from '../../src/accounts/index.ts';
import { createPartnerSources } from '../../src/sources/index.ts';
import { KEY_FILE, LEDGER_FILE } from '../../src/privacy/erasure-ledger.ts';
import { newWebhookSecret, signingKeyOf, signWebhook } from '../../src/standard-webhooks.ts';

const ERASED = '9123456780';
const KEPT = '9988776655';
/** What the erased person gave, each written nowhere else, as the leads, emails and alerts hold it. */
const PERSON = {
  name: 'Zed Quill',
  email: 'zed.quill@example.org',
  location: 'Zedville Colony',
  message: 'Please call about a corner plot near Zedpark',
  campaign: 'zq-diwali-villas',
};
/** The person's details as the database stores them: the mobile as typed and in E.164. */
const STORED_VALUES = [
  PERSON.name,
  ERASED,
  `+91${ERASED}`,
  PERSON.email,
  PERSON.location,
  PERSON.message,
];
/** Every form an erasure must remove, the mobile as emails show it (+91 91234 56780) too. */
const ERASED_VALUES = [...STORED_VALUES, `${ERASED.slice(0, 5)} ${ERASED.slice(5)}`];
/** Two forms three times, a partner's push, and one more enquiry while the CRM is down. */
const ERASED_LEADS = 8;
const PASSWORD = 'correct horse battery';
const SAME_ORIGIN = { 'Sec-Fetch-Site': 'same-origin' } as const;
const HOUR = 3_600_000;

/** How often `needle` occurs in the bytes of `file`. */
function copiesIn(file: string, needle: string): number {
  const bytes = readFileSync(file);
  const pattern = Buffer.from(needle);
  let count = 0;
  for (let at = bytes.indexOf(pattern); at !== -1; at = bytes.indexOf(pattern, at + 1)) count += 1;
  return count;
}

/** The erased person's details still in the bytes of `file`. */
const erasedValuesIn = (file: string): string[] =>
  ERASED_VALUES.filter((value) => copiesIn(file, value) > 0);

/** The database and its companions (-wal, -shm), as the data folder holds them. */
function databaseFiles(dataDir: string): string[] {
  return readdirSync(dataDir)
    .filter((name) => name.startsWith('leads.sqlite'))
    .map((name) => path.join(dataDir, name));
}

/** Each email the dev inbox wrote, as text with quoted-printable's soft line breaks joined. */
function devInbox(dataDir: string): Array<{ file: string; text: string }> {
  const dir = path.join(dataDir, 'mail');
  if (!existsSync(dir)) return [];
  return readdirSync(dir).map((file) => ({
    file,
    text: readFileSync(path.join(dir, file), 'utf8').replace(/=\r?\n/g, ''),
  }));
}

async function leadsCli(dataDir: string, args: string[]): Promise<string> {
  let out = '';
  const code = await runLeadsCli(args, {
    out: (text) => {
      out += text;
    },
    err: (text) => {
      throw new Error(text);
    },
    clock: { now: () => Date.now() },
    cwd: dataDir,
    config: () => loadConfig({ DATA_DIR: dataDir, MAIL_FROM: 'leads@iconia.test' }, dataDir),
  });
  expect(code).toBe(0);
  return out;
}

describe('an erased person on disk, in sent messages, in the dev inbox, in backups and after a restore', () => {
  let temp: TempDir;
  let dataDir: string;
  let t: TestServer | undefined;
  let push: PushService;
  let crm: WebhookReceiver;
  let manager: TestAgent;
  let erasedLeadId: number | undefined;
  /** Kind and status of every message about the erased person just before the erasure. */
  let messagesBefore: string[];
  /** The dev inbox's files about the erased person just before the erasure. */
  let filesBefore: string[];
  const before = () => path.join(temp.dir, 'backups', 'before.sqlite');
  const after = () => path.join(temp.dir, 'backups', 'after.sqlite');

  const signIn = async (server: TestServer, email = 'meena@iconia.test') => {
    const agent = request.agent(server.url);
    const res = await agent
      .post('/desk/api/session')
      .set(SAME_ORIGIN)
      .send({ email, password: PASSWORD });
    expect(res.status).toBe(200);
    return agent;
  };
  const alertsOn = async (desk: TestAgent) => {
    const res = await desk
      .post('/desk/api/push/subscriptions')
      .set(SAME_ORIGIN)
      .send(push.device().subscription);
    expect(res.status).toBe(201);
  };
  /** Runs every routing step due now, then sends everything due now on every channel. */
  const settle = async (server: TestServer) => {
    await server.routingSteps.drain();
    await Promise.all(
      [server.delivery, server.pushes, ...server.webhooks].map((worker) => worker.drain()),
    );
  };
  /** `kind status` of every outbox message about the buyer of `mobile`, visits' included. */
  const messagesAbout = (server: TestServer, mobile: string): string[] =>
    server.store.db
      .prepare<{ mobile: string }, string>(
        `SELECT DISTINCT d.kind || ' ' || d.status FROM deliveries d
         WHERE d.lead_id IN (SELECT id FROM leads WHERE mobile = @mobile)
           OR coalesce(json_extract(d.payload, '$.visitId'),
                       json_extract(d.payload, '$.alert.visitId')) IN (
             SELECT v.id FROM visits v JOIN leads l ON l.buyer_id = v.buyer_id
             WHERE l.mobile = @mobile)
         ORDER BY 1`,
      )
      .pluck()
      .all({ mobile });

  beforeAll(async () => {
    temp = createTempDir('iconia-erasure-');
    dataDir = path.join(temp.dir, 'data');
    push = await startPushService();
    crm = await startWebhookReceiver();
    // No SMTP_URL: every email is a file in the dev inbox, DATA_DIR/mail.
    t = await startTestServer({
      dataDir,
      env: {
        WEBHOOK_URL: crm.url,
        WEBHOOK_SECRET: newWebhookSecret(),
        VAPID_SUBJECT: 'mailto:ops@iconia.test',
        PUSH_SERVICES: push.origin,
      },
    });
    const server = t;
    await createAccount(
      server.desk.api.store,
      { email: 'meena@iconia.test', name: 'Meena', role: 'manager', password: PASSWORD },
      server.clock.now(),
    );
    const arjun = await createAccount(
      server.desk.api.store,
      { email: 'arjun@iconia.test', name: 'Arjun', role: 'agent', password: PASSWORD },
      server.clock.now(),
    );
    // Arjun, alone on duty, gets every buyer: an email and a push each, and when he does not
    // answer in time the managers get theirs.
    manager = await signIn(server);
    await alertsOn(manager);
    await alertsOn(await signIn(server, 'arjun@iconia.test'));
    server.routing.setDuty(arjun.id, true, server.clock.now());
    const partnerKey = signingKeyOf(
      createPartnerSources(server.store.db).add('acme-realty', server.clock.now()).secret,
    );
    const partnerPush = async (body: object) => {
      const payload = JSON.stringify(body);
      const at = Math.floor(server.clock.now() / 1000);
      const res = await request(server.url)
        .post('/intake/partners/acme-realty')
        .set('content-type', 'application/json')
        .set('webhook-id', `msg_zed_${at}`)
        .set('webhook-timestamp', String(at))
        .set('webhook-signature', signWebhook(partnerKey, `msg_zed_${at}`, at, payload))
        .send(payload);
      expect(res.text).toBe('success');
    };
    // The person sends both forms, three times, among other visitors' leads, as a visitor would.
    const send = (mobile: string, name: string, utm_campaign = 'villas') =>
      Promise.all([
        request(server.url)
          .post('/contact-form')
          .field('name', name)
          .field('mobile', mobile)
          .field('location', name === PERSON.name ? PERSON.location : 'Kondapur')
          .field('utm_campaign', utm_campaign),
        request(server.url).post('/send-email').type('form').send({
          name,
          mobile,
          plotRange: '200 - 300 Sq. Yds',
          source: 'brochure-modal',
          utm_campaign,
        }),
      ]);
    for (let index = 0; index < 60; index += 1) {
      await send(`98${String(index).padStart(8, '0')}`, `Visitor ${index}`);
      if (index % 20 === 0) {
        await send(ERASED, PERSON.name, PERSON.campaign);
        if (index === 0) {
          await partnerPush({
            name: PERSON.name,
            mobile: ERASED,
            email: PERSON.email,
            message: PERSON.message,
            campaign: { utm_campaign: PERSON.campaign },
          });
        }
        // The first assignment ran out unanswered an hour ago and the managers were alerted; now
        // a visit tomorrow at 10:00 is booked: a reminder this evening at 18:00, one at 8:00.
        if (index === 20) {
          const [first] = (
            (await manager.get(`/desk/api/leads?q=${ERASED}`)).body as {
              leads: Array<{ id: number }>;
            }
          ).leads;
          const booked = await manager
            .post(`/desk/api/leads/${first?.id}/visits`)
            .set(SAME_ORIGIN)
            .send({
              date: '2026-11-22',
              time: '10:00',
              people: 2,
              pickup: true,
              notes: `${PERSON.name} brings his brother`,
            });
          expect(booked.status).toBe(201);
        }
        await settle(server);
        server.clock.advance(HOUR);
        await settle(server);
      }
    }
    await send(KEPT, 'Asha Rao');
    manager = await signIn(server);
    const [lead] = (
      (await manager.get(`/desk/api/leads?q=${ERASED}`)).body as { leads: Array<{ id: number }> }
    ).leads;
    expect(lead).toBeDefined();
    erasedLeadId = lead?.id;
    await manager
      .patch(`/desk/api/leads/${lead?.id}`)
      .set(SAME_ORIGIN)
      .send({ stage: 'lost', lostReason: `Zed Quill (${ERASED}) bought elsewhere` });
    await manager
      .post(`/desk/api/leads/${lead?.id}/notes`)
      .set(SAME_ORIGIN)
      .send({ text: `Call Zed on ${ERASED} after 6` });
    await manager.get(`/desk/api/export.csv?q=${ERASED}`);
    // One more enquiry while the CRM is down: its lead.created is still being retried.
    crm.reply(answer(503));
    await request(server.url)
      .post('/contact-form')
      .field('name', PERSON.name)
      .field('mobile', ERASED)
      .field('location', PERSON.location);
    await settle(server);

    messagesBefore = messagesAbout(server, `+91${ERASED}`);
    filesBefore = devInbox(dataDir)
      .filter(({ text }) => text.includes(PERSON.name))
      .map(({ file }) => file);
    await leadsCli(dataDir, ['backup', before()]);
    const erasure = await manager
      .post('/desk/api/erasures')
      .set(SAME_ORIGIN)
      .send({ mobile: ERASED });
    expect(erasure.body).toEqual({ erased: ERASED_LEADS });
    expect(await leadsCli(dataDir, ['backup', after()])).toContain(
      'The copy carries the erasure ledger (1 erasure) and its key.',
    );
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await push.close();
    await crm.close();
    temp.remove();
  });

  it('when the person had messages sent and pending in every channel, then none of them holds a personal detail any more', async () => {
    // What the erasure had to deal with: something sent, and something still waiting, each way.
    expect(messagesBefore).toEqual(
      expect.arrayContaining([
        'sales-email sent',
        'routing.agent-alert sent',
        'routing.due sent',
        'push.alert sent',
        'push.alert pending',
        'lead.created sent',
        'lead.created pending',
        'visit-reminder sent',
        'visit-reminder pending',
      ]),
    );
    const db = t?.store.db;
    const payloads = db
      ?.prepare<[], string>('SELECT payload FROM deliveries WHERE payload IS NOT NULL')
      .pluck()
      .all();
    // The campaign stays on the leads, for the reports per campaign; no message carries it.
    expect(payloads?.filter((payload) => payload.includes(PERSON.campaign))).toEqual([]);
    expect(
      payloads?.filter((payload) => ERASED_VALUES.some((value) => payload.includes(value))),
    ).toEqual([]);
    // Nothing about the person is left to go out; only the CRM's lead.erased is.
    const pending = db
      ?.prepare<[], string>(
        `SELECT kind FROM deliveries WHERE status = 'pending' AND lead_id IN (
           SELECT id FROM leads WHERE mobile = '')`,
      )
      .pluck()
      .all();
    expect(pending).toEqual([]);
    // The desk still shows the erased enquiry and exports it, with its messages emptied.
    expect((await manager.get(`/desk/api/leads/${erasedLeadId}`)).status).toBe(200);
    expect((await manager.get('/desk/api/export.csv')).status).toBe(200);
  });

  it("when the dev inbox held emails about the person, then the erasure deleted them and kept everyone else's", () => {
    // The sales emails, both alerts and the visit's reminder were written there.
    expect(filesBefore.length).toBeGreaterThanOrEqual(4);
    const left = devInbox(dataDir);
    expect(left.filter(({ file }) => filesBefore.includes(file))).toEqual([]);
    expect(
      left
        .filter(({ text }) => ERASED_VALUES.some((value) => text.includes(value)))
        .map(({ file }) => file),
    ).toEqual([]);
    expect(left.filter(({ text }) => text.includes('Asha Rao')).length).toBeGreaterThan(0);
  });

  it('when the server that erased a person has stopped, then no database file holds a byte of their details', async () => {
    // While it runs, the write-ahead log no longer holds the pages the erasure replaced.
    const running = databaseFiles(dataDir).map((file) => [file, erasedValuesIn(file)]);
    expect(running).toEqual(databaseFiles(dataDir).map((file) => [file, []]));
    await t?.close();
    t = undefined;
    const files = databaseFiles(dataDir);
    expect(files).toContain(path.join(dataDir, 'leads.sqlite'));
    expect(files.map((file) => [path.basename(file), erasedValuesIn(file)])).toEqual(
      files.map((file) => [path.basename(file), []]),
    );
    // The other person's leads are all there.
    expect(copiesIn(path.join(dataDir, 'leads.sqlite'), KEPT)).toBeGreaterThan(0);
    // The ledger beside the database names nobody.
    expect(copiesIn(path.join(dataDir, LEDGER_FILE), ERASED)).toBe(0);
  });

  it('when a backup is taken after the erasure, then it holds no byte of the person, and the one before did', () => {
    expect(erasedValuesIn(after())).toEqual([]);
    expect(copiesIn(after(), KEPT)).toBeGreaterThan(0);
    expect(erasedValuesIn(before())).toEqual(STORED_VALUES);
  });

  it('when the backup from before the erasure is restored as docs/operations.md says, then the erasure is applied again and everyone else is back', async () => {
    // The documented procedure, step by step: 1. the server is stopped (above); 2. the current
    // database goes aside with its write-ahead log; 3. the backup is copied in, the ledger
    // stays; 4. the server starts.
    const database = path.join(dataDir, 'leads.sqlite');
    renameSync(database, `${database}.before-restore`);
    if (existsSync(`${database}-wal`)) {
      renameSync(`${database}-wal`, `${database}.before-restore-wal`);
    }
    rmSync(`${database}-shm`, { force: true });
    copyFileSync(before(), database);
    t = await startTestServer({ dataDir });

    const mobiles = t.store.listLeads().map((lead) => lead.mobile);
    expect(mobiles).not.toContain(`+91${ERASED}`);
    expect(mobiles).toContain(`+91${KEPT}`);
    expect(mobiles.filter((mobile) => mobile === '')).toHaveLength(ERASED_LEADS);
    expect(t.logLines.join('\n')).toContain('applied again');
    const manager = await signIn(t);
    const search = await manager.get(`/desk/api/leads?q=${ERASED.slice(2)}`);
    expect((search.body as { leads: unknown[] }).leads).toEqual([]);
    expect(JSON.stringify(t.store.db.prepare('SELECT * FROM lead_events').all())).not.toContain(
      ERASED,
    );
    // Restarting again finds nothing more to apply, and the person stays erased.
    await t.close();
    expect(existsSync(`${database}-wal`)).toBe(false);
    expect(copiesIn(database, ERASED)).toBe(0);
    t = await startTestServer({ dataDir });
    expect(t.logLines.join('\n')).not.toContain('applied again');
    expect(t.store.listLeads().map((lead) => lead.mobile)).not.toContain(`+91${ERASED}`);
  });

  it('when the backups are restored onto a new machine, the newest first, then the erased buyer stays erased, even in the older backup', async () => {
    // A new machine: an empty data folder, and nothing but the backup files copied there.
    const fresh = path.join(temp.dir, 'new-machine');
    const database = path.join(fresh, 'leads.sqlite');
    const restore = (backup: string) => {
      rmSync(`${database}-wal`, { force: true });
      rmSync(`${database}-shm`, { force: true });
      copyFileSync(backup, database);
    };
    const readableMobiles = (server: TestServer) =>
      server.store.listLeads().map((lead) => lead.mobile);
    mkdirSync(fresh, { recursive: true });
    restore(after());

    let server = await startTestServer({ dataDir: fresh });
    try {
      expect(readableMobiles(server)).not.toContain(`+91${ERASED}`);
      expect(readableMobiles(server)).toContain(`+91${KEPT}`);
      expect(readFileSync(path.join(fresh, KEY_FILE), 'utf8')).toBe(
        readFileSync(path.join(dataDir, KEY_FILE), 'utf8'),
      );
      expect(readFileSync(path.join(fresh, LEDGER_FILE), 'utf8')).toBe(
        readFileSync(path.join(dataDir, LEDGER_FILE), 'utf8'),
      );
    } finally {
      await server.close();
    }

    restore(before());
    server = await startTestServer({ dataDir: fresh });
    try {
      expect(readableMobiles(server)).not.toContain(`+91${ERASED}`);
      expect(readableMobiles(server)).toContain(`+91${KEPT}`);
      expect(server.logLines.join('\n')).toContain('applied again');
    } finally {
      await server.close();
    }
    expect(copiesIn(database, ERASED)).toBe(0);
  });
});
