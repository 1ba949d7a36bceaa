import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { answer, startWebhookReceiver, type WebhookReceiver } from './webhook-receiver.ts';

const secret = () => `whsec_${randomBytes(32).toString('base64')}`;
const EVENT = { type: 'lead.created', data: { id: 'lead-1' } };

/** Posts `body` signed as a Standard Webhooks sender would with `key`. */
async function postSigned(url: string, key: string, body = JSON.stringify(EVENT)) {
  const id = 'msg_test';
  const timestamp = new Date();
  const signature = new Webhook(key).sign(id, timestamp, JSON.stringify(EVENT));
  return fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
      'webhook-signature': signature,
    },
    body,
  });
}

describe('the webhook receiver', () => {
  const key = secret();
  let receiver: WebhookReceiver;

  beforeEach(async () => {
    receiver = await startWebhookReceiver({ secret: key });
  });
  afterEach(() => receiver.close());

  it('when a post is signed with its secret, then it keeps the verified event and answers 200', async () => {
    const reply = await postSigned(receiver.url, key);

    const [post] = await receiver.waitFor(1);
    expect(reply.status).toBe(200);
    expect(post?.event).toEqual(EVENT);
    expect(post?.signatureError).toBeUndefined();
  });

  it('when the body was changed on the way or another key signed it, then it keeps why it failed', async () => {
    await postSigned(receiver.url, key, JSON.stringify({ ...EVENT, data: { id: 'lead-2' } }));
    await postSigned(receiver.url, secret());

    const posts = await receiver.waitFor(2);
    expect(posts.map((post) => post.event)).toEqual([undefined, undefined]);
    expect(posts.map((post) => post.signatureError)).toEqual([
      expect.stringMatching(/signature/i),
      expect.stringMatching(/signature/i),
    ]);
  });

  it('when a test sets the reply, then later posts get it', async () => {
    receiver.reply(answer(503, {}, 'busy'));

    const reply = await postSigned(receiver.url, key);

    expect(reply.status).toBe(503);
    expect(await reply.text()).toBe('busy');
  });
});
