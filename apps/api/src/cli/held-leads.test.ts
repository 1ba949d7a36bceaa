import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTempDir,
  createTestClock,
  type SmtpInbox,
  START_TIME,
  startSmtpInbox,
} from '@iconia/testkit';
import { startTestServer, type TestServer } from '@iconia/api/test-server';
import { loadConfig } from '../config.ts';
import { runLeadsCli } from './run-leads-cli.ts';

async function runCli(args: string[], dataDir: string) {
  let stdout = '';
  let stderr = '';
  const code = await runLeadsCli(args, {
    out: (text) => void (stdout += text),
    err: (text) => void (stderr += text),
    clock: { now: () => START_TIME },
    cwd: dataDir,
    config: () => loadConfig({ DATA_DIR: dataDir }, dataDir),
  });
  return { code, stdout, stderr };
}

describe('leads held over the rate limit', () => {
  let temp: ReturnType<typeof createTempDir>;
  let inbox: SmtpInbox;
  let t: TestServer;
  let heldId: string;
  let sentId: string;

  beforeAll(async () => {
    temp = createTempDir();
    inbox = await startSmtpInbox();
    t = await startTestServer({
      dataDir: temp.dir,
      clock: createTestClock(),
      env: { SMTP_URL: inbox.url, RATE_LIMIT_MAX: '1' },
    });
    const send = (name: string, mobile: string) =>
      request(t.url).post('/send-email').type('form').send({ name, mobile });
    await send('Ravi', '9876500001');
    await send('Asha', '9876500002');
    await t.delivery.drain();
    const leads = t.store.listLeads();
    sentId = leads[0]!.publicId;
    heldId = leads[1]!.publicId;
  });
  afterAll(async () => {
    await t.close();
    await inbox.close();
    temp.remove();
  });

  it('when a lead is held, then it is not emailed and "list --status held" shows it alone', async () => {
    const { code, stdout } = await runCli(['list', '--status', 'held'], temp.dir);

    expect(code).toBe(0);
    expect(stdout).toContain(heldId.slice(0, 8));
    expect(stdout).toContain('Asha');
    expect(stdout).not.toContain('Ravi');
    // The managers are told a lead waits for them; the held lead itself is not emailed.
    expect(inbox.messages.map((mail) => mail.parsed.subject)).toEqual([
      'New brochure request from Ravi',
      'Waiting for a manager: 1 lead held',
    ]);
  });

  it('when a lead that is not held is released, then it says so and exits with 1', async () => {
    const { code, stderr } = await runCli(['release', sentId.slice(0, 8)], temp.dir);

    expect(code).toBe(1);
    expect(stderr).toContain('is not held (it is sent)');
  });

  it('when a held lead is released, then the running server emails it', async () => {
    const { code, stdout } = await runCli(['release', heldId.slice(0, 8)], temp.dir);
    await t.delivery.drain();

    expect(code).toBe(0);
    expect(stdout).toContain('is released and queued for delivery.');
    const mails = await inbox.waitFor(3);
    expect(mails.map((mail) => mail.parsed.subject)).toContain('New brochure request from Asha');
    expect(t.store.findByPublicId(heldId)?.status).toBe('sent');
  });
});
