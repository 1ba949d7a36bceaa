/**
 * The SMTP server is down for the first half of a 500-lead run and comes back: visitors keep
 * getting `success` as fast as before, /readyz shows the backlog, the worker's backoff shows in
 * the log, and once SMTP is back every lead is delivered, once.
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
} from './support.ts';

const LEADS = 500;
const CONCURRENCY = 50;
/** 25 s of visitors: the outage outlasts the first retry, so the backoff shows its doubling. */
const RATE_PER_SECOND = 20;

interface ReadySample {
  at: number;
  status: number;
  smtp: string;
  pending: number | null;
}

export async function smtpOutageDrill(): Promise<DrillResult> {
  const temp = tempDir('smtp-outage');
  const smtpPort = await freePort();
  const port = await freePort();
  const server = await startDrillServer(port, {
    DATA_DIR: temp.dir,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    SMTP_TIMEOUT_MS: '2000',
    RATE_LIMIT_MAX: '0',
    WEB_DIST: path.join(temp.dir, 'no-site'),
    LOG_LEVEL: 'info',
  });
  let inbox: SmtpInbox | undefined;
  const samples: ReadySample[] = [];
  const sampler = setInterval(() => {
    void fetch(`${server.url}/readyz`)
      .then(async (response) => {
        const body = (await response.json()) as { smtp: string; pending: number | null };
        samples.push({ ...body, at: Date.now(), status: response.status });
      })
      .catch(() => undefined);
  }, 250);
  try {
    let smtpUpAt = Number.POSITIVE_INFINITY;
    let bringingUp: Promise<void> | undefined;
    const attempts = await sendLeads({
      port,
      count: LEADS,
      concurrency: CONCURRENCY,
      drillDigit: 2,
      ratePerSecond: RATE_PER_SECOND,
      onDone: (_attempt, done) => {
        if (done < LEADS / 2 || bringingUp) return;
        bringingUp = startSmtpInbox({ port: smtpPort, parse: false }).then((started) => {
          inbox = started;
          smtpUpAt = Date.now();
        });
      },
    });
    await bringingUp;
    const drained = await waitForEmptyOutbox(server.url, 120_000);
    const deliveredAt = Date.now();
    clearInterval(sampler);
    server.child.kill('SIGTERM');
    const { code } = await server.exited;

    const { rows, integrity } = readLeads(path.join(temp.dir, 'leads.sqlite'));
    const figures = account(attempts, rows, inbox ?? { messages: [] });
    const down = latencies(attempts.filter((a) => a.startedAt < smtpUpAt));
    const up = latencies(attempts.filter((a) => a.startedAt >= smtpUpAt));
    const retries = server.logs.filter((entry) => entry.msg === 'lead email failed; will retry');
    const delays = [...new Set(retries.map((entry) => Number(entry.retryInSeconds)))].sort(
      (a, b) => a - b,
    );
    const whileDown = samples.filter((sample) => sample.at < smtpUpAt);
    const maxBacklog = Math.max(0, ...whileDown.map((sample) => sample.pending ?? 0));

    const failures: string[] = [];
    if (!drained) failures.push('the outbox did not empty within 120 s of SMTP coming back');
    if (figures.success !== LEADS)
      failures.push(`${LEADS - figures.success} replies were not success`);
    if (figures.resent > 0) failures.push(`${figures.resent} leads were emailed twice`);
    if (retries.length === 0) failures.push('no failed delivery was logged with its retry delay');
    if (
      !whileDown.some((s) => s.status === 503 && s.smtp === 'unreachable' && (s.pending ?? 0) > 0)
    ) {
      failures.push('/readyz never reported the SMTP server unreachable with a backlog');
    }
    // Replies must not wait for mail: the same speed with SMTP down as with it up, within noise.
    if (down.p50 > up.p50 * 2 + 20)
      failures.push(`replies slowed while SMTP was down (${down.p50} ms vs ${up.p50} ms)`);
    if (code !== 0) failures.push(`the server exited with ${code} on SIGTERM`);
    return {
      name: 'smtp-outage',
      load: `${LEADS} leads, ${CONCURRENCY} connections, ${RATE_PER_SECOND}/s`,
      faults: 'SMTP refusing connections for the first 250 leads',
      lost: figures.lost,
      failures,
      figures: {
        ...figures,
        'reply p50 / p99, SMTP down (ms)': `${down.p50} / ${down.p99}`,
        'reply p50 / p99, SMTP up (ms)': `${up.p50} / ${up.p99}`,
        '/readyz while down': [...new Set(whileDown.map((s) => `${s.status} smtp ${s.smtp}`))].join(
          ', ',
        ),
        'backlog on /readyz, highest': maxBacklog,
        'failed attempts logged': retries.length,
        'retry delays logged (s)': delays.join(', '),
        'all delivered after SMTP up (s)': ((deliveredAt - smtpUpAt) / 1000).toFixed(1),
        integrity_check: integrity,
      },
    };
  } finally {
    clearInterval(sampler);
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
    await inbox?.close();
    temp.remove();
  }
}
