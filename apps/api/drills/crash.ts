/**
 * kill -9 in the middle of 2,000 leads at 50 concurrent connections, then a restart: every lead
 * answered `success` is in the database and reaches SMTP (once, by Message-ID) and the webhook
 * receiver (at least once, every repeat with the lead's one webhook-id); a lead whose visitor got
 * an error or no reply is either absent or stored whole, never half.
 */
import path from 'node:path';
import { freePort, startSmtpInbox, startWebhookReceiver } from '@iconia/testkit';
import { type ServerProcess } from '@iconia/api/test-server';
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
import { accountWebhooks, drillWebhookSecret } from './webhooks.ts';

const LEADS = 2_000;
const CONCURRENCY = 50;
/** Paced so the restart happens while visitors are still sending, not after the run. */
const RATE_PER_SECOND = 400;

export async function crashDrill(): Promise<DrillResult> {
  const temp = tempDir('crash');
  const inbox = await startSmtpInbox({ parse: false });
  const secret = drillWebhookSecret();
  const receiver = await startWebhookReceiver({ secret });
  const port = await freePort();
  const env = {
    WEBHOOK_URL: receiver.url,
    WEBHOOK_SECRET: secret,
    DATA_DIR: temp.dir,
    SMTP_URL: inbox.url,
    RATE_LIMIT_MAX: '0',
    WEB_DIST: path.join(temp.dir, 'no-site'),
    LOG_LEVEL: 'warn',
  };
  let server: ServerProcess = await startDrillServer(port, env);
  try {
    let killedAt = 0;
    let restartedAt = 0;
    let sentToSmtpBeforeKill = 0;
    let restarting: Promise<void> | undefined;
    const attempts = await sendLeads({
      port,
      count: LEADS,
      concurrency: CONCURRENCY,
      drillDigit: 1,
      ratePerSecond: RATE_PER_SECOND,
      onDone: (_attempt, done) => {
        if (done < LEADS / 2 || restarting) return;
        killedAt = Date.now();
        sentToSmtpBeforeKill = inbox.messages.length;
        server.child.kill('SIGKILL');
        restarting = (async () => {
          await server.exited;
          server = await startDrillServer(port, env);
          restartedAt = Date.now();
        })();
      },
    });
    await restarting;
    const drained = await waitForEmptyOutbox(server.url, 60_000);
    const emptiedAt = Date.now();
    server.child.kill('SIGTERM');
    const { code } = await server.exited;
    const { rows, integrity } = readLeads(path.join(temp.dir, 'leads.sqlite'));
    const figures = account(attempts, rows, inbox);
    const webhooks = accountWebhooks(rows, receiver.posts);
    const { p50, p99 } = latencies(attempts);

    const failures: string[] = [];
    if (!drained) failures.push('the outbox did not empty within 60 s of the restart');
    if (integrity !== 'ok') failures.push(`integrity_check: ${integrity}`);
    if (figures.halfStored > 0) failures.push(`${figures.halfStored} half-stored rows`);
    if (figures.refusedButStored > 0) failures.push('a lead refused with an error was stored');
    if (figures.strangers > 0) failures.push('SMTP received a Message-ID the database lacks');
    if (code !== 0) failures.push(`the restarted server exited with ${code} on SIGTERM`);
    if (webhooks.undelivered > 0)
      failures.push(`${webhooks.undelivered} leads never reached the webhook`);
    if (webhooks.idMismatches > 0) {
      failures.push(`${webhooks.idMismatches} leads were posted with more than one webhook-id`);
    }
    if (webhooks.badSignatures > 0)
      failures.push(`${webhooks.badSignatures} posts failed their signature`);
    if (webhooks.strangers > 0) failures.push('the receiver got a lead the database lacks');
    return {
      name: 'crash',
      load: `${LEADS} leads, ${CONCURRENCY} connections, ${RATE_PER_SECOND}/s, one webhook endpoint`,
      faults: 'kill -9 after 1,000 replies, immediate restart',
      lost: figures.lost + webhooks.undelivered,
      failures,
      figures: {
        ...figures,
        'emails sent before the kill': sentToSmtpBeforeKill,
        'down for (ms)': restartedAt - killedAt,
        'outbox empty after the restart (s)': ((emptiedAt - restartedAt) / 1000).toFixed(1),
        'reply p50 / p99 (ms)': `${p50} / ${p99}`,
        integrity_check: integrity,
        'webhook posts': webhooks.posts,
        'webhook undelivered': webhooks.undelivered,
        'webhook repeats (same webhook-id)': webhooks.repeats,
        'webhook leads with two ids': webhooks.idMismatches,
        'webhook bad signatures': webhooks.badSignatures,
      },
    };
  } finally {
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
    await inbox.close();
    await receiver.close();
    temp.remove();
  }
}
