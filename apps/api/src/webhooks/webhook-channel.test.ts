import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { answer, startWebhookReceiver, type WebhookReceiver } from '@iconia/testkit';
import type { LeadForWebhook } from './lead-created-event.ts';
import { UnsendableMessageError } from '../outbox/outbox-channel.ts';
import { WEBHOOK_RETRY } from './retry-schedule.ts';
import {
  createWebhookChannel,
  isWebhookChannel,
  webhookChannelName,
  type WebhookMessage,
} from './webhook-channel.ts';
import { webhookId } from './webhook-signature.ts';

const HOUR = 3_600_000;
const signingKey = randomBytes(32);
const lead: LeadForWebhook = {
  publicId: '3f0c8a5e-6b1d-4e2f-9a7c-2d4b6e8f0a1c',
  buyerId: 7,
  kind: 'contact',
  origin: 'site',
  name: 'Ravi',
  mobile: '9876543210',
  location: 'Kokapet',
  attribution: { source: 'contact-form', page: '/contact' },
  receivedAt: Date.parse('2026-11-21T10:00:00Z'),
  consentNotice: 'enquiry-v1',
};

let receiver: WebhookReceiver;
let now = lead.receivedAt;
/** The lead's `lead.created` message, as the outbox hands it over. */
const created = (): WebhookMessage => ({
  messageId: webhookId(lead.publicId, receiver.url),
  kind: 'lead.created',
  lead,
});
const channel = () =>
  createWebhookChannel({ endpoint: receiver.url, signingKey, clock: { now: () => now } });

beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(() => receiver.close());
beforeEach(() => {
  receiver.posts.length = 0;
  receiver.reply(answer(200));
  now = Date.now();
});

describe('a webhook endpoint as an outbox channel', () => {
  it('when a lead is sent, then the endpoint gets the signed lead.created event and the log gets its id', async () => {
    const details = await channel().send(created());

    const [post] = receiver.posts;
    const event = new Webhook(`whsec_${signingKey.toString('base64')}`).verify(
      post?.body ?? '',
      post?.headers as Record<string, string>,
    );
    expect(event).toMatchObject({
      type: 'lead.created',
      data: { id: lead.publicId, location: 'Kokapet' },
    });
    expect(details).toEqual({
      endpoint: new URL(receiver.url).origin,
      webhookId: post?.headers['webhook-id'],
      status: 200,
    });
  });

  it('when an erasure is sent, then the endpoint gets the signed lead.erased event with its own id, naming the leads', async () => {
    const erasedAt = Date.parse('2026-11-25T13:10:00Z');

    await channel().send({
      messageId: 'msg_0b6f1c2d3e4f5a6b7c8d9e0f1a2b3c4d',
      kind: 'lead.erased',
      payload: { ids: [lead.publicId], erasedAt },
    });

    const [post] = receiver.posts;
    const event = new Webhook(`whsec_${signingKey.toString('base64')}`).verify(
      post?.body ?? '',
      post?.headers as Record<string, string>,
    );
    expect(post?.headers['webhook-id']).toBe('msg_0b6f1c2d3e4f5a6b7c8d9e0f1a2b3c4d');
    expect(event).toEqual({
      type: 'lead.erased',
      timestamp: '2026-11-25T13:10:00.000Z',
      data: { ids: [lead.publicId], erasedAt: '2026-11-25T18:40:00+05:30' },
    });
  });

  it('when a lead.erased message names no lead, then nothing is posted and it is refused as unsendable', async () => {
    const error = await channel()
      .send({ messageId: 'msg_x', kind: 'lead.erased', payload: { ids: [] } })
      .catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(UnsendableMessageError);
    expect(receiver.posts).toHaveLength(0);
  });

  it('when the endpoint answers 503 with Retry-After, then the send fails and the next attempt waits that long', async () => {
    receiver.reply(answer(503, { 'retry-after': '3600' }));
    const webhooks = channel();

    const error = await webhooks.send(created()).catch((caught: unknown) => caught);

    expect(error).toMatchObject({ message: 'HTTP 503', gone: false, retryAfterMs: 3_600_000 });
    const next = webhooks.nextAttempt(error, { queuedAt: now });
    expect(next).toBeGreaterThanOrEqual(now + HOUR);
  });

  it('when the endpoint answers 410, then the delivery is gone: no retry', async () => {
    receiver.reply(answer(410));
    const webhooks = channel();

    const error = await webhooks.send(created()).catch((caught: unknown) => caught);

    expect(webhooks.nextAttempt(error, { queuedAt: now })).toBe('gone');
  });

  it('when an attempt fails a day after the delivery was queued, then the delivery is dead', async () => {
    receiver.reply(answer(500));
    const webhooks = channel();
    const queuedAt = now - WEBHOOK_RETRY.giveUpAfterMs;

    const error = await webhooks.send(created()).catch((caught: unknown) => caught);

    expect(webhooks.nextAttempt(error, { queuedAt })).toBe('dead');
  });

  it('when two endpoints are configured, then each has its own channel, never holding the URL', () => {
    const first = webhookChannelName('https://crm.example.com/hook?token=secret');
    const second = webhookChannelName('https://script.google.com/macros/s/abc/exec?key=k');

    expect(first).not.toBe(second);
    expect(first).toMatch(/^webhook:[0-9a-f]{12}$/);
    expect(isWebhookChannel(first)).toBe(true);
    expect(isWebhookChannel('email')).toBe(false);
  });
});
