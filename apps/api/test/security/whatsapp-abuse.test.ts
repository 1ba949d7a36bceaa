/**
 * What a stranger can do with WhatsApp: the intake's handshake and posts without our secrets, and
 * the desk's conversation routes without a session. Each gets nothing and leaves nothing.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metaSignature, whatsappMessageEvent, type WhatsappCloudApi } from '@iconia/testkit';
import {
  SAME_ORIGIN,
  startDeskTestServer,
  type DeskTestServer,
} from '../../src/desk/desk-test-support.ts';
import {
  startCloudApiPeer,
  WHATSAPP_APP_SECRET,
  WHATSAPP_PHONE_NUMBER_ID,
  whatsappEnv,
} from '../../src/whatsapp/whatsapp-test-support.ts';

describe('a stranger and WhatsApp', () => {
  let api: WhatsappCloudApi;
  let t: DeskTestServer;
  let leadId: number;

  beforeAll(async () => {
    api = await startCloudApiPeer();
    t = await startDeskTestServer({ env: whatsappEnv(api) });
    leadId = t.storeLead({ name: 'Ravi Kumar', mobile: '9876543210' });
  });
  afterAll(async () => {
    await t.remove();
    await api.close();
  });

  const messagesStored = () =>
    t.store.db.prepare(`SELECT count(*) AS n FROM whatsapp_messages WHERE direction = 'in'`).get();

  it('when the handshake guesses the verify token, then 403 and the challenge is not echoed', async () => {
    const res = await request(t.url).get('/intake/whatsapp').query({
      'hub.mode': 'subscribe',
      'hub.verify_token': 'guess',
      'hub.challenge': 'echo-me',
    });

    expect(res.status).toBe(403);
    expect(res.text).not.toContain('echo-me');
  });

  it('when a message is posted unsigned or signed with another secret, then 401 and nothing is stored', async () => {
    const body = whatsappMessageEvent(WHATSAPP_PHONE_NUMBER_ID, {
      from: '919876543210',
      name: 'Mallory',
      text: 'STOP',
    });
    const send = (signature?: string) => {
      const post = request(t.url).post('/intake/whatsapp').set('Content-Type', 'application/json');
      return (signature ? post.set('X-Hub-Signature-256', signature) : post).send(body);
    };

    const unsigned = await send();
    const forged = await send(metaSignature(body, `${WHATSAPP_APP_SECRET}-guess`));

    expect([unsigned.status, forged.status]).toEqual([401, 401]);
    expect(messagesStored()).toEqual({ n: 0 });
  });

  it('when someone signed out reads or writes a conversation, then 401 with no data and nothing is sent', async () => {
    const read = await request(t.url).get(`/desk/api/leads/${leadId}/whatsapp`);
    const reply = await request(t.url)
      .post(`/desk/api/leads/${leadId}/whatsapp/templates`)
      .set(SAME_ORIGIN)
      .send({ template: 'follow_up' });
    const clear = await request(t.url)
      .post(`/desk/api/leads/${leadId}/whatsapp/opt-out/clear`)
      .set(SAME_ORIGIN)
      .send({ reason: 'because' });

    expect([read.status, reply.status, clear.status]).toEqual([401, 401, 401]);
    expect(read.text).not.toContain('Ravi');
    await t.whatsapp!.drain();
    expect(
      api.sends.filter(
        (send) => send.body.type === 'text' || JSON.stringify(send.body).includes('follow_up'),
      ),
    ).toEqual([]);
  });
});
