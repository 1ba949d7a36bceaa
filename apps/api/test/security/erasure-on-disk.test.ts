/**
 * An erasure must reach the disk, not just the desk: once the server has stopped, no byte of the
 * erased mobile may be left in the database files, nor in a backup taken after the erasure; and
 * restoring a backup taken before it, by the procedure of docs/operations.md, must not bring the
 * person back, on this machine or, with nothing but the backup files, on a new one.
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
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTempDir, type TempDir } from '@iconia/testkit';
import { startTestServer, type TestServer } from '@iconia/testkit/in-process';
import { runLeadsCli } from '../../src/cli/run-leads-cli.ts';
import { loadConfig } from '../../src/config.ts';
import { createAccount } from '../../src/desk/accounts.ts';
import { KEY_FILE, LEDGER_FILE } from '../../src/privacy/erasure-ledger.ts';

const ERASED = '9123456780';
const KEPT = '9988776655';
const PASSWORD = 'correct horse battery';
const SAME_ORIGIN = { 'Sec-Fetch-Site': 'same-origin' } as const;

/** How often `needle` occurs in the bytes of `file`. */
function copiesIn(file: string, needle: string): number {
  const bytes = readFileSync(file);
  const pattern = Buffer.from(needle);
  let count = 0;
  for (let at = bytes.indexOf(pattern); at !== -1; at = bytes.indexOf(pattern, at + 1)) count += 1;
  return count;
}

/** The database and its companions (-wal, -shm), as the data folder holds them. */
function databaseFiles(dataDir: string): string[] {
  return readdirSync(dataDir)
    .filter((name) => name.startsWith('leads.sqlite'))
    .map((name) => path.join(dataDir, name));
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

describe('an erased mobile on disk, in backups and after a restore', () => {
  let temp: TempDir;
  let dataDir: string;
  let t: TestServer | undefined;
  const before = () => path.join(temp.dir, 'backups', 'before.sqlite');
  const after = () => path.join(temp.dir, 'backups', 'after.sqlite');

  const signIn = async (server: TestServer) => {
    const agent = request.agent(server.url);
    const res = await agent
      .post('/desk/api/session')
      .set(SAME_ORIGIN)
      .send({ email: 'meena@iconia.test', password: PASSWORD });
    expect(res.status).toBe(200);
    return agent;
  };

  beforeAll(async () => {
    temp = createTempDir('iconia-erasure-');
    dataDir = path.join(temp.dir, 'data');
    t = await startTestServer({ dataDir });
    const server = t;
    await createAccount(
      server.desk.api.store,
      { email: 'meena@iconia.test', name: 'Meena', role: 'manager', password: PASSWORD },
      server.clock.now(),
    );
    // The person sends both forms, twice, among other visitors' leads, as a visitor would.
    const send = (mobile: string, name: string) =>
      Promise.all([
        request(server.url)
          .post('/contact-form')
          .field('name', name)
          .field('mobile', mobile)
          .field('location', 'Kondapur'),
        request(server.url).post('/send-email').type('form').send({
          name,
          mobile,
          plotRange: '200 - 300 Sq. Yds',
          source: 'brochure-modal',
        }),
      ]);
    for (let index = 0; index < 60; index += 1) {
      await send(`98${String(index).padStart(8, '0')}`, `Visitor ${index}`);
      if (index % 20 === 0) {
        await send(ERASED, 'Zed Quill');
        server.clock.advance(3_600_000);
      }
    }
    await send(KEPT, 'Asha Rao');
    const manager = await signIn(server);
    const [lead] = (
      (await manager.get(`/desk/api/leads?q=${ERASED}`)).body as { leads: Array<{ id: number }> }
    ).leads;
    expect(lead).toBeDefined();
    await manager
      .patch(`/desk/api/leads/${lead?.id}`)
      .set(SAME_ORIGIN)
      .send({ stage: 'lost', lostReason: `Zed Quill (${ERASED}) bought elsewhere` });
    await manager
      .post(`/desk/api/leads/${lead?.id}/notes`)
      .set(SAME_ORIGIN)
      .send({ text: `Call Zed on ${ERASED} after 6` });
    await manager.get(`/desk/api/export.csv?q=${ERASED}`);

    await leadsCli(dataDir, ['backup', before()]);
    const erasure = await manager
      .post('/desk/api/erasures')
      .set(SAME_ORIGIN)
      .send({ mobile: ERASED });
    expect(erasure.body).toEqual({ erased: 6 });
    expect(await leadsCli(dataDir, ['backup', after()])).toContain(
      'The copy carries the erasure ledger (1 erasure) and its key.',
    );
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    temp.remove();
  });

  it('when the server that erased a mobile has stopped, then no database file holds a byte of it', async () => {
    // While it runs, the write-ahead log no longer holds the pages the erasure replaced.
    const running = databaseFiles(dataDir).map((file) => [file, copiesIn(file, ERASED)]);
    expect(running).toEqual(databaseFiles(dataDir).map((file) => [file, 0]));
    await t?.close();
    t = undefined;
    const files = databaseFiles(dataDir);
    expect(files).toContain(path.join(dataDir, 'leads.sqlite'));
    expect(files.map((file) => [path.basename(file), copiesIn(file, ERASED)])).toEqual(
      files.map((file) => [path.basename(file), 0]),
    );
    // The other person's leads are all there.
    expect(copiesIn(path.join(dataDir, 'leads.sqlite'), KEPT)).toBeGreaterThan(0);
    // The ledger beside the database names nobody.
    expect(copiesIn(path.join(dataDir, LEDGER_FILE), ERASED)).toBe(0);
  });

  it('when a backup is taken after the erasure, then it holds no byte of the mobile, and the one before did', () => {
    expect(copiesIn(after(), ERASED)).toBe(0);
    expect(copiesIn(after(), KEPT)).toBeGreaterThan(0);
    expect(copiesIn(before(), ERASED)).toBeGreaterThan(0);
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
    expect(mobiles.filter((mobile) => mobile === '')).toHaveLength(6);
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
