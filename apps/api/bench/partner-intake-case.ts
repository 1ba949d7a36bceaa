/**
 * The bench's partner case: signed pushes to POST /intake/partners/<name>, 50 connections, with
 * every third request a repeat of the one before (a partner retrying), then whether each distinct
 * lead reached the sales inbox and the CRM's endpoint exactly once.
 */
import path from 'node:path';
import autocannon, { type Result } from 'autocannon';
import Database from 'better-sqlite3';
import {
  freePort,
  startServerProcess,
  startSmtpInbox,
  startWebhookReceiver,
  type ServerProcess,
  type SmtpInbox,
  type WebhookReceiver,
} from '@iconia/testkit';
import { createPartnerSources } from '../src/intake/partner-sources.ts';
import { signingKeyOf, signWebhook } from '../src/standard-webhooks.ts';
import { drillWebhookSecret } from '../drills/webhooks.ts';

export const PARTNER_SOURCE = 'bench-portal';

export interface PartnerCaseReport {
  result: Result;
  /** Distinct webhook-ids sent: the leads there should be. */
  distinctLeads: number;
  requests: number;
  leadsStored: number;
  emailsReceived: number;
  uniqueEmailIds: number;
  crmPosts: number;
  uniqueCrmIds: number;
  allDelivered: boolean;
}

/** Adds the partner on the running server's file, as `pnpm leads sources add` would. */
function addSource(databaseFile: string): Buffer {
  const db = new Database(databaseFile, { timeout: 5_000 });
  try {
    return signingKeyOf(createPartnerSources(db).add(PARTNER_SOURCE, Date.now()).secret);
  } finally {
    db.close();
  }
}

function countPartnerLeads(databaseFile: string): number {
  const db = new Database(databaseFile, { readonly: true });
  try {
    return db
      .prepare<[string], number>('SELECT count(*) FROM leads WHERE origin = ?')
      .pluck()
      .get(`partner:${PARTNER_SOURCE}`) as number;
  } finally {
    db.close();
  }
}

async function waitUntilDelivered(port: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ready = (await (await fetch(`http://127.0.0.1:${port}/readyz`)).json()) as {
      pending: number;
    };
    if (ready.pending === 0) return true;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return false;
}

export async function runPartnerCase(options: {
  dir: string;
  env: (dataDir: string, inbox: SmtpInbox) => Record<string, string>;
  connections: number;
  durationSeconds: number;
  stop: (server: ServerProcess) => Promise<number | null>;
}): Promise<PartnerCaseReport> {
  const inbox = await startSmtpInbox({ parse: false });
  let receiver: WebhookReceiver | undefined;
  let server: ServerProcess | undefined;
  try {
    receiver = await startWebhookReceiver();
    const dataDir = path.join(options.dir, 'partner');
    const databaseFile = path.join(dataDir, 'leads.sqlite');
    const port = await freePort();
    server = await startServerProcess({
      port,
      env: {
        ...options.env(dataDir, inbox),
        WEBHOOK_URL: receiver.url,
        WEBHOOK_SECRET: drillWebhookSecret(),
      },
      echo: 'stderr',
    });
    // Added while the server runs: it reads its sources on each request.
    const key = addSource(databaseFile);

    let sent = 0;
    let distinct = 0;
    let last = { id: '', body: '' };
    const result = await autocannon({
      url: `http://127.0.0.1:${port}`,
      connections: options.connections,
      duration: options.durationSeconds,
      requests: [
        {
          method: 'POST',
          path: `/intake/partners/${PARTNER_SOURCE}`,
          setupRequest: (request) => {
            sent += 1;
            if (sent % 3 !== 0 || last.id === '') {
              distinct += 1;
              last = {
                id: `msg_bench_${distinct}`,
                body: JSON.stringify({
                  name: `Portal Buyer ${distinct}`,
                  mobile: `8${String(distinct).padStart(9, '0')}`,
                  message: 'Looking for a 300 Sq. Yds plot',
                  campaign: { utm_source: 'bench-portal' },
                  externalId: `lead-${distinct}`,
                }),
              };
            }
            const timestamp = Math.floor(Date.now() / 1000);
            return {
              ...request,
              headers: {
                'content-type': 'application/json',
                'webhook-id': last.id,
                'webhook-timestamp': String(timestamp),
                'webhook-signature': signWebhook(key, last.id, timestamp, last.body),
              },
              body: last.body,
            };
          },
        },
      ],
    });
    const allDelivered = await waitUntilDelivered(port, 300_000);
    await options.stop(server);
    server = undefined;
    const idOf = (raw: string) => /^Message-ID: (.+)$/im.exec(raw)?.[1];
    return {
      result,
      distinctLeads: distinct,
      requests: sent,
      leadsStored: countPartnerLeads(databaseFile),
      emailsReceived: inbox.messages.length,
      uniqueEmailIds: new Set(inbox.messages.map((mail) => idOf(mail.raw))).size,
      crmPosts: receiver.posts.length,
      uniqueCrmIds: new Set(receiver.posts.map((post) => post.headers['webhook-id'])).size,
      allDelivered,
    };
  } finally {
    await server?.kill();
    await receiver?.close();
    await inbox.close();
  }
}
