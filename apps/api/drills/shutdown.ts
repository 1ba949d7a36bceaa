/**
 * SIGTERM while visitors are sending and the SMTP server is slow: every request already sent is
 * answered, the email being sent is finished and marked sent, the process exits 0, and after a
 * restart the rest of the outbox is delivered once.
 */
import path from 'node:path';
import { freePort, type SmtpInbox, startSmtpInbox } from '@iconia/testkit';
import type { DrillResult } from './drill.ts';
import {
  account,
  latencies,
  readLeads,
  sendLeads,
  startDrillServer,
  tempDir,
  waitForEmptyOutbox,
  type LeadRow,
} from './support.ts';

const LEADS = 1_000;
const CONCURRENCY = 50;
/** Each message takes this long to be accepted, so one is surely mid-send at SIGTERM. */
const SMTP_DELAY_MS = 1_000;

export async function shutdownDrill(): Promise<DrillResult> {
  const temp = tempDir('shutdown');
  const smtpPort = await freePort();
  const port = await freePort();
  const env = {
    DATA_DIR: temp.dir,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    RATE_LIMIT_MAX: '0',
    WEB_DIST: path.join(temp.dir, 'no-site'),
    LOG_LEVEL: 'info',
  };
  const slowInbox = await startSmtpInbox({ port: smtpPort, delayMs: SMTP_DELAY_MS, parse: false });
  let fastInbox: SmtpInbox | undefined;
  let server = await startDrillServer(port, env);
  try {
    let sigtermAt = Number.POSITIVE_INFINITY;
    const attempts = await sendLeads({
      port,
      count: LEADS,
      concurrency: CONCURRENCY,
      drillDigit: 4,
      requestTimeoutMs: 30_000,
      onDone: (_attempt, done) => {
        if (done !== LEADS / 2) return;
        sigtermAt = Date.now();
        server.child.kill('SIGTERM');
      },
    });
    const { code } = await server.exited;
    const exitedAt = Date.now();
    const firstLogs = server.logs;
    const atExit = readLeads(path.join(temp.dir, 'leads.sqlite')).rows;
    const receivedBeforeExit = slowInbox.messages.length;
    await slowInbox.close();

    // What was still pending goes out after a restart, to a quick SMTP server this time.
    fastInbox = await startSmtpInbox({ port: smtpPort, parse: false });
    server = await startDrillServer(port, env);
    const drained = await waitForEmptyOutbox(server.url, 60_000);
    server.child.kill('SIGTERM');
    const second = await server.exited;

    const { rows, integrity } = readLeads(path.join(temp.dir, 'leads.sqlite'));
    const figures = account(attempts, rows, {
      messages: [...slowInbox.messages, ...fastInbox.messages],
    });
    const inFlight = attempts.filter((a) => a.startedAt < sigtermAt);
    const dropped = inFlight.filter((a) => a.status === undefined);
    const afterSignal = attempts.filter((a) => a.startedAt >= sigtermAt);
    const shutdownStarted = firstLogs.find((entry) => entry.msg === 'shutting down');
    const emailedWhileStopping = firstLogs.filter(
      (entry) =>
        entry.msg === 'lead emailed' &&
        Date.parse(String(entry.time)) >= Date.parse(String(shutdownStarted?.time)),
    ).length;
    const sentAtExit = atExit.filter((row: LeadRow) => row.status === 'sent').length;

    const failures: string[] = [];
    if (code !== 0) failures.push(`exit code ${code} after SIGTERM`);
    if (second.code !== 0) failures.push(`the restarted server exited with ${second.code}`);
    if (dropped.length > 0)
      failures.push(`${dropped.length} requests sent before SIGTERM got no reply`);
    if (inFlight.some((a) => a.status !== undefined && a.text !== 'success')) {
      failures.push('a request sent before SIGTERM was answered with an error');
    }
    if (emailedWhileStopping === 0) failures.push('no email was finished after SIGTERM');
    if (sentAtExit !== receivedBeforeExit) {
      failures.push(
        `SMTP had ${receivedBeforeExit} emails at exit but ${sentAtExit} leads were marked sent`,
      );
    }
    if (!drained) failures.push('the outbox did not empty after the restart');
    if (figures.resent > 0) failures.push(`${figures.resent} leads were emailed twice`);
    return {
      name: 'shutdown',
      load: `${LEADS} leads, ${CONCURRENCY} connections flat out; SMTP takes ${SMTP_DELAY_MS} ms per message`,
      faults: `SIGTERM after ${LEADS / 2} replies; restart to deliver the rest`,
      lost: figures.lost,
      failures,
      figures: {
        ...figures,
        'requests sent before SIGTERM': inFlight.length,
        'of those answered success': inFlight.filter((a) => a.text === 'success').length,
        'of those dropped': dropped.length,
        'requests after SIGTERM answered on open connections': afterSignal.filter((a) => a.status)
          .length,
        'requests after SIGTERM refused or reset': afterSignal.filter((a) => a.error).length,
        'emails finished after SIGTERM': emailedWhileStopping,
        'emails at SMTP / leads marked sent at exit': `${receivedBeforeExit} / ${sentAtExit}`,
        'exit code': String(code),
        'SIGTERM to exit (ms)': exitedAt - sigtermAt,
        'reply p50 / p99 (ms)': `${latencies(inFlight).p50} / ${latencies(inFlight).p99}`,
        integrity_check: integrity,
      },
    };
  } finally {
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
    await fastInbox?.close();
    temp.remove();
  }
}
