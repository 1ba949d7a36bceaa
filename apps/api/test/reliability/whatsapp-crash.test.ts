/**
 * A new buyer's welcome is queued in the transaction that stores their lead, before the site
 * hears "success". A server killed with SIGKILL after that answer, while its send to the Cloud
 * API hangs, loses nothing and doubles nothing: restarted, it sends the welcome once.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createTempDir,
  freePort,
  startWhatsappCloudApi,
  type WhatsappCloudApi,
} from '@iconia/testkit';
import { GRAPH_API_VERSION } from '@iconia/api/meta-graph';
import { SOURCE_SERVER, startServerProcess, type ServerProcess } from '@iconia/api/test-server';

const TOKEN = 'EAAGcrashSystemUserToken';
const PHONE_NUMBER_ID = '106540352242922';

describe('a crash between a lead’s acknowledgement and its WhatsApp welcome', () => {
  let temp: ReturnType<typeof createTempDir>;
  let api: WhatsappCloudApi;
  let server: ServerProcess | undefined;

  beforeEach(async () => {
    temp = createTempDir();
    api = await startWhatsappCloudApi({
      version: GRAPH_API_VERSION,
      phoneNumberId: PHONE_NUMBER_ID,
      accessToken: TOKEN,
    });
  });
  afterEach(async () => {
    await server?.kill();
    await api.close();
    temp.remove();
  });

  it('when the server is killed with SIGKILL while the welcome is in flight and restarted, then the buyer gets exactly one welcome', async () => {
    const port = await freePort();
    const env = {
      DATA_DIR: temp.dir,
      RATE_LIMIT_MAX: '0',
      WEB_DIST: path.join(temp.dir, 'no-site'),
      LOG_LEVEL: 'warn',
      SITE_URL: 'https://www.iconia.test',
      WHATSAPP_PHONE_NUMBER_ID: PHONE_NUMBER_ID,
      WHATSAPP_ACCESS_TOKEN: TOKEN,
      WHATSAPP_APP_SECRET: 'whatsapp-app-secret',
      WHATSAPP_VERIFY_TOKEN: 'whatsapp-verify',
      WHATSAPP_WELCOME_TEMPLATE: 'brochure_welcome:en',
      WHATSAPP_GRAPH_URL: api.url,
    };
    api.fail('hang');
    server = await startServerProcess({ port, env, entry: SOURCE_SERVER });
    const reply = await request(server.url)
      .post('/send-email')
      .type('form')
      .send({ name: 'Lakshmi Devi', mobile: '9812345670', plotRange: '200 - 300 Sq. Yds' });
    expect(reply.text).toBe('success');
    await api.waitForRequests(1, 30_000);

    await server.kill();
    api.recover();
    server = await startServerProcess({ port, env, entry: SOURCE_SERVER });

    const [welcome] = await api.waitForSends(1, 30_000);
    expect(welcome!.body).toMatchObject({
      to: '919812345670',
      template: { name: 'brochure_welcome' },
    });
    const db = new Database(path.join(temp.dir, 'leads.sqlite'), { readonly: true });
    try {
      // Once nothing is left to send, a second welcome would have reached the peer.
      await expect
        .poll(
          () =>
            db
              .prepare(
                `SELECT count(*) FROM deliveries WHERE channel = 'whatsapp' AND status = 'pending'`,
              )
              .pluck()
              .get(),
          { timeout: 20_000 },
        )
        .toBe(0);
      expect(api.sends).toHaveLength(1);
      expect(db.prepare(`SELECT status, wamid FROM whatsapp_messages`).all()).toEqual([
        { status: 'sent', wamid: welcome!.wamid },
      ]);
    } finally {
      db.close();
    }
  }, 120_000);
});
