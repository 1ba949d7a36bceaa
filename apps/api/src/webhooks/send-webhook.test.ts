import { randomBytes } from 'node:crypto';
import { WEBHOOK_TIMEOUT_MS } from '@iconia/shared';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { answer, freePort, startWebhookReceiver, type WebhookReceiver } from '@iconia/testkit';
import { leadCreatedEvent } from './lead-created-event.ts';
import { parseRetryAfter, sendWebhook } from './send-webhook.ts';
import { webhookId } from './webhook-signature.ts';

const signingKey = randomBytes(32);
const SECRET = `whsec_${signingKey.toString('base64')}`;
const LEAD_ID = '3f0c8a5e-6b1d-4e2f-9a7c-2d4b6e8f0a1c';
const body = JSON.stringify(
  leadCreatedEvent({
    publicId: LEAD_ID,
    buyerId: 7,
    kind: 'brochure',
    origin: 'site',
    name: 'Asha Rao',
    mobile: '9876543210',
    plotRange: '200 - 300 Sq. Yds',
    attribution: { source: 'inline-brochure', page: '/' },
    receivedAt: Date.parse('2026-11-21T10:15:00Z'),
    consentNotice: 'brochure-consent-v1',
  }),
);

let receiver: WebhookReceiver;
const post = (options: { timeoutMs?: number; url?: string } = {}) => {
  const url = options.url ?? receiver.url;
  return sendWebhook(
    { url, id: webhookId(LEAD_ID, url), body, signingKey },
    { timeoutMs: options.timeoutMs ?? 2_000 },
  );
};

beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(() => receiver.close());
beforeEach(() => {
  receiver.posts.length = 0;
  receiver.reply(answer(200));
});

describe('the webhook request', () => {
  it('when a lead is posted, then the Standard Webhooks library verifies its signature and reads the event', async () => {
    await post();

    const [received] = receiver.posts;
    expect(received?.method).toBe('POST');
    expect(received?.headers['content-type']).toBe('application/json');
    const verified = new Webhook(SECRET).verify(
      received?.body ?? '',
      received?.headers as Record<string, string>,
    );
    expect(verified).toMatchObject({
      type: 'lead.created',
      data: { id: LEAD_ID, name: 'Asha Rao' },
    });
    expect(received?.headers['webhook-id']).toBe(webhookId(LEAD_ID, receiver.url));
    expect(Number(received?.headers['webhook-timestamp'])).toBeCloseTo(Date.now() / 1000, -1);
  });

  it('when the body or the id is changed on the way, then the signature no longer verifies', async () => {
    await post();

    const received = receiver.posts[0];
    const headers = received?.headers as Record<string, string>;
    const webhook = new Webhook(SECRET);
    expect(() => webhook.verify(`${received?.body} `, headers)).toThrow(/signature/i);
    expect(() =>
      webhook.verify(received?.body ?? '', { ...headers, 'webhook-id': 'msg_other' }),
    ).toThrow(/signature/i);
    expect(() =>
      new Webhook(`whsec_${randomBytes(32).toString('base64')}`).verify(
        received?.body ?? '',
        headers,
      ),
    ).toThrow(/signature/i);
  });

  it('when a lead is posted, then the request carries only its own headers: no cookie, no credentials', async () => {
    await post();

    const names = Object.keys(receiver.posts[0]?.headers ?? {}).sort();
    const expected = [
      'content-type',
      'content-length',
      'host',
      'connection',
      'user-agent',
      'webhook-id',
      'webhook-signature',
      'webhook-timestamp',
    ];
    // Node's fetch adds its own fetch-standard headers; none says anything about this server.
    const fetchOwn = ['accept', 'accept-encoding', 'accept-language', 'sec-fetch-mode'];
    expect(names.filter((name) => !expected.includes(name) && !fetchOwn.includes(name))).toEqual(
      [],
    );
    expect(names).not.toContain('cookie');
    expect(names).not.toContain('authorization');
  });

  it('when the same lead is posted twice to one endpoint, then both carry one webhook-id; another endpoint gets another', async () => {
    await post();
    await post();

    const [first, second] = receiver.posts;
    expect(second?.headers['webhook-id']).toBe(first?.headers['webhook-id']);
    expect(second?.body).toBe(first?.body);
    expect(webhookId(LEAD_ID, 'https://crm.example.com/hook')).not.toBe(
      first?.headers['webhook-id'],
    );
    expect(first?.headers['webhook-id']).toMatch(/^msg_[0-9a-f]{32}_[0-9a-f]{12}$/);
  });
});

