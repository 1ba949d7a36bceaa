import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runLeadsCli } from '../cli/run-leads-cli.ts';
import { loadConfig } from '../config.ts';
import {
  startDeskTestServer,
  SAME_ORIGIN,
  type DeskTestServer,
} from '../desk/desk-test-support.ts';

describe('pnpm leads users', () => {
  let t: DeskTestServer;

  async function users(args: string[], password = '') {
    let stdout = '';
    let stderr = '';
    const dataDir = path.dirname(t.config.databaseFile);
    const code = await runLeadsCli(['users', ...args], {
      out: (text) => {
        stdout += text;
      },
      err: (text) => {
        stderr += text;
      },
      clock: t.clock,
      cwd: dataDir,
      config: () => loadConfig({ DATA_DIR: dataDir, MAIL_FROM: 'leads@iconia.test' }, dataDir),
      readPassword: () => Promise.resolve(password),
    });
    return { code, stdout, stderr };
  }

  const signIn = (email: string, password: string) =>
    request(t.url).post('/desk/api/session').set(SAME_ORIGIN).send({ email, password });

  beforeAll(async () => {
    t = await startDeskTestServer();
  });
  afterAll(async () => {
    await t.remove();
  });

  it('when an operator adds a manager with a password on stdin, then that person can sign in to the desk', async () => {
    const added = await users(
      ['add', 'meena@iconia.test', '--name', 'Meena Rao', '--role', 'manager'],
      'a long secret phrase',
    );
    expect(added).toEqual({
      code: 0,
      stdout: 'Added Meena Rao <meena@iconia.test> as manager.\n',
      stderr: '',
    });
    const res = await signIn('meena@iconia.test', 'a long secret phrase');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ user: { name: 'Meena Rao', role: 'manager' } });
  });

  it('when the input is wrong, then the operator is told what to fix and no account is made', async () => {
    const noRole = await users(['add', 'x@iconia.test', '--name', 'X'], 'a long secret phrase');
    expect(noRole.code).toBe(2);
    expect(noRole.stderr).toContain('--role must be manager or agent.');
    const short = await users(['add', 'x@iconia.test', '--name', 'X', '--role', 'agent'], 'short');
    expect(short.code).toBe(1);
    expect(short.stderr).toBe('The password must be at least 10 characters long.\n');
    const twice = await users(
      ['add', 'MEENA@iconia.test', '--name', 'M', '--role', 'agent'],
      'a long secret phrase',
    );
    expect(twice.stderr).toBe('There is already an account for MEENA@iconia.test.\n');
    const unknown = await users(['promote', 'x@iconia.test']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Unknown subcommand "promote"');
    expect((await users(['list'])).stdout).not.toContain('x@iconia.test');
  });

  it('when accounts are listed, then each shows its email, name, role and status', async () => {
    await users(
      ['add', 'arjun@iconia.test', '--name', 'Arjun', '--role', 'agent'],
      'arjun password 1',
    );
    const { stdout } = await users(['list']);
    expect(stdout.split('\n')[0]).toMatch(/^EMAIL\s+NAME\s+ROLE\s+STATUS$/);
    expect(stdout).toMatch(/arjun@iconia\.test\s+Arjun\s+agent\s+active/);
    expect(stdout).toMatch(/meena@iconia\.test\s+Meena Rao\s+manager\s+active/);
  });

  it('when a password is reset, then the old sessions end and only the new password works', async () => {
    const session = await signIn('arjun@iconia.test', 'arjun password 1');
    const cookie = /^desk_session=[^;]+/.exec(session.get('Set-Cookie')?.[0] ?? '')?.[0] ?? '';
    const reset = await users(['reset-password', 'arjun@iconia.test'], 'arjun password 2');
    expect(reset.code).toBe(0);
    expect((await request(t.url).get('/desk/api/session').set('Cookie', cookie)).body).toEqual({
      user: null,
    });
    expect((await signIn('arjun@iconia.test', 'arjun password 1')).status).toBe(401);
    expect((await signIn('arjun@iconia.test', 'arjun password 2')).status).toBe(200);
  });

  it('when an account is disabled, then its sessions end at once and it shows as disabled', async () => {
    const session = await signIn('arjun@iconia.test', 'arjun password 2');
    const cookie = /^desk_session=[^;]+/.exec(session.get('Set-Cookie')?.[0] ?? '')?.[0] ?? '';
    const disabled = await users(['disable', 'arjun@iconia.test']);
    expect(disabled.stdout).toBe('Disabled arjun@iconia.test; its sessions have ended.\n');
    expect((await request(t.url).get('/desk/api/leads').set('Cookie', cookie)).status).toBe(401);
    expect((await users(['list'])).stdout).toMatch(/arjun@iconia\.test\s+Arjun\s+agent\s+disabled/);
    const missing = await users(['disable', 'nobody@iconia.test']);
    expect(missing.stderr).toBe(
      'There is no account for nobody@iconia.test. "pnpm leads users list" shows them.\n',
    );
  });

  it('when an account is enabled again, then it signs in with the password it had', async () => {
    const enabled = await users(['enable', 'arjun@iconia.test']);

    expect(enabled).toEqual({
      code: 0,
      stdout: 'Enabled arjun@iconia.test; it signs in with the password it had.\n',
      stderr: '',
    });
    expect((await signIn('arjun@iconia.test', 'arjun password 2')).status).toBe(200);
    expect((await users(['list'])).stdout).toMatch(/arjun@iconia\.test\s+Arjun\s+agent\s+active/);
  });

  it('when a temporary password is asked for, then it is printed once, works, and its owner must choose a new one', async () => {
    const reset = await users(['reset-password', 'arjun@iconia.test', '--temporary']);

    expect(reset.code).toBe(0);
    const temporary = /^Temporary password for arjun@iconia\.test: (\S+)\n/.exec(reset.stdout)?.[1];
    expect(temporary).toMatch(/^[A-Za-z2-9]{4}(-[A-Za-z2-9]{4}){3}$/);
    expect((await signIn('arjun@iconia.test', 'arjun password 2')).status).toBe(401);
    const session = await signIn('arjun@iconia.test', temporary ?? '');
    expect(session.body).toMatchObject({ user: { mustChangePassword: true } });
    expect((await users(['list'])).stdout).toMatch(
      /arjun@iconia\.test\s+Arjun\s+agent\s+active, must change password/,
    );
    const misplaced = await users(['disable', 'arjun@iconia.test', '--temporary']);
    expect(misplaced.code).toBe(2);
    expect(misplaced.stderr).toContain('--temporary goes with reset-password only.');
  });
});
