/**
 * A buyer's stages are queued for Meta's Conversions API in the transaction that changes the
 * stage, before the desk hears "saved". A server killed with SIGKILL while a send hangs loses
 * nothing and doubles nothing: restarted, it sends each stage once, in order.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startConversionsApi, type ConversionsApi } from '@iconia/testkit';
import { GRAPH_API_VERSION } from '@iconia/api/meta-graph';
import { SOURCE_SERVER, startServerProcess, type ServerProcess } from '@iconia/api/test-server';
import {
  PASSWORD,
  SAME_ORIGIN,
  startDeskTestServer,
  type DeskTestServer,
} from '../../src/desk/desk-test-support.ts';

const DATASET_ID = '1234567890123';
const TOKEN = 'EAAGcrashConversionsToken';
const MANAGER = 'meena@iconia.test';

describe('a crash while a stage is on its way to Meta', () => {
  let setup: DeskTestServer;
  let api: ConversionsApi;
  let server: ServerProcess | undefined;

  beforeEach(async () => {
    setup = await startDeskTestServer();
    api = await startConversionsApi({
      version: GRAPH_API_VERSION,
      datasetId: DATASET_ID,
      accessToken: TOKEN,
    });
  });
  afterEach(async () => {
    await server?.kill();
    await api.close();
    await setup.remove();
  });

  it('when the server is killed with SIGKILL while Meta does not answer and is restarted, then each stage reaches Meta exactly once, in order', async () => {
    await setup.addUser(MANAGER, 'manager', 'Meena');
    const leadId = setup.storeLead({
      name: 'Asha Rao',
      mobile: '9848000011',
      origin: 'meta',
      externalId: '2345678901234567',
    });
    // The process below is the file's only server, as in production: it takes back at start
    // the leases of a server that died.
    await setup.close();
    const { dataDir } = setup.config;
    const env = {
      DATA_DIR: dataDir,
      RATE_LIMIT_MAX: '0',
      WEB_DIST: path.join(dataDir, 'no-site'),
      LOG_LEVEL: 'warn',
      META_DATASET_ID: DATASET_ID,
      META_CONVERSIONS_TOKEN: TOKEN,
      META_GRAPH_URL: api.url,
    };
    api.fail('hang');
    server = await startServerProcess({ env, entry: SOURCE_SERVER });

    const session = await fetch(`${server.url}/desk/api/session`, {
      method: 'POST',
      headers: { ...SAME_ORIGIN, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: MANAGER, password: PASSWORD }),
    });
    const cookie = session.headers.get('set-cookie')?.split(';')[0] ?? '';
    const moved = await fetch(`${server.url}/desk/api/leads/${leadId}`, {
      method: 'PATCH',
      headers: { ...SAME_ORIGIN, 'Content-Type': 'application/json', Cookie: cookie },
      body: JSON.stringify({ stage: 'contacted' }),
    });
    expect(moved.status).toBe(200);
    await api.waitForRequests(1, 30_000);

    await server.kill();
    api.recover();
    server = await startServerProcess({ env, entry: SOURCE_SERVER });

    await api.waitForEvents(2, 60_000);
    const db = new Database(path.join(dataDir, 'leads.sqlite'), { readonly: true });
    try {
      // Once nothing is left to send, a second copy of a stage would have reached the peer.
      await expect
        .poll(
          () =>
            db
              .prepare(
                `SELECT count(*) FROM deliveries
                 WHERE channel = 'meta-conversions' AND status = 'pending'`,
              )
              .pluck()
              .get(),
          { timeout: 30_000 },
        )
        .toBe(0);
    } finally {
      db.close();
    }
    expect(api.events.map((event) => event.event_name)).toEqual(['New', 'Contacted']);
    expect(api.events.map((event) => event.user_data.lead_id)).toEqual([
      '2345678901234567',
      '2345678901234567',
    ]);
  }, 120_000);
});
