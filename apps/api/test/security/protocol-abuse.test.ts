/**
 * Clients that break the protocol on purpose: malformed or oversized bodies, compressed bombs,
 * bodies without a type, slow drips meant to hold connections open, bursts from one address and
 * forged client addresses. Each is answered briefly (or cut off) and stores nothing.
 */
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { gzipSync } from 'node:zlib';
import { MESSAGES } from '@iconia/shared';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { REPLIES } from '../../src/http/replies.ts';
import { createTempDir } from '@iconia/testkit';
import { SOURCE_SERVER, startServerProcess, type ServerProcess } from '@iconia/api/test-server';
import { startTestServer, type TestServer } from '@iconia/api/test-server';
import { type Listening } from './http-client.ts';

interface RawReply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** One request over a fresh connection; the body is written in the given chunks. */
function send(
  port: number,
  path: string,
  headers: Record<string, string>,
  chunks: ReadonlyArray<string | Buffer>,
): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, method: 'POST', path, headers, agent: false },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
      },
    );
    req.on('error', reject);
    for (const chunk of chunks) req.write(chunk);
    req.end();
  });
}

describe('malformed and oversized bodies', () => {
  let temp: ReturnType<typeof createTempDir>;
  let t: TestServer;
  let http: Listening;

  beforeAll(async () => {
    temp = createTempDir();
    t = await startTestServer({ dataDir: temp.dir });
    http = t;
  });
  afterAll(async () => {
    await t.close();
    temp.remove();
  });

  const lead = 'name=Ravi&mobile=9876543210';
  const part = (name: string, value: string) =>
    `--b\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;

  it.each([
    ['the closing boundary is missing', 'multipart/form-data; boundary=b', part('name', 'Ravi')],
    ['there is no boundary parameter', 'multipart/form-data', `${part('name', 'Ravi')}--b--\r\n`],
    ['the body is not multipart at all', 'multipart/form-data; boundary=b', lead],
    [
      'a part header has no colon',
      'multipart/form-data; boundary=b',
      `--b\r\nContent-Disposition form-data name=name\r\n\r\nRavi\r\n--b--\r\n`,
    ],
    [
      'a field name nests brackets',
      'multipart/form-data; boundary=b',
      `${part('name[a][b]', 'Ravi')}${part('mobile', '9876543210')}--b--\r\n`,
    ],
    [
      'a part header is 20 KB long',
      'multipart/form-data; boundary=b',
      `--b\r\nContent-Disposition: form-data; name="name"\r\nX-Pad: ${'x'.repeat(20_000)}\r\n\r\nRavi\r\n--b--\r\n`,
    ],
  ])(
    'when %s, then the reply is a 4xx in plain words and nothing is stored',
    async (_case, type, body) => {
      const before = t.store.listLeads().length;
      const reply = await send(http.port, '/send-email', { 'Content-Type': type }, [body]);

      expect(reply.status).toBeGreaterThanOrEqual(400);
      expect(reply.status).toBeLessThan(500);
      expect(Object.values(REPLIES)).toContain(reply.text);
      expect(t.store.listLeads()).toHaveLength(before);
    },
  );

  it('when a body comes without a content type, then it is not guessed at: the reply is 415', async () => {
    const reply = await send(http.port, '/contact-form', { 'Content-Length': `${lead.length}` }, [
      lead,
    ]);

    expect([reply.status, reply.text]).toEqual([415, REPLIES.unsupportedType]);
    expect(t.store.listLeads()).toHaveLength(0);
  });

  it.each([
    ['application/x-www-form-urlencoded', `name=Ravi&mobile=9876543210&notes=`, 'x'],
    ['application/json', '{"name":"Ravi","mobile":"9876543210","notes":"', 'x'],
  ])(
    'when a chunked %s body grows past 16 KB, then the reply is 413 and nothing is stored',
    async (type, head, filler) => {
      const chunks = [head, ...Array.from({ length: 20 }, () => filler.repeat(1_000))];
      const reply = await send(http.port, '/send-email', { 'Content-Type': type }, chunks);

      expect([reply.status, reply.text]).toEqual([413, REPLIES.tooLarge]);
      expect(t.store.listLeads()).toHaveLength(0);
    },
  );

  it.each(['application/x-www-form-urlencoded', 'application/json'])(
    'when a gzip %s body inflates past 16 KB, then the reply is 413 and nothing is stored',
    async (type) => {
      const inflated =
        type === 'application/json'
          ? `{"name":"Ravi","mobile":"9876543210","pad":"${'0'.repeat(1_000_000)}"}`
          : `name=Ravi&mobile=9876543210&pad=${'0'.repeat(1_000_000)}`;
      const bomb = gzipSync(inflated);
      expect(bomb.length).toBeLessThan(16 * 1024);

      const reply = await send(
        http.port,
        '/send-email',
        { 'Content-Type': type, 'Content-Encoding': 'gzip', 'Content-Length': `${bomb.length}` },
        [bomb],
      );

      expect([reply.status, reply.text]).toEqual([413, REPLIES.tooLarge]);
      expect(t.store.listLeads()).toHaveLength(0);
    },
  );
});

describe('one address sending many requests', () => {
  let temp: ReturnType<typeof createTempDir>;
  let t: TestServer | undefined;
  let http: Listening | undefined;

  beforeEach(() => {
    temp = createTempDir();
  });
  afterEach(async () => {
    await t?.close();
    temp.remove();
  });

  async function start(env: Record<string, string>): Promise<Listening> {
    t = await startTestServer({ dataDir: temp.dir, env: { RATE_LIMIT_MAX: '10', ...env } });
    http = t;
    return http;
  }

  function burst(
    server: Listening,
    count: number,
    headers: (index: number) => Record<string, string>,
  ) {
    return Promise.all(
      Array.from({ length: count }, (_, index) =>
        fetch(`${server.url}/send-email`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers(index) },
          body: `name=Ravi&mobile=9${String(index).padStart(9, '0')}`,
        }).then(async (response) => ({
          status: response.status,
          retryAfter: response.headers.get('retry-after'),
          text: await response.text(),
        })),
      ),
    );
  }

  it('when one address sends 500 leads at once, then 10 are stored for email, 30 are held and the rest get 429 with Retry-After', async () => {
    const server = await start({});

    const replies = await burst(server, 500, () => ({}));

    const limited = replies.filter((reply) => reply.status === 429);
    expect(replies.filter((reply) => reply.status === 200)).toHaveLength(40);
    expect(limited).toHaveLength(460);
    for (const reply of limited) {
      expect(reply.text).toBe(MESSAGES.tooManyRequests);
      expect(Number(reply.retryAfter)).toBeGreaterThan(0);
      // The cap on held leads counts per hour.
      expect(Number(reply.retryAfter)).toBeLessThanOrEqual(3600);
    }
    const statuses = t?.store.listLeads().map((lead) => lead.status) ?? [];
    expect(statuses.filter((status) => status === 'pending' || status === 'sent')).toHaveLength(10);
    expect(statuses.filter((status) => status === 'held')).toHaveLength(30);
  }, 60_000);

  it('when TRUST_PROXY is off and each request forges another X-Forwarded-For, then they still share one limit', async () => {
    const server = await start({ TRUST_PROXY: 'false', HELD_PER_ADDRESS_PER_HOUR: '0' });

    const replies = await burst(server, 30, (index) => ({
      'X-Forwarded-For': `203.0.113.${index + 1}`,
    }));

    expect(replies.filter((reply) => reply.status === 200)).toHaveLength(10);
    const logged = (t?.logLines ?? []).join('\n');
    expect(logged).not.toContain('203.0.113.');
  });

  it('when one proxy hop is trusted, then addresses a client prepends to X-Forwarded-For are ignored', async () => {
    const server = await start({ TRUST_PROXY: '1', HELD_PER_ADDRESS_PER_HOUR: '0' });

    // The proxy appends the address it saw; what the client wrote before it is not believed.
    const replies = await burst(server, 30, (index) => ({
      'X-Forwarded-For': `198.51.100.${index + 1}, 203.0.113.9`,
    }));
    const other = await burst(server, 1, () => ({ 'X-Forwarded-For': '203.0.113.10' }));

    expect(replies.filter((reply) => reply.status === 200)).toHaveLength(10);
    expect(other[0]?.status).toBe(200);
  });
});

describe('slow clients against the server process', () => {
  let temp: ReturnType<typeof createTempDir>;
  let server: ServerProcess;
  let port: number;

  beforeAll(async () => {
    temp = createTempDir();
    server = await startServerProcess({
      entry: SOURCE_SERVER,
      env: {
        DATA_DIR: temp.dir,
        WEB_DIST: temp.dir,
        REQUEST_TIMEOUT_MS: '1000',
        LOG_LEVEL: 'info',
      },
      echo: 'stderr',
    });
    port = server.port;
  });
  afterAll(async () => {
    await server.stop();
    temp.remove();
  });

  /**
   * Writes `first`, then `drip` every 100 ms until the server hangs up; whether it was the
   * server that did (the client gives up after 10 s, ten times REQUEST_TIMEOUT_MS).
   */
  function drip(first: string, dripped: string): Promise<{ cutByServer: boolean; reply: string }> {
    return new Promise((resolve) => {
      let gaveUp = false;
      const socket = connect(port, '127.0.0.1');
      let reply = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (reply += chunk));
      socket.on('error', () => undefined);
      const timer = setInterval(() => {
        if (!socket.destroyed) socket.write(dripped);
      }, 100);
      const giveUp = setTimeout(() => {
        gaveUp = true;
        socket.destroy();
      }, 10_000);
      socket.on('close', () => {
        clearInterval(timer);
        clearTimeout(giveUp);
        resolve({ cutByServer: !gaveUp, reply: reply.split('\r\n')[0] ?? '' });
      });
      socket.write(first);
    });
  }

  it('when a client drips its headers, then the server cuts the connection at its request timeout', async () => {
    const { cutByServer, reply } = await drip(
      'POST /send-email HTTP/1.1\r\nHost: x\r\n',
      'X-Pad: y\r\n',
    );

    expect(cutByServer).toBe(true);
    expect(reply).toBe('HTTP/1.1 408 Request Timeout');
  });

  it('when a client drips a chunked body, then it is told 408 and cut off at the request timeout', async () => {
    const { cutByServer, reply } = await drip(
      'POST /send-email HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\n\r\n',
      '1\r\na\r\n',
    );

    expect(cutByServer).toBe(true);
    expect(reply).toBe('HTTP/1.1 408 Request Timeout');
  });

  it('when a client declares a huge body and drips it, then it is told 413 and cut off', async () => {
    const { cutByServer, reply } = await drip(
      'POST /send-email HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100000\r\n\r\n',
      'a',
    );

    expect(cutByServer).toBe(true);
    expect(reply).toBe('HTTP/1.1 413 Payload Too Large');
  });
});
