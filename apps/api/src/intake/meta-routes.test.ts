import { GRAPH_API_VERSION } from '@iconia/api/meta-graph';
import Database from 'better-sqlite3';
import path from 'node:path';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createTempDir,
  metaLeadgenEvent,
  metaSignature,
  startGraphApi,
  type GraphApi,
} from '@iconia/testkit';
import { startTestServer, type TestServer } from '@iconia/api/test-server';

const APP_SECRET = 'meta-app-secret-for-tests';
const VERIFY_TOKEN = 'verify-me-7f3a'; // secret-scan: allow (the test's own handshake token)
const PAGE_TOKEN = 'EAAGpageTokenForTests';

describe('POST and GET /intake/meta', () => {
  let temp: ReturnType<typeof createTempDir>;
  let graph: GraphApi;
  let t: TestServer;

  beforeEach(async () => {
    temp = createTempDir();
    graph = await startGraphApi({
      version: GRAPH_API_VERSION,
      appSecret: APP_SECRET,
      accessToken: PAGE_TOKEN,
    });
    t = await startTestServer({
      dataDir: temp.dir,
      env: {
        META_APP_SECRET: APP_SECRET,
        META_VERIFY_TOKEN: VERIFY_TOKEN,
        META_PAGE_ACCESS_TOKEN: PAGE_TOKEN,
        META_GRAPH_URL: graph.url,
      },
    });
    // Reads wait for the test's drain, so what the endpoint stored can be counted first.
    await t.metaGraph?.stop();
  });
  afterEach(async () => {
    await t.close();
    await graph.close();
    temp.remove();
  });

  /** Outbox rows of Meta lead reads, read from the file as an operator would. */
  const storedEvents = () => {
    const db = new Database(path.join(temp.dir, 'leads.sqlite'), { readonly: true });
    const rows = db
      .prepare(`SELECT message_id, payload FROM deliveries WHERE channel = 'meta-graph'`)
      .all() as Array<{ message_id: string; payload: string }>;
    db.close();
    return rows;
  };
  const post = (body: string, signature: string | null = metaSignature(body, APP_SECRET)) => {
    const req = request(t.url).post('/intake/meta').set('Content-Type', 'application/json');
    if (signature !== null) req.set('X-Hub-Signature-256', signature);
    return req.send(body);
  };

  it('when Meta sends the handshake with our verify token, then the challenge comes back as text', async () => {
    const reply = await request(t.url).get('/intake/meta').query({
      'hub.mode': 'subscribe',
      'hub.challenge': '1158201444',
      'hub.verify_token': VERIFY_TOKEN,
    });

    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toMatch(/^text\/plain/);
    expect(reply.text).toBe('1158201444');
  });

  it('when the handshake carries another verify token, then it is refused with 403', async () => {
    const reply = await request(t.url).get('/intake/meta').query({
      'hub.mode': 'subscribe',
      'hub.challenge': '1158201444',
      'hub.verify_token': 'guess',
    });

    expect(reply.status).toBe(403);
    expect(reply.text).not.toContain('1158201444');
  });

  it('when a signed leadgen event arrives, then it is stored before success, once per leadgen_id', async () => {
    const body = metaLeadgenEvent([{ leadgenId: '900000000000001' }]);

    const first = await post(body);
    const again = await post(body);

    expect([first.status, first.text]).toEqual([200, 'success']);
    expect([again.status, again.text]).toEqual([200, 'success']);
    const rows = storedEvents();
    expect(rows.map((row) => row.message_id)).toEqual(['meta-leadgen:900000000000001']);
    expect(JSON.parse(rows[0]!.payload)).toMatchObject({
      leadgenId: '900000000000001',
      event: { leadgen_id: '900000000000001', form_id: '330000000000002' },
    });
  });

  it('when one post carries several leads, then each is stored for its own Graph read', async () => {
    const body = metaLeadgenEvent([
      { leadgenId: '900000000000001' },
      { leadgenId: '900000000000002' },
      { leadgenId: '900000000000003' },
    ]);

    const reply = await post(body);

    expect(reply.text).toBe('success');
    expect(storedEvents()).toHaveLength(3);
  });

  it('when the signature is wrong or missing, then 401 and nothing is stored or fetched', async () => {
    const body = metaLeadgenEvent([{ leadgenId: '900000000000001' }]);

    const forged = await post(body, metaSignature(body, 'not-the-app-secret'));
    const unsigned = await post(body, null);
    const tampered = await post(
      body.replace('900000000000001', '900000000000009'),
      metaSignature(body, APP_SECRET),
    );
    await t.metaGraph?.drain();

    expect([forged.status, unsigned.status, tampered.status]).toEqual([401, 401, 401]);
    expect(storedEvents()).toHaveLength(0);
    expect(graph.requests).toHaveLength(0);
    const refusals = t.store.db
      .prepare(`SELECT source, status FROM intake_refusals ORDER BY id`)
      .all();
    expect(refusals).toEqual(Array(3).fill({ source: 'meta', status: 401 }));
  });

  it('when a signed leadgen change names no lead, then 400 names the field and nothing is stored', async () => {
    const body = JSON.stringify({
      object: 'page',
      entry: [{ id: '1', changes: [{ field: 'leadgen', value: { page_id: 105000000000001 } }] }],
    });

    const reply = await post(body);

    expect(reply.status).toBe(400);
    expect(reply.text).toBe('Invalid field: entry.0.changes.0.value.leadgen_id.');
    expect(storedEvents()).toHaveLength(0);
  });

  it('when the ids come as JSON numbers, the biggest past what a JavaScript number holds, then one Graph read of that exact id is queued', async () => {
    const body =
      '{"object":"page","entry":[{"id":105000000000001,"time":1764241062,"changes":[{"field":"leadgen",' +
      '"value":{"ad_id":0,"form_id":444444444444,"leadgen_id":9007199254740993,"page_id":105000000000001}}]}]}';

    const reply = await post(body);

    expect([reply.status, reply.text]).toEqual([200, 'success']);
    const [event] = storedEvents();
    expect(JSON.parse(event?.payload ?? '{}')).toMatchObject({
      leadgenId: '9007199254740993',
      event: { ad_id: '0', form_id: '444444444444', page_id: '105000000000001' },
    });
  });

  it('when the body is over 64 kB, then 413 and nothing is stored', async () => {
    const body = JSON.stringify({ object: 'page', entry: [], pad: 'x'.repeat(70 * 1024) });

    const reply = await post(body);

    expect(reply.status).toBe(413);
    expect(storedEvents()).toHaveLength(0);
  });
});

describe('/intake/meta with the channel unset', () => {
  it('when META_* is not set, then both methods answer 404', async () => {
    const temp = createTempDir();
    const t = await startTestServer({ dataDir: temp.dir });
    try {
      const body = metaLeadgenEvent([{ leadgenId: '900000000000001' }]);
      const posted = await request(t.url)
        .post('/intake/meta')
        .set('X-Hub-Signature-256', metaSignature(body, APP_SECRET))
        .send(body);
      const handshake = await request(t.url)
        .get('/intake/meta')
        .query({ 'hub.mode': 'subscribe', 'hub.challenge': '1', 'hub.verify_token': VERIFY_TOKEN });

      expect([posted.status, handshake.status]).toEqual([404, 404]);
    } finally {
      await t.close();
      temp.remove();
    }
  });
});
