import { statSync } from 'node:fs';
import Database from 'better-sqlite3';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTempDir, freePort, type SmtpInbox, startSmtpInbox } from '@iconia/testkit';
import { startTestServer, type TestServer } from '@iconia/api/test-server';

describe('health endpoints', () => {
  let temp: ReturnType<typeof createTempDir>;
  let t: TestServer | undefined;
  let inbox: SmtpInbox | undefined;

  beforeEach(() => {
    temp = createTempDir();
  });
  afterEach(async () => {
    await t?.close();
    await inbox?.close();
    t = undefined;
    inbox = undefined;
    temp.remove();
  });

  it('when the process runs, then /healthz answers ok', async () => {
    t = await startTestServer({ dataDir: temp.dir });
    const response = await request(t.url).get('/healthz');
    expect(response.status).toBe(200);
    expect(response.text).toBe('ok');
  });

  it('when the database and the SMTP server work and nothing waits, then /readyz is 200 ready', async () => {
    inbox = await startSmtpInbox();
    t = await startTestServer({ dataDir: temp.dir, env: { SMTP_URL: inbox.url } });

    const response = await request(t.url).get('/readyz');

    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      status: 'ready',
      db: 'ok',
      smtp: 'ok',
      pending: 0,
      oldestPendingAgeSeconds: null,
    });
  });

  it('when the SMTP server cannot be reached, then /readyz is 503 and says so', async () => {
    t = await startTestServer({
      dataDir: temp.dir,
      env: { SMTP_URL: `smtp://127.0.0.1:${await freePort()}` },
    });
    const response = await request(t.url).get('/readyz');
    expect(response.status).toBe(503);
    expect(response.body).toMatchObject({ status: 'not ready', db: 'ok', smtp: 'unreachable' });
  });

  it('when the oldest pending lead is older than PENDING_ALERT_MS, then /readyz is 503 with its age', async () => {
    t = await startTestServer({ dataDir: temp.dir, env: { PENDING_ALERT_MS: '60000' } });
    await t.delivery.stop();
    await request(t.url).post('/send-email').send({ name: 'Ravi', mobile: '9876543210' });

    const fresh = await request(t.url).get('/readyz');
    t.clock.advance(90_000);
    const stale = await request(t.url).get('/readyz');

    expect(fresh.status).toBe(200);
    expect(fresh.body).toMatchObject({ pending: 1, oldestPendingAgeSeconds: 0 });
    expect(stale.status).toBe(503);
    expect(stale.body).toMatchObject({
      status: 'not ready',
      pending: 1,
      oldestPendingAgeSeconds: 90,
    });
  });

  it('when the database cannot be written, then /readyz is 503 with db unwritable', async () => {
    t = await startTestServer({ dataDir: temp.dir });
    t.store.close();
    const response = await request(t.url).get('/readyz');
    expect(response.status).toBe(503);
    expect(response.body).toMatchObject({ db: 'unwritable', pending: null });
  });

  it('when /readyz is asked many times, then it never writes to the database', async () => {
    const server = await startTestServer({ dataDir: temp.dir });
    t = server;
    await request(server.url).post('/send-email').send({ name: 'Ravi', mobile: '9876543210' });
    await server.delivery.drain();
    // data_version moves when another connection commits: the server's, here.
    const watcher = new Database(server.config.databaseFile, { readonly: true });
    const version = () => watcher.pragma('data_version', { simple: true }) as number;
    const walSize = () => statSync(`${server.config.databaseFile}-wal`).size;
    const before = { wal: walSize(), version: version() };

    for (let index = 0; index < 5; index += 1) {
      expect((await request(server.url).get('/readyz')).body).toMatchObject({
        db: 'ok',
        pending: 0,
      });
    }

    expect({ wal: walSize(), version: version() }).toEqual(before);
    watcher.close();
  });

  it('when /healthz gets a POST, then the reply is 405 with Allow', async () => {
    t = await startTestServer({ dataDir: temp.dir });
    const response = await request(t.url).post('/healthz');
    expect(response.status).toBe(405);
    expect(response.headers.allow).toBe('GET, HEAD');
  });
});
