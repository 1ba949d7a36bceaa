import { GRAPH_API_VERSION } from '@iconia/api/meta-graph';
/**
 * What an attacker can send to /intake/meta: forged, tampered and replayed events, oversized
 * and wrong-typed bodies, handshakes with guessed tokens. Each gets a short plain-text answer;
 * none stores a lead read or makes the server call Graph, and no secret reaches the log.
 */
import { createHmac } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTempDir,
  metaLeadgenEvent,
  metaSignature,
  startGraphApi,
  type GraphApi,
} from '@iconia/testkit';
import { startTestServer, type TestServer } from '@iconia/api/test-server';
import { INTAKE_REPLIES } from '../../src/intake/intake-http.ts';

const APP_SECRET = 'meta-app-secret-under-attack';
const VERIFY_TOKEN = 'verify-token-under-attack';
const PAGE_TOKEN = 'EAAGtokenUnderAttack';

describe('abuse of /intake/meta', () => {
  let temp: ReturnType<typeof createTempDir>;
  let graph: GraphApi;
  let t: TestServer;

  beforeAll(async () => {
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
    await t.metaGraph?.stop();
  });
  afterAll(async () => {
    await t.close();
    await graph.close();
    temp.remove();
  });

  const queued = () => t.store.pendingSummary('meta-graph').count;
  const post = (body: string | Buffer, headers: Record<string, string>) =>
    request(t.url).post('/intake/meta').set(headers).send(body);
  const signed = (body: string) => ({
    'Content-Type': 'application/json',
    'X-Hub-Signature-256': metaSignature(body, APP_SECRET),
  });

  it.each([
    [
      'signed with the legacy SHA-1 header only',
      (body: string) => ({
        'X-Hub-Signature': `sha1=${createHmac('sha1', APP_SECRET).update(body).digest('hex')}`,
      }),
    ],
    [
      'signed with another key',
      (body: string) => ({
        'X-Hub-Signature-256': metaSignature(body, 'another-app-secret'),
      }),
    ],
    [
      'signed in upper-case hex with a truncated digest',
      (body: string) => ({
        'X-Hub-Signature-256': metaSignature(body, APP_SECRET).toUpperCase().slice(0, 40),
      }),
    ],
    [
      'signed without the sha256= prefix',
      (body: string) => ({
        'X-Hub-Signature-256': metaSignature(body, APP_SECRET).slice('sha256='.length),
      }),
    ],
  ])('when an event is %s, then 401 and nothing is queued or read', async (_case, sign) => {
    const body = metaLeadgenEvent([{ leadgenId: '910000000000001' }]);

    const reply = await post(body, { 'Content-Type': 'application/json', ...sign(body) });

    expect(reply.status).toBe(401);
    expect(reply.text).toBe(
      'The X-Hub-Signature-256 signature is missing or does not match the body.',
    );
    expect(queued()).toBe(0);
    expect(graph.requests).toHaveLength(0);
  });

  it.each([
    ['a JSON array', '[]', 'object'],
    ['another object than a Page', JSON.stringify({ object: 'user', entry: [] }), 'object'],
    ['no entries', JSON.stringify({ object: 'page', entry: [] }), 'entry'],
    ['entries that are not a list', JSON.stringify({ object: 'page', entry: {} }), 'entry'],
    [
      'a leadgen_id that is a fraction',
      JSON.stringify({
        object: 'page',
        entry: [{ changes: [{ field: 'leadgen', value: { leadgen_id: 1.5 } }] }],
      }),
      'entry.0.changes.0.value.leadgen_id',
    ],
    [
      'a leadgen_id that is not an id',
      JSON.stringify({
        object: 'page',
        entry: [{ changes: [{ field: 'leadgen', value: { leadgen_id: '../../me' } }] }],
      }),
      'entry.0.changes.0.value.leadgen_id',
    ],
  ])(
    'when a signed body holds %s, then 400 names %s and nothing is queued',
    async (_case, body, field) => {
      const reply = await post(body, signed(body));

      expect(reply.status).toBe(400);
      expect(reply.text).toBe(`Invalid field: ${field}.`);
      expect(queued()).toBe(0);
    },
  );

  it('when a signed body is not JSON, then 400 says so', async () => {
    const body = '{"object":"page",';

    const reply = await post(body, signed(body));

    expect([reply.status, reply.text]).toEqual([400, INTAKE_REPLIES.notJson]);
  });

  it('when a body over 64 kB is sent, declared or chunked, then 413 before its signature is read', async () => {
    const body = Buffer.alloc(65 * 1024, 'a');

    const declared = await post(body, { 'Content-Type': 'application/json' });
    const chunked = await new Promise<number>((resolve, reject) => {
      const req = request(t.url)
        .post('/intake/meta')
        .set('Transfer-Encoding', 'chunked')
        .set('Content-Type', 'application/json');
      req.write(body.subarray(0, 40 * 1024));
      req.write(body.subarray(40 * 1024));
      req.end((error: Error | null, res) => (error ? reject(error) : resolve(res.status)));
    });

    expect([declared.status, chunked]).toEqual([413, 413]);
    expect(queued()).toBe(0);
  });

  it('when one signed event is replayed fifty times, then one Graph read is queued', async () => {
    const body = metaLeadgenEvent([{ leadgenId: '910000000000050' }]);

    const replies = await Promise.all(Array.from({ length: 50 }, () => post(body, signed(body))));

    expect(new Set(replies.map((reply) => reply.text))).toEqual(new Set(['success']));
    expect(queued()).toBe(1);
  });

  it('when the handshake guesses the token or the mode, then 403 and the challenge is not echoed', async () => {
    const wrongMode = await request(t.url).get('/intake/meta').query({
      'hub.mode': 'unsubscribe',
      'hub.challenge': 'echo-me',
      'hub.verify_token': VERIFY_TOKEN,
    });
    const listToken = await request(t.url).get(
      `/intake/meta?hub.mode=subscribe&hub.challenge=echo-me&hub.verify_token=x&hub.verify_token=${VERIFY_TOKEN}`,
    );

    expect([wrongMode.status, listToken.status]).toEqual([403, 403]);
    expect(wrongMode.text + listToken.text).not.toContain('echo-me');
  });

  it('when requests were refused, then no secret or token is in the log', () => {
    const log = t.logLines.join('\n');

    expect(log).not.toContain(APP_SECRET);
    expect(log).not.toContain(VERIFY_TOKEN);
    expect(log).not.toContain(PAGE_TOKEN);
  });
});
