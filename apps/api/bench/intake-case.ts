/**
 * The bench's intake cases: a channel's posts (a partner's signed pushes, Google's lead form
 * webhook, WhatsApp's signed incoming messages from numbers new to the desk), 50 connections, with every third request a repeat of the one before (the sender
 * retrying), then whether each distinct lead reached the sales inbox and the CRM's endpoint
 * exactly once.
 */
import path from 'node:path';
import autocannon, { type Result } from 'autocannon';
import Database from 'better-sqlite3';
import {
  freePort,
  metaSignature,
  startSmtpInbox,
  startWebhookReceiver,
  whatsappMessageEvent,
  type SmtpInbox,
  type WebhookReceiver,
  type WhatsappCloudApi,
} from '@iconia/testkit';
import { startServerProcess, type ServerProcess } from '@iconia/api/test-server';
import { createPartnerSources } from '../src/sources/index.ts';
import { signingKeyOf, signWebhook } from '../src/standard-webhooks.ts';
import { drillWebhookSecret } from '../drills/webhooks.ts';
import {
  WHATSAPP_APP_SECRET,
  WHATSAPP_PHONE_NUMBER_ID,
  whatsappEnv,
} from '../src/whatsapp/whatsapp-test-support.ts';

export const PARTNER_SOURCE = 'bench-portal';
const GOOGLE_ADS_KEY = 'bench-google-ads-key';

/** One lead's request: the same for each repeat but for what is signed at send time. */
type LeadRequest = (lead: number) => { headers: Record<string, string>; body: string };

/** How the bench posts to one intake channel. */
export interface IntakeChannel {
  path: string;
  origin: string;
  /** Settings the server needs for the channel. */
  env: Record<string, string>;
  /** Once the server runs, on its database file: the request for each lead. */
  prepare: (databaseFile: string) => LeadRequest;
}

export const PARTNER_CHANNEL: IntakeChannel = {
  path: `/intake/partners/${PARTNER_SOURCE}`,
  origin: `partner:${PARTNER_SOURCE}`,
  env: {},
  prepare(databaseFile) {
    // Added while the server runs: it reads its sources on each request.
    const key = addSource(databaseFile);
    return (lead) => {
      const id = `msg_bench_${lead}`;
      const body = JSON.stringify({
        name: `Portal Buyer ${lead}`,
        mobile: `8${String(lead).padStart(9, '0')}`,
        message: 'Looking for a 300 Sq. Yds plot',
        campaign: { utm_source: 'bench-portal' },
        externalId: `lead-${lead}`,
      });
      const timestamp = Math.floor(Date.now() / 1000);
      return {
        headers: {
          'content-type': 'application/json',
          'webhook-id': id,
          'webhook-timestamp': String(timestamp),
          'webhook-signature': signWebhook(key, id, timestamp, body),
        },
        body,
      };
    };
  },
};

/** Google's lead form webhook JSON, as its documentation gives it. */
export const GOOGLE_ADS_CHANNEL: IntakeChannel = {
  path: '/intake/google-ads',
  origin: 'google_ads',
  env: { GOOGLE_ADS_WEBHOOK_KEY: GOOGLE_ADS_KEY },
  prepare: () => (lead) => ({
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      lead_id: `bench-google-${lead}`,
      api_version: '1.0',
      form_id: 40000000001,
      campaign_id: 20000000001,
      google_key: GOOGLE_ADS_KEY,
      is_test: false,
      gcl_id: `bench-gclid-${lead}`,
      adgroup_id: 30000000001,
      creative_id: 50000000001,
      user_column_data: [
        { column_id: 'FULL_NAME', string_value: `Ads Buyer ${lead}` },
        { column_id: 'PHONE_NUMBER', string_value: `+917${String(lead).padStart(9, '0')}` },
      ],
    }),
  }),
};

/**
 * WhatsApp's signed `messages` webhook, each lead a message from a number new to the desk (a new
 * buyer, routed and welcomed through the Cloud API peer), its wamid the idempotency key.
 */
export function whatsappChannel(peer: WhatsappCloudApi): IntakeChannel {
  return {
    path: '/intake/whatsapp',
    origin: 'whatsapp',
    env: whatsappEnv(peer),
    prepare: () => (lead) => {
      const body = whatsappMessageEvent(WHATSAPP_PHONE_NUMBER_ID, {
        from: `9196${String(lead).padStart(8, '0')}`,
        name: `WhatsApp Buyer ${lead}`,
        text: 'Is a 300 Sq. Yds plot available?',
        id: `wamid.bench${lead}`,
      });
      return {
        headers: {
          'content-type': 'application/json',
          'x-hub-signature-256': metaSignature(body, WHATSAPP_APP_SECRET),
        },
        body,
      };
    },
  };
}

