/**
 * A quick version of `pnpm drill crash` for every test run: the server process is killed with
 * SIGKILL while 20 visitors send leads, then restarted. Every `success` must be on disk, whole,
 * and the restarted server must deliver it. (The full drill sends 2,000 and takes a minute.)
 */
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTempDir, freePort, startSmtpInbox, type SmtpInbox } from '@iconia/testkit';
import { SOURCE_SERVER, startServerProcess, type ServerProcess } from '@iconia/api/test-server';
import { account, readLeads, sendLeads, waitForEmptyOutbox } from '../../drills/support.ts';

describe('a crash under load', () => {
  let temp: ReturnType<typeof createTempDir>;
  let inbox: SmtpInbox;
  let server: ServerProcess | undefined;

  beforeEach(async () => {
    temp = createTempDir();
    inbox = await startSmtpInbox({ parse: false });
  });
  afterEach(async () => {
    await server?.kill();
    await inbox.close();
    temp.remove();
  });

  it('when the process is killed mid-run and restarted, then every lead answered success is stored whole and emailed', async () => {
    const port = await freePort();
    const env = {
      DATA_DIR: temp.dir,
      SMTP_URL: inbox.url,
      RATE_LIMIT_MAX: '0',
      WEB_DIST: path.join(temp.dir, 'no-site'),
      LOG_LEVEL: 'warn',
    };
    server = await startServerProcess({ port, env, entry: SOURCE_SERVER });
    let restarting: Promise<void> | undefined;

    const attempts = await sendLeads({
      port,
      count: 300,
      concurrency: 20,
      drillDigit: 0,
      ratePerSecond: 200,
      onDone: (_attempt, done) => {
        if (done < 150 || restarting) return;
        restarting = server!.kill().then(async () => {
          server = await startServerProcess({ port, env, entry: SOURCE_SERVER });
        });
      },
    });
    await restarting;
    // Alone on the database, the new process takes back what the killed one was sending.
    await waitForEmptyOutbox(server.url, 120_000);

    const { rows, integrity } = readLeads(path.join(temp.dir, 'leads.sqlite'));
    const figures = account(attempts, rows, inbox);
    expect(integrity).toBe('ok');
    expect(figures.success).toBeGreaterThan(100);
    expect(figures.successNotStored).toBe(0);
    expect(figures.halfStored).toBe(0);
    expect(figures.refusedButStored).toBe(0);
    expect(figures.strangers).toBe(0);
    expect(figures.undelivered).toBe(0);
  }, 300_000);
});
