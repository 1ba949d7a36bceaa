import { GRAPH_API_VERSION } from '@iconia/api/meta-graph';
/**
 * A Meta lead is acknowledged once its webhook event is on disk; the lead itself is read from
 * Graph after. A server killed with SIGKILL in between (here, while its Graph read hangs) loses
 * nothing: restarted, it reads the lead again and the sales inbox gets it once.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createTempDir,
  freePort,
  metaLeadgenEvent,
  metaSignature,
  startGraphApi,
  startSmtpInbox,
  type GraphApi,
  type SmtpInbox,
} from '@iconia/testkit';
import { startServerProcess, type ServerProcess } from '@iconia/api/test-server';

const APP_SECRET = 'meta-app-secret-for-the-crash';
const PAGE_TOKEN = 'EAAGcrashPageToken';
const LEADGEN_ID = '900000000000042';

describe('a crash between a Meta acknowledgement and its Graph read', () => {
  let temp: ReturnType<typeof createTempDir>;
  let graph: GraphApi;
  let inbox: SmtpInbox;
  let server: ServerProcess | undefined;

  beforeEach(async () => {
    temp = createTempDir();
    graph = await startGraphApi({
      version: GRAPH_API_VERSION,
      appSecret: APP_SECRET,
      accessToken: PAGE_TOKEN,
    });
    graph.addLead({
      id: LEADGEN_ID,
      created_time: '2026-11-21T10:14:02+0000',
      field_data: [
        { name: 'full_name', values: ['Kiran Reddy'] },
        { name: 'phone_number', values: ['+919123456780'] },
      ],
      campaign_id: '120200000000005',
    });
    inbox = await startSmtpInbox();
  });
  afterEach(async () => {
    await server?.kill();
    await Promise.all([graph.close(), inbox.close()]);
    temp.remove();
  });

  it('when the built server is killed with SIGKILL while reading Graph and restarted, then the lead arrives once', async () => {
    const port = await freePort();
    const env = {
      DATA_DIR: temp.dir,
      RATE_LIMIT_MAX: '0',
      WEB_DIST: path.join(temp.dir, 'no-site'),
      LOG_LEVEL: 'warn',
      SMTP_URL: inbox.url,
      META_APP_SECRET: APP_SECRET,
      META_VERIFY_TOKEN: 'verify-me',
      META_PAGE_ACCESS_TOKEN: PAGE_TOKEN,
      META_GRAPH_URL: graph.url,
    };
    graph.fail('hang');
    server = await startServerProcess({ port, env });
    const body = metaLeadgenEvent([{ leadgenId: LEADGEN_ID }]);
    const reply = await request(server.url)
      .post('/intake/meta')
      .set('Content-Type', 'application/json')
      .set('X-Hub-Signature-256', metaSignature(body, APP_SECRET))
      .send(body);
    expect(reply.text).toBe('success');
    await graph.waitForRequests(1);

    await server.kill();
    graph.recover();
    server = await startServerProcess({ port, env });

    const [email] = await inbox.waitFor(1, 20_000);
    expect(email!.parsed.text).toContain('Kiran Reddy');
    // Once nothing is left to send, a second email would be in the inbox.
    const db = new Database(path.join(temp.dir, 'leads.sqlite'), { readonly: true });
    try {
      await expect
        .poll(
          () =>
            db
              .prepare(
                `SELECT count(*) FROM deliveries WHERE channel IN ('email', 'meta-graph') AND status = 'pending'`,
              )
              .pluck()
              .get(),
          { timeout: 20_000 },
        )
        .toBe(0);
      expect(inbox.messages).toHaveLength(1);
      expect(db.prepare(`SELECT count(*) FROM leads`).pluck().get()).toBe(1);
    } finally {
      db.close();
    }
  }, 90_000);
});
