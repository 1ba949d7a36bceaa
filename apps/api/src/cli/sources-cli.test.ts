import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTempDir, createTestClock } from '@iconia/testkit';
import { loadConfig } from '../config.ts';
import { createPartnerSources } from '../sources/index.ts';
import { signingKeyOf } from '../standard-webhooks.ts';
import { openLeadStore } from '../store/lead-store.ts';
import { runLeadsCli } from './run-leads-cli.ts';

describe('pnpm leads sources', () => {
  const temp = createTempDir('iconia-sources-cli-');
  const dataDir = path.join(temp.dir, 'data');
  const clock = createTestClock();

  /** What the operator types when asked for a portal's login, line by line. */
  let typed: string[] = [];

  async function sources(...args: string[]) {
    let stdout = '';
    let stderr = '';
    const code = await runLeadsCli(['sources', ...args], {
      out: (text) => {
        stdout += text;
      },
      err: (text) => {
        stderr += text;
      },
      clock,
      cwd: dataDir,
      config: () => loadConfig({ DATA_DIR: dataDir, MAIL_FROM: 'leads@iconia.test' }, dataDir),
      readPassword: () => Promise.resolve(typed.shift() ?? ''),
    });
    return { code, stdout, stderr };
  }

  /** What the server would accept from the source now, read as the server reads it. */
  function access(name: string) {
    const store = openLeadStore(path.join(dataDir, 'leads.sqlite'));
    try {
      return createPartnerSources(store.db).access(name, clock.now());
    } finally {
      store.close();
    }
  }

  const lastLine = (text: string) => text.trimEnd().split('\n').at(-1) ?? '';

  beforeAll(() => {
    openLeadStore(path.join(dataDir, 'leads.sqlite')).close();
  });
  afterAll(() => temp.remove());

  it('when a source is added, then its secret is printed alone on the last line and signs its requests', async () => {
    const { code, stdout, stderr } = await sources('add', 'acme-realty');
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    const secret = lastLine(stdout);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(stdout).toContain('/intake/partners/acme-realty');
    expect(access('acme-realty')).toEqual({ status: 'enabled', keys: [signingKeyOf(secret)] });
  });

  it('when a name is malformed or taken, then the operator is told why and nothing is added', async () => {
    const bad = await sources('add', 'Acme Realty');
    expect(bad).toEqual({
      code: 1,
      stdout: '',
      stderr:
        '"Acme Realty" is not a valid name. A source name is 2 to 40 lowercase letters, digits and hyphens.\n',
    });
    const twice = await sources('add', 'acme-realty');
    expect(twice.code).toBe(1);
    expect(twice.stderr).toBe('There is already a source named "acme-realty".\n');
    const missing = await sources('add');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('"sources add" needs a source name.');
    expect(access('Acme Realty')).toEqual({ status: 'unknown' });
  });

  it('when a secret is rotated, then the new one is printed last and the old one still signs for 24 hours', async () => {
    const before = access('acme-realty');
    const { code, stdout } = await sources('rotate', 'acme-realty');
    expect(code).toBe(0);
    expect(stdout).toContain('the previous one is accepted until 22 Nov 2026, 3:45 pm IST');
    const secret = lastLine(stdout);
    expect(access('acme-realty')).toEqual({
      status: 'enabled',
      keys: [signingKeyOf(secret), ...(before.status === 'enabled' ? before.keys : [])],
    });
    expect((await sources('list')).stdout).toMatch(
      /acme-realty\s+partner \(push\)\s+enabled\s+21 Nov 2026, 3:45 pm IST\s+21 Nov 2026, 3:45 pm IST\s+22 Nov 2026, 3:45 pm IST/,
    );
  });

  it('when a source is disabled and enabled, then the list and the server follow', async () => {
    expect((await sources('disable', 'acme-realty')).stdout).toBe(
      'Disabled acme-realty: its requests are refused until it is enabled.\n',
    );
    expect(access('acme-realty')).toEqual({ status: 'disabled' });
    expect((await sources('list')).stdout).toMatch(/acme-realty\s+partner \(push\)\s+disabled/);
    expect((await sources('enable', 'acme-realty')).code).toBe(0);
    expect(access('acme-realty').status).toBe('enabled');
  });

  it('when a source is unknown or the subcommand is, then the operator is told what to do', async () => {
    expect(await sources('rotate', 'nobody')).toEqual({
      code: 1,
      stdout: '',
      stderr: 'There is no source named "nobody". "pnpm leads sources list" shows them.\n',
    });
    const unknown = await sources('remove', 'acme-realty');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Unknown subcommand "remove"');
  });

  it('when a portal source is added, then its login is asked for, it is listed as pulled, and it can be disabled, enabled and given a new login', async () => {
    typed = ['builder-login', 'builder password'];
    const added = await sources('add-portal', '99acres', '--name', 'acres-main');
    expect(added.code, added.stderr).toBe(0);
    expect(added.stdout).toContain('Added acres-main: 99acres, polled every PORTAL_POLL_MINUTES');
    expect(added.stdout).not.toContain('builder password');

    expect((await sources('list')).stdout).toMatch(/acres-main\s+99acres \(pull\)\s+enabled/);
    expect((await sources('disable', 'acres-main')).stdout).toBe(
      'Disabled acres-main: it is not polled until it is enabled.\n',
    );
    expect((await sources('list')).stdout).toMatch(/acres-main\s+99acres \(pull\)\s+disabled/);
    expect((await sources('enable', 'acres-main')).code).toBe(0);
    typed = ['builder-login', 'a new password'];
    expect((await sources('credentials', 'acres-main')).stdout).toBe(
      'New login stored for acres-main; the next poll uses it.\n',
    );
  });

  it('when a portal source is added wrongly, then the operator is told what to do and nothing is added', async () => {
    typed = ['key'];
    expect(await sources('add-portal', 'nobroker', '--name', 'nb')).toMatchObject({
      code: 2,
      stderr: expect.stringContaining(
        '"nobroker" is not a portal the desk pulls from: use one of 99acres, housing, magicbricks.',
      ) as unknown,
    });
    expect(await sources('add-portal', 'magicbricks')).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('"sources add-portal" needs --name <name>.') as unknown,
    });
    typed = ['4411', ''];
    expect(await sources('add-portal', 'housing', '--name', 'housing')).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('Housing.com needs Housing.com encryption key.') as unknown,
    });
    typed = ['key'];
    expect(await sources('add-portal', 'magicbricks', '--name', 'acme-realty')).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('There is already a source named "acme-realty".') as unknown,
    });
    expect((await sources('list')).stdout).not.toMatch(/^(nb|housing)\s/m);
  });
});
