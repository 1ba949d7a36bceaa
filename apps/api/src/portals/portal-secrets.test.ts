import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startAcres99Peer,
  startHousingPeer,
  startMagicBricksPeer,
  type PortalPeer,
} from '@iconia/testkit';
import { runLeadsCli } from '../cli/run-leads-cli.ts';
import { loadConfig } from '../config.ts';
import { startDeskTestServer, type DeskTestServer } from '../desk/desk-test-support.ts';

/** Each portal's login, as distinctive as a secret should be. */
const SECRETS = {
  acresUser: 'iconia-99-login-7731',
  acresPassword: 'Acres#Pass-58199-secret', // secret-scan: allow (a test's made-up login, searched for)
  housingProfile: 'profile-id-88112233',
  housingKey: 'housing-key-0f9e8d7c6b5a',
  magicbricksKey: 'mb-api-key-5a4b3c2d1e',
};
const EVERY = 5 * 60_000;

describe("the portals' logins", () => {
  let t: DeskTestServer;
  const peers: PortalPeer[] = [];
  /** Everything the operator, the desk and the logs were shown. */
  const shown: string[] = [];

  async function cli(args: string[], answers: string[] = []) {
    let stdout = '';
    let stderr = '';
    const code = await runLeadsCli(args, {
      out: (text) => {
        stdout += text;
      },
      err: (text) => {
        stderr += text;
      },
      clock: t.clock,
      cwd: t.config.dataDir,
      config: () =>
        loadConfig(
          { DATA_DIR: t.config.dataDir, MAIL_FROM: 'leads@iconia.test' },
          t.config.dataDir,
        ),
      readPassword: () => Promise.resolve(answers.shift() ?? ''),
    });
    shown.push(stdout, stderr);
    return { code, stdout, stderr };
  }

  beforeAll(async () => {
    t = await startDeskTestServer();
    await t.addUser('meena@iconia.test', 'manager', 'Meena');
    // 99acres' password changed on the portal, Housing.com's key is wrong: both fail in words.
    const acres = await startAcres99Peer({ userName: SECRETS.acresUser, password: 'changed' });
    const housing = await startHousingPeer({
      profileId: SECRETS.housingProfile,
      key: 'another key',
      now: () => t.clock.now(),
    });
    const magicbricks = await startMagicBricksPeer({ key: SECRETS.magicbricksKey });
    peers.push(acres, housing, magicbricks);
    magicbricks.enquiries.push({
      id: 'MB-1',
      name: 'Ravi Teja',
      mobile: '9848022222',
      receivedAt: t.clock.now() + 60_000,
    });

    const added = [
      await cli(
        ['sources', 'add-portal', '99acres', '--name', '99acres', '--url', acres.url],
        [SECRETS.acresUser, SECRETS.acresPassword],
      ),
      await cli(
        ['sources', 'add-portal', 'housing', '--name', 'housing', '--url', housing.url],
        [SECRETS.housingProfile, SECRETS.housingKey],
      ),
      await cli(
        ['sources', 'add-portal', 'magicbricks', '--name', 'magicbricks', '--url', magicbricks.url],
        [SECRETS.magicbricksKey],
      ),
    ];
    expect(added.map((run) => run.code)).toEqual([0, 0, 0]);
    t.clock.advance(EVERY);
    shown.push(JSON.stringify(await t.portals.pollDue()));
  });
  afterAll(async () => {
    await t.remove();
    await Promise.all(peers.map((peer) => peer.close()));
  });

  it('when portals are added, polled and refused, then no log line, answer, export, listing or error shows a login', async () => {
    const manager = await t.signIn('meena@iconia.test');
    for (const url of ['/desk/api/source-health', '/desk/api/sources', '/desk/api/leads']) {
      const res = await manager.get(url);
      expect(res.status, url).toBe(200);
      shown.push(res.text);
    }
    const exported = await manager.get('/desk/api/export.csv');
    expect(exported.text).toContain('Ravi Teja');
    shown.push(exported.text);
    shown.push((await cli(['sources', 'list'])).stdout);
    shown.push((await cli(['export'])).stdout);
    const backup = path.join(t.config.dataDir, '..', 'backup.sqlite');
    expect((await cli(['backup', backup])).code).toBe(0);
    shown.push(t.logLines.join('\n'));

    // The refusals were said, in words, where the managers look.
    const health = await manager.get('/desk/api/source-health');
    expect(health.text).toContain('99acres refused the login');
    expect(health.text).toContain('Housing.com refused the login');
    const everything = shown.join('\n');
    for (const secret of Object.values(SECRETS)) expect(everything).not.toContain(secret);
    // Not in the backup's bytes either, nor in the database's own.
    const files = [backup, t.config.databaseFile, `${t.config.databaseFile}-wal`];
    for (const file of files) {
      const bytes = readFileSync(file).toString('latin1');
      for (const secret of Object.values(SECRETS)) expect(bytes, file).not.toContain(secret);
    }
  });

  it('when a login is stored, then what is stored is sealed, not the plain text, and only this data folder opens it', () => {
    const stored = t.store.db
      .prepare<[], { name: string; credentials: string }>(
        `SELECT name, credentials FROM portal_sources ORDER BY name`,
      )
      .all();
    expect(stored.map((row) => row.name)).toEqual(['99acres', 'housing', 'magicbricks']);
    for (const row of stored) expect(row.credentials).toMatch(/^v1:[\w+/=]+:[\w+/=]+:[\w+/=]+$/);
    expect(readFileSync(path.join(t.config.dataDir, 'portal-key'), 'utf8')).toMatch(
      /^[0-9a-f]{64}$/,
    );
  });
});
