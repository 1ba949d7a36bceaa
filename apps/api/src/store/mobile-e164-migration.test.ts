import { createHmac, randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTempDir, type TempDir } from '@iconia/testkit';
import { startTestServer, type TestServer } from '@iconia/api/test-server';
import { createAccount } from '../accounts/index.ts';
import { PASSWORD, SAME_ORIGIN } from '../desk/desk-test-support.ts';
import { KEY_FILE, LEDGER_FILE } from '../privacy/erasure-ledger.ts';
import { MIGRATIONS } from './lead-store.ts';
import { MOBILE_E164_MIGRATION } from './mobile-e164-migration.ts';

const KEPT = '9876543210';
const ERASED = '9123456780';
const ERASED_AT = Date.parse('2026-11-20T10:00:00Z');

describe('mobiles stored in E.164, on a database of the ten-digit schema', () => {
  let temp: TempDir;
  let dataDir: string;
  let t: TestServer | undefined;

  beforeEach(() => {
    temp = createTempDir('iconia-e164-');
    dataDir = path.join(temp.dir, 'data');
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  });
  afterEach(async () => {
    await t?.close();
    t = undefined;
    temp.remove();
  });

  /**
   * A backup from before mobiles were stored in E.164, taken before a manager erased ERASED: the
   * ledger beside it, written then, hashes the ten digits with the data folder's key.
   */
  function restoreOldBackupWithLaterErasure(): void {
    const db = new Database(path.join(dataDir, 'leads.sqlite'));
    const oldVersion = MIGRATIONS.indexOf(MOBILE_E164_MIGRATION);
    for (const sql of MIGRATIONS.slice(0, oldVersion)) db.exec(sql);
    db.pragma(`user_version = ${oldVersion}`);
    const insertBuyer = db.prepare<[string | null, number, number | null]>(
      `INSERT INTO buyers (mobile, last_received_at, erased_at) VALUES (?, ?, ?)`,
    );
    const insert = db.prepare<[string, string, string, string, number, number]>(
      `INSERT INTO leads (public_id, message_id, kind, name, mobile, status, received_at,
         next_attempt_at, source, buyer_id)
       VALUES (?, ?, 'contact', ?, ?, 'sent', ?, 0, 'contact-form', ?)`,
    );
    const latest = db.prepare<[number, number]>(
      `UPDATE buyers SET latest_lead_id = ? WHERE id = ?`,
    );
    const lead = (id: string, name: string, mobile: string, at: number) => {
      const erased = mobile === '';
      const buyer = Number(
        insertBuyer.run(erased ? null : mobile, at, erased ? at : null).lastInsertRowid,
      );
      const leadId = Number(
        insert.run(id, `<lead-${id}@iconia.test>`, name, mobile, at, buyer).lastInsertRowid,
      );
      latest.run(leadId, buyer);
    };
    lead('a0000000-0000-4000-8000-000000000001', 'Ravi Kumar', KEPT, ERASED_AT - 86_400_000);
    lead('a0000000-0000-4000-8000-000000000002', 'Zed Quill', ERASED, ERASED_AT - 3_600_000);
    // A lead erased long before: its mobile is already gone.
    lead('a0000000-0000-4000-8000-000000000003', '', '', ERASED_AT - 2 * 86_400_000);
    db.close();

    const key = randomBytes(32);
    writeFileSync(path.join(dataDir, KEY_FILE), key.toString('hex'), { mode: 0o600 });
    const hmac = createHmac('sha256', key).update(ERASED).digest('hex');
    writeFileSync(path.join(dataDir, LEDGER_FILE), `${JSON.stringify({ hmac, at: ERASED_AT })}\n`, {
      mode: 0o600,
    });
  }

  async function manager(server: TestServer) {
    await createAccount(
      server.desk.api.store,
      { email: 'meena@iconia.test', name: 'Meena', role: 'manager', password: PASSWORD },
      server.clock.now(),
    );
    const agent = request.agent(server.url);
    await agent
      .post('/desk/api/session')
      .set(SAME_ORIGIN)
      .send({ email: 'meena@iconia.test', password: PASSWORD })
      .expect(200);
    return agent;
  }

  const namesFound = async (agent: ReturnType<typeof request.agent>, q: string) =>
    (
      (await agent.get('/desk/api/leads').query({ q }).expect(200)).body as {
        leads: Array<{ name: string; mobile: string }>;
      }
    ).leads.map((lead) => `${lead.name} ${lead.mobile}`);

  it('when the old backup is opened, then its ten-digit mobiles read +91, the search finds them either way, and the erasure made since is applied again', async () => {
    restoreOldBackupWithLaterErasure();

    t = await startTestServer({ dataDir });

    expect(t.store.listLeads().map((lead) => [lead.name, lead.mobile])).toEqual([
      ['Ravi Kumar', `+91${KEPT}`],
      ['', ''],
      ['', ''],
    ]);
    expect(t.logLines.join('\n')).toContain('applied again');
    const agent = await manager(t);
    expect(await namesFound(agent, '98765')).toEqual([`Ravi Kumar +91${KEPT}`]);
    expect(await namesFound(agent, '+9198765')).toEqual([`Ravi Kumar +91${KEPT}`]);
    expect(await namesFound(agent, ERASED.slice(2))).toEqual([]);
  });

  it('when a buyer from the old backup sends the form again, then the desk shows one buyer with both enquiries', async () => {
    restoreOldBackupWithLaterErasure();
    t = await startTestServer({ dataDir });
    const agent = await manager(t);

    await request(t.url)
      .post('/contact-form')
      .field('name', 'Ravi Kumar')
      .field('mobile', `+91 ${KEPT}`)
      .expect(200);

    const { leads } = (await agent.get('/desk/api/leads').query({ q: KEPT }).expect(200)).body as {
      leads: Array<{ enquiries: number }>;
    };
    expect(leads.map((lead) => lead.enquiries)).toEqual([2]);
  });

  it('when a person erased before the change sends the form again and is erased again, then the ledger still tells them apart from everyone else', async () => {
    restoreOldBackupWithLaterErasure();
    t = await startTestServer({ dataDir });
    const agent = await manager(t);
    await request(t.url)
      .post('/contact-form')
      .field('name', 'Zed Quill')
      .field('mobile', ERASED)
      .expect(200);

    const erased = await agent
      .post('/desk/api/erasures')
      .set(SAME_ORIGIN)
      .send({ mobile: `+91 ${ERASED}` })
      .expect(200);
    expect(erased.body).toEqual({ erased: 1 });
    await t.close();
    t = await startTestServer({ dataDir });

    expect(t.store.listLeads().map((lead) => lead.name)).toEqual(['Ravi Kumar', '', '', '']);
    expect(t.logLines.join('\n')).not.toContain('applied again');
  });
});
