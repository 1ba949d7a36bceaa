/**
 * An SMTP server that accepts the connection and never says a word: visitors' replies are as fast
 * as ever, the worker gives up on each attempt after SMTP_TIMEOUT_MS and retries later, and when
 * a working server takes the port over, every lead is delivered once.
 */
import { createServer, type Socket } from 'node:net';
import path from 'node:path';
import { freePort, type SmtpInbox, startSmtpInbox } from '@iconia/testkit';
import type { DrillResult } from './drill.ts';
import {
  account,
  latencies,
  readLeads,
  sendLeads,
  sleep,
  startDrillServer,
  tempDir,
  waitForEmptyOutbox,
} from './support.ts';

const LEADS = 30;
const SMTP_TIMEOUT_MS = 1_000;

export async function smtpHangDrill(): Promise<DrillResult> {
  const temp = tempDir('smtp-hang');
  const smtpPort = await freePort();
  const port = await freePort();
  const held: Socket[] = [];
  const silent = createServer((socket) => {
    held.push(socket);
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => silent.listen(smtpPort, '127.0.0.1', resolve));
  const server = await startDrillServer(port, {
    DATA_DIR: temp.dir,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    SMTP_TIMEOUT_MS: String(SMTP_TIMEOUT_MS),
    RATE_LIMIT_MAX: '0',
    WEB_DIST: path.join(temp.dir, 'no-site'),
    LOG_LEVEL: 'info',
  });
  let inbox: SmtpInbox | undefined;
  try {
    const attempts = await sendLeads({
      port,
      count: LEADS,
      concurrency: 10,
      drillDigit: 3,
      ratePerSecond: 20,
    });

    // Wait for a lead's second attempt: proof that a hung send times out and is retried.
    const failed = () =>
      server.logs.filter((entry) => entry.msg === 'lead email failed; will retry');
    const deadline = Date.now() + 90_000;
    while (!failed().some((entry) => Number(entry.attempt) >= 2) && Date.now() < deadline) {
      await sleep(200);
    }
    const connectionsHeld = held.length;
    const hungAttempts = failed();

    // A working SMTP server takes the port over.
    for (const socket of held) socket.destroy();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
    inbox = await startSmtpInbox({ port: smtpPort, parse: false });
    const upAt = Date.now();
    const drained = await waitForEmptyOutbox(server.url, 90_000);
    const deliveredAt = Date.now();
    server.child.kill('SIGTERM');
    const { code } = await server.exited;

    const { rows, integrity } = readLeads(path.join(temp.dir, 'leads.sqlite'));
    const figures = account(attempts, rows, inbox);
    const { p50, p99 } = latencies(attempts);
    const reasons = [
      ...new Set(hungAttempts.map((entry) => (entry.err as { message?: string }).message)),
    ];
    const failures: string[] = [];
    if (!hungAttempts.some((entry) => Number(entry.attempt) >= 2)) {
      failures.push('no lead was retried after a hung attempt');
    }
    if (!drained) failures.push('the outbox did not empty after a working SMTP server came up');
    if (figures.success !== LEADS)
      failures.push(`${LEADS - figures.success} replies were not success`);
    if (p99 > 500) failures.push(`replies waited on the hung SMTP server (p99 ${p99} ms)`);
    if (code !== 0) failures.push(`the server exited with ${code} on SIGTERM`);
    return {
      name: 'smtp-hang',
      load: `${LEADS} leads, 10 connections, 20/s`,
      faults: `SMTP accepts and never answers; SMTP_TIMEOUT_MS=${SMTP_TIMEOUT_MS}`,
      lost: figures.lost,
      failures,
      figures: {
        ...figures,
        'reply p50 / p99 (ms)': `${p50} / ${p99}`,
        'connections held open by the silent server': connectionsHeld,
        'timed-out attempts before the swap': hungAttempts.length,
        'highest attempt seen': Math.max(0, ...hungAttempts.map((e) => Number(e.attempt))),
        'timeout reasons': reasons.join(' | '),
        'all delivered after the swap (s)': ((deliveredAt - upAt) / 1000).toFixed(1),
        integrity_check: integrity,
      },
    };
  } finally {
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
    for (const socket of held) socket.destroy();
    silent.close();
    await inbox?.close();
    temp.remove();
  }
}
