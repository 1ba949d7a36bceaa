import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createTempDir,
  createTestClock,
  freePort,
  type SmtpInbox,
  startSmtpInbox,
} from '@iconia/testkit';
import { startTestServer } from '@iconia/api/test-server';
import { createLogger } from './logger.ts';
import { createEmailChannel } from './mail/email-channel.ts';
import { createDeliveryWorker } from './outbox/outbox-worker.ts';
import { createSmtpMailer } from './mail/transport.ts';
import { openLeadStore } from './store/lead-store.ts';

type LogLine = Record<string, unknown> & { msg: string; level: number };

const parse = (lines: readonly string[]): LogLine[] =>
  lines.map((line) => JSON.parse(line) as LogLine);

describe('the log, one JSON line per event', () => {
  let temp: ReturnType<typeof createTempDir>;
  let inbox: SmtpInbox | undefined;

  beforeEach(() => {
    temp = createTempDir();
  });
  afterEach(async () => {
    await inbox?.close();
    inbox = undefined;
    temp.remove();
  });

  it('when requests are answered, then each writes one line with its id, method, path, status and time taken', async () => {
    const t = await startTestServer({ dataDir: temp.dir });
    try {
      await request(t.url)
        .post('/send-email')
        .set('X-Request-Id', 'desk-check-1')
        .send({ name: 'Ravi', mobile: '9876543210' });
      await request(t.url).post('/contact-form').field('name', 'Asha').field('mobile', '12');
      await request(t.url).get('/send-email');
      await request(t.url).get('/openapi.json');
      await request(t.url).get('/healthz');

      const lines = parse(t.logLines);
      const requests = lines.filter((line) => line.msg === 'request completed');
      expect(
        requests.map((line) => {
          const req = line.req as { method: string; url: string };
          return `${req.method} ${req.url} ${(line.res as { statusCode: number }).statusCode}`;
        }),
      ).toEqual([
        'POST /send-email 200',
        'POST /contact-form 400',
        'GET /send-email 405',
        'GET /openapi.json 200',
      ]);
      for (const line of requests) {
        expect(line).toMatchObject({ service: 'iconia-api', level: 30 });
        expect(typeof line.time).toBe('string');
        expect(typeof line.responseTime).toBe('number');
        expect((line.req as { id: string }).id).toMatch(/\S/);
      }
      expect((requests[0]!.req as { id: string }).id).toBe('desk-check-1');
      // Docker's health probe every 30 s would drown the rest.
      expect(JSON.stringify(requests)).not.toContain('/healthz');
      expect(t.logLines.join('\n')).not.toContain('9876543210');
    } finally {
      await t.close();
    }
  });

  it('when a request fails on the server, then its line is an error with the status and the request', async () => {
    const t = await startTestServer({ dataDir: temp.dir });
    t.store.close();
    try {
      const response = await request(t.url)
        .post('/send-email')
        .set('X-Request-Id', 'desk-check-2')
        .send({ name: 'Ravi', mobile: '9876543210' });

      expect(response.status).toBe(500);
      const line = parse(t.logLines).find((entry) => entry.msg === 'request errored');
      expect(line).toMatchObject({
        level: 50,
        req: { id: 'desk-check-2', method: 'POST', url: '/send-email' },
        res: { statusCode: 500 },
        err: { message: 'failed with status code 500' },
      });
      expect(typeof line?.responseTime).toBe('number');
    } finally {
      await t.close();
    }
  });

  it('when /readyz fails on every poll, then one warning without a stack says why, and its recovery one info line', async () => {
    const port = await freePort();
    const t = await startTestServer({
      dataDir: temp.dir,
      env: { SMTP_URL: `smtp://127.0.0.1:${port}` },
    });
    try {
      for (let poll = 0; poll < 3; poll += 1) {
        expect((await request(t.url).get('/readyz')).status).toBe(503);
        t.clock.advance(10_000);
      }
      inbox = await startSmtpInbox({ port });
      expect((await request(t.url).get('/readyz')).status).toBe(200);
      expect((await request(t.url).get('/readyz')).status).toBe(200);

      const lines = parse(t.logLines);
      expect(lines.filter((line) => line.level >= 50)).toEqual([]);
      const changes = lines.filter((line) => 'readiness' in line);
      expect(changes.map((line) => [line.level, line.msg])).toEqual([
        [40, 'not ready'],
        [30, 'ready again'],
      ]);
      expect(changes[0]).toMatchObject({ readiness: { status: 'not ready', smtp: 'unreachable' } });
      expect(JSON.stringify(lines)).not.toContain('"stack"');
    } finally {
      await t.close();
    }
  });

  it('when a lead is delivered on its second attempt, then each attempt writes one line with lead id, attempt, outcome and masked mobile', async () => {
    const port = await freePort();
    const t = await startTestServer({
      dataDir: temp.dir,
      env: { SMTP_URL: `smtp://127.0.0.1:${port}` },
    });
    try {
      await request(t.url).post('/send-email').send({ name: 'Ravi', mobile: '9876543210' });
      await t.delivery.drain();
      inbox = await startSmtpInbox({ port });
      t.clock.advance(10_000);
      await t.delivery.drain();
      await inbox.waitFor(1);

      const leadId = t.store.listLeads()[0]?.publicId;
      const attempts = parse(t.logLines).filter(
        (line) => line.leadId === leadId && 'outcome' in line,
      );
      expect(attempts).toEqual([
        expect.objectContaining({
          level: 40,
          msg: 'lead email failed; will retry',
          component: 'delivery-worker',
          attempt: 1,
          outcome: 'failed',
          mobile: '+9198xxxxxx10',
          retryInSeconds: 10,
          err: expect.objectContaining({
            message: expect.stringMatching(/ECONNREFUSED/) as unknown,
          }) as unknown,
        }),
        expect.objectContaining({
          level: 30,
          msg: 'lead emailed',
          attempt: 2,
          outcome: 'sent',
          mobile: '+9198xxxxxx10',
        }),
      ]);
      expect(t.logLines.join('\n')).not.toContain('9876543210');
    } finally {
      await t.close();
    }
  });

  it('when LOG_LEVEL is warn, then routine lines are left out and failed deliveries still show', async () => {
    const lines: string[] = [];
    const logger = createLogger('warn', { write: (line: string) => void lines.push(line) });
    const clock = createTestClock();
    const store = openLeadStore(`${temp.dir}/leads.sqlite`);
    const mailer = createSmtpMailer(`smtp://127.0.0.1:${await freePort()}`, 1_000);
    const worker = createDeliveryWorker({
      store,
      channel: createEmailChannel(mailer, {
        from: { name: '', address: 'leads@iconia.test' },
        to: [{ name: '', address: 'sales@iconia.test' }],
        siteUrl: 'https://iconia.test',
      }),
      clock,
      logger,
      pendingAlertMs: 60_000,
      leaseMs: 60_000,
    });
    try {
      store.insertLead(
        {
          publicId: 'a1b2c3d4-0000-4000-8000-000000000001',
          messageId: '<lead-a1b2@iconia.test>',
          kind: 'brochure',
          name: 'Ravi',
          mobile: '9876543210',
          attribution: {},
          receivedAt: clock.now(),
          spam: false,
        },
        0,
      );
      logger.info('routine');
      await worker.drain();

      expect(parse(lines).map((line) => [line.level, line.msg, line.outcome])).toEqual([
        [40, 'lead email failed; will retry', 'failed'],
      ]);
    } finally {
      await worker.stop();
      mailer.close();
      store.close();
    }
  });
});