describe('the receiver’s answer', () => {
  it.each([200, 201, 202, 204])(
    'when the receiver answers %i, then the lead is delivered',
    async (status) => {
      receiver.reply(answer(status));

      await expect(post()).resolves.toEqual({ result: 'delivered', status });
    },
  );

  it('when the receiver answers 410 Gone, then delivery to that endpoint stops for the lead', async () => {
    receiver.reply(answer(410));

    await expect(post()).resolves.toEqual({ result: 'gone', status: 410 });
  });

  it('when the receiver answers 429 with Retry-After in seconds, then the wait it asks for is kept', async () => {
    receiver.reply(answer(429, { 'retry-after': '120' }, 'slow down'));

    await expect(post()).resolves.toEqual({
      result: 'failed',
      status: 429,
      reason: 'HTTP 429: slow down',
      retryAfterMs: 120_000,
    });
  });

  it('when the receiver answers 503 with Retry-After as a date, then the wait until that date is kept', async () => {
    const at = new Date(Date.now() + 90_000).toUTCString();
    receiver.reply(answer(503, { 'retry-after': at }));

    const outcome = await post();

    expect(outcome).toMatchObject({ result: 'failed', status: 503, reason: 'HTTP 503' });
    const retryAfterMs = outcome.result === 'failed' ? (outcome.retryAfterMs ?? 0) : 0;
    expect(retryAfterMs).toBeGreaterThan(85_000);
    expect(retryAfterMs).toBeLessThanOrEqual(90_000);
  });

  it.each([408, 500, 502, 503, 504])(
    'when the receiver answers %i, then the attempt failed and is retried',
    async (status) => {
      receiver.reply(answer(status));

      await expect(post()).resolves.toEqual({ result: 'failed', status, reason: `HTTP ${status}` });
    },
  );

  it.each([400, 401, 403, 404, 422])(
    'when the receiver answers %i, then the attempt failed with the receiver’s words, to be retried',
    async (status) => {
      receiver.reply(answer(status, {}, 'Invalid\r\nsignature'));

      await expect(post()).resolves.toEqual({
        result: 'failed',
        status,
        reason: `HTTP ${status}: Invalid signature`,
      });
    },
  );

  it('when the receiver redirects, then the redirect is not followed and the attempt failed', async () => {
    const elsewhere = await startWebhookReceiver();
    receiver.reply(answer(307, { location: elsewhere.url }));

    try {
      const outcome = await post();

      expect(outcome).toEqual({
        result: 'failed',
        status: 307,
        reason: 'redirect 307, not followed',
      });
      expect(elsewhere.posts).toHaveLength(0);
    } finally {
      await elsewhere.close();
    }
  });

  it('when the receiver does not answer within the timeout, then the attempt failed', async () => {
    // A receiver that never answers: only the timeout can end the attempt.
    receiver.reply(() => new Promise<void>(() => undefined));

    const outcome = await post({ timeoutMs: 300 });

    expect(outcome).toEqual({ result: 'failed', reason: 'no reply within 0.3 s' });
    expect(WEBHOOK_TIMEOUT_MS).toBe(10_000);
  });

  it('when the receiver sends its headers but stalls in a failure body, then the timeout still ends the attempt', async () => {
    receiver.reply((_post, response) => {
      response.writeHead(500, { 'content-type': 'text/plain' });
      response.write('partial');
    });

    const outcome = await post({ timeoutMs: 300 });

    expect(outcome).toEqual({ result: 'failed', status: 500, reason: 'no reply within 0.3 s' });
  });

  it('when nothing listens at the endpoint, then the attempt failed with the network error', async () => {
    const url = `http://127.0.0.1:${await freePort()}/hooks`;

    await expect(post({ url })).resolves.toEqual({
      result: 'failed',
      reason: 'network error ECONNREFUSED',
    });
  });
});

describe('Retry-After', () => {
  const now = Date.parse('2026-11-21T10:00:00Z');

  it('when it is seconds or an HTTP date, then it becomes a wait in milliseconds', () => {
    expect(parseRetryAfter('30', now)).toBe(30_000);
    expect(parseRetryAfter('Sat, 21 Nov 2026 10:02:00 GMT', now)).toBe(120_000);
  });

  it('when it is absent, unreadable or past, then there is no wait or none left', () => {
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter('-5', now)).toBeUndefined();
    expect(parseRetryAfter('Sat, 21 Nov 2026 09:00:00 GMT', now)).toBe(0);
  });
});