export interface IntakeCaseReport {
  result: Result;
  /** Distinct leads sent (idempotency keys): the leads there should be. */
  distinctLeads: number;
  requests: number;
  leadsStored: number;
  emailsReceived: number;
  uniqueEmailIds: number;
  /** The CRM's `lead.created` posts. */
  crmPosts: number;
  uniqueCrmIds: number;
  /** Messages from buyers stored in their WhatsApp conversations. */
  whatsappMessagesStored: number;
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

function countOnFile(databaseFile: string, sql: string, ...params: string[]): number {
  const db = new Database(databaseFile, { readonly: true });
  try {
    return db
      .prepare<string[], number>(sql)
      .pluck()
      .get(...params) as number;
  } finally {
    db.close();
  }
}

/** The outbox's pending count as /readyz gives it; undefined when the read did not get through. */
async function pendingCount(port: number): Promise<number | undefined> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/readyz`);
    return ((await response.json()) as { pending: number }).pending;
  } catch {
    // On a machine with every core busy a poll's kept-alive connection can be reset as it is
    // reused (read ECONNRESET); the next poll opens another. A server that is gone stays
    // unanswered until the deadline, and the case then reports the leads as not delivered.
    return undefined;
  }
}

/** Waits until the server's outbox is empty, as /readyz counts it. */
export async function waitUntilDelivered(port: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if ((await pendingCount(port)) === 0) return true;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return false;
}

export async function runIntakeCase(options: {
  channel: IntakeChannel;
  dir: string;
  env: (dataDir: string, inbox: SmtpInbox) => Record<string, string>;
  connections: number;
  durationSeconds: number;
  stop: (server: ServerProcess) => Promise<number | null>;
}): Promise<IntakeCaseReport> {
  const { channel } = options;
  const inbox = await startSmtpInbox({ parse: false });
  let receiver: WebhookReceiver | undefined;
  let server: ServerProcess | undefined;
  try {
    receiver = await startWebhookReceiver();
    const dataDir = path.join(options.dir, channel.origin.replace(/\W/g, '-'));
    const databaseFile = path.join(dataDir, 'leads.sqlite');
    const port = await freePort();
    server = await startServerProcess({
      port,
      env: {
        ...options.env(dataDir, inbox),
        ...channel.env,
        WEBHOOK_URL: receiver.url,
        WEBHOOK_SECRET: drillWebhookSecret(),
      },
      echo: 'stderr',
    });
    const leadRequest = channel.prepare(databaseFile);

    let sent = 0;
    let distinct = 0;
    const result = await autocannon({
      url: `http://127.0.0.1:${port}`,
      connections: options.connections,
      duration: options.durationSeconds,
      requests: [
        {
          method: 'POST',
          path: channel.path,
          setupRequest: (request) => {
            sent += 1;
            if (sent % 3 !== 0 || distinct === 0) distinct += 1;
            return { ...request, ...leadRequest(distinct) };
          },
        },
      ],
    });
    const allDelivered = await waitUntilDelivered(port, 300_000);
    await options.stop(server);
    server = undefined;
    const idOf = (raw: string) => /^Message-ID: (.+)$/im.exec(raw)?.[1];
    const created = receiver.posts.filter(
      (post) => (JSON.parse(post.body) as { type?: string }).type === 'lead.created',
    );
    return {
      result,
      distinctLeads: distinct,
      requests: sent,
      leadsStored: countOnFile(
        databaseFile,
        'SELECT count(*) FROM leads WHERE origin = ?',
        channel.origin,
      ),
      emailsReceived: inbox.messages.length,
      uniqueEmailIds: new Set(inbox.messages.map((mail) => idOf(mail.raw))).size,
      crmPosts: created.length,
      uniqueCrmIds: new Set(created.map((post) => post.headers['webhook-id'])).size,
      whatsappMessagesStored: countOnFile(
        databaseFile,
        `SELECT count(*) FROM whatsapp_messages WHERE direction = 'in'`,
      ),
      allDelivered,
    };
  } finally {
    await server?.kill();
    await receiver?.close();
    await inbox.close();
  }
}
