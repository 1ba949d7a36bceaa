import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestClock, type TestClock } from '@iconia/testkit';
import { runLeadsCli } from '../cli/run-leads-cli.ts';
import { loadConfig } from '../config.ts';
import { startDeskTestServer, type DeskTestServer } from '../desk/desk-test-support.ts';

describe('duty and held leads from the command line', () => {
  let t: DeskTestServer;
  let clock: TestClock;

  beforeEach(async () => {
    clock = createTestClock();
    t = await startDeskTestServer({ clock });
    await t.addUser('meena@iconia.test', 'manager', 'Meena');
    await t.addUser('arjun@iconia.test', 'agent', 'Arjun');
  });
  afterEach(async () => {
    await t.remove();
  });

  async function cli(...args: string[]) {
    let stdout = '';
    let stderr = '';
    const { dataDir } = t.config;
    const code = await runLeadsCli(args, {
      out: (text) => void (stdout += text),
      err: (text) => void (stderr += text),
      clock,
      cwd: dataDir,
      config: () => loadConfig({ DATA_DIR: dataDir }, dataDir),
    });
    return { code, stdout, stderr };
  }

  const ownerOf = (leadId: number) => t.deskStore.leadById(leadId)?.owner_name ?? null;

  it('when an operator puts an agent on duty, then the buyer who waited is theirs', async () => {
    const leadId = t.storeLead();

    const { code, stdout } = await cli('users', 'duty', 'arjun@iconia.test', 'on');

    expect(code).toBe(0);
    expect(stdout).toBe(
      'arjun@iconia.test is on duty and takes new buyers in turn; 1 waiting buyer handed out (the running server emails them within a minute).\n',
    );
    expect(ownerOf(leadId)).toBe('Arjun');
    expect(t.routing.duty(t.deskStore.userByEmail('arjun@iconia.test')?.id ?? 0)?.onDuty).toBe(
      true,
    );
  });

  it('when the duty is neither on nor off, then it says what it needs and exits with 2', async () => {
    const { code, stderr } = await cli('users', 'duty', 'arjun@iconia.test', 'yes');

    expect(code).toBe(2);
    expect(stderr).toContain('"users duty" needs on or off after the email address.');
  });

  it('when a held lead is released, then its buyer goes to the agent on duty', async () => {
    await cli('users', 'duty', 'arjun@iconia.test', 'on');
    const leadId = t.storeLead({ held: true });
    expect(ownerOf(leadId)).toBeNull();
    const publicId = t.deskStore.leadById(leadId)?.public_id ?? '';

    const { code } = await cli('release', publicId.slice(0, 8));

    expect(code).toBe(0);
    expect(ownerOf(leadId)).toBe('Arjun');
    expect(t.store.findByPublicId(publicId)?.status).toBe('pending');
  });
});
