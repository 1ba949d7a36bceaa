/**
 * The files buyers send on WhatsApp: fetched through the Graph media endpoint with the token (the
 * Cloud API peer serves them), kept with the buyer and served to the desk; a type not allowed, a
 * file too large, or an address that is not Meta's is never fetched, and the message says why.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { WhatsappConversation, WhatsappMessage } from '@iconia/shared';
import {
  answer,
  startWebhookReceiver,
  whatsappMessageEvent,
  type WebhookReceiver,
  type WhatsappCloudApi,
  type WhatsappMedia,
} from '@iconia/testkit';
import { startDeskTestServer, type DeskTestServer } from '../desk/desk-test-support.ts';
import {
  postWebhook,
  startCloudApiPeer,
  WHATSAPP_PHONE_NUMBER_ID,
  whatsappEnv,
} from './whatsapp-test-support.ts';

/** A JPEG's first bytes and a marker written nowhere else. */
const PHOTO = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
  Buffer.from('plot 17 corner, east facing'),
]);

describe('files buyers send on WhatsApp', () => {
  let api: WhatsappCloudApi;
  let elsewhere: WebhookReceiver;
  let t: DeskTestServer;
  let manager: TestAgent;

  beforeAll(async () => {
    api = await startCloudApiPeer();
    elsewhere = await startWebhookReceiver({
      path: '/whatsapp_business/attachments/',
      reply: answer(200, { 'content-type': 'image/jpeg' }, PHOTO.toString('latin1')),
    });
  });
  afterAll(async () => {
    await api.close();
    await elsewhere.close();
  });
  beforeEach(async () => {
    t = await startDeskTestServer({ env: whatsappEnv(api) });
    await t.addUser('meena@iconia.test', 'manager', 'Meena');
    manager = await t.signIn('meena@iconia.test');
  });
  afterEach(() => t.remove());

  const mediaDir = () => path.join(t.config.dataDir, 'whatsapp-media');
  const filesKept = () => (existsSync(mediaDir()) ? readdirSync(mediaDir()) : []);

  /** The buyer sends the file; answers their lead and the message once it is kept or refused. */
  async function send(
    media: WhatsappMedia,
    type: 'image' | 'document' = 'image',
  ): Promise<{ leadId: number; message: WhatsappMessage }> {
    const id = api.addMedia(media);
    const body = whatsappMessageEvent(WHATSAPP_PHONE_NUMBER_ID, {
      from: '919876500017',
      name: 'Farida',
      text: '',
      media: { type, id, mimeType: media.mimeType, caption: 'The plot I liked' },
    });
    await postWebhook(t.url, body).expect(200);
    const [lead] = t.store.listLeads();
    const incoming = async () => {
      const reply = await manager.get(`/desk/api/leads/${lead!.id}/whatsapp`).expect(200);
      const messages = (reply.body as WhatsappConversation).messages;
      return messages.find((message) => message.direction === 'in')!;
    };
    await expect
      .poll(async () => {
        const message = await incoming();
        return message.media !== null || message.failure !== null;
      })
      .toBe(true);
    return { leadId: lead!.id, message: await incoming() };
  }

  it('when a buyer sends a photo, then it is fetched with the token through the media endpoint and the desk downloads it as it was sent', async () => {
    const { leadId, message } = await send({ bytes: PHOTO, mimeType: 'image/jpeg' });

    expect(message).toMatchObject({
      kind: 'image',
      text: 'The plot I liked',
      failure: null,
      media: {
        type: 'image/jpeg',
        size: PHOTO.length,
        url: `/desk/api/leads/${leadId}/whatsapp/media/${message.id}`,
      },
    });
    const download = await manager
      .get(message.media!.url)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(download.status).toBe(200);
    expect(Buffer.compare(download.body as Buffer, PHOTO)).toBe(0);
    expect(download.headers).toMatchObject({
      'content-type': 'image/jpeg',
      'content-disposition': `attachment; filename="whatsapp-${message.id}.jpg"`,
      'x-content-type-options': 'nosniff',
      'content-security-policy': expect.stringContaining('sandbox') as unknown,
    });
    expect(filesKept()).toHaveLength(1);
    const stranger = await request(t.url).get(message.media!.url);
    expect(stranger.status).toBe(401);
  });

  it('when a buyer sends a file of a type the desk does not keep, then it is not fetched and the message says why', async () => {
    const requestsBefore = api.mediaRequests.length;

    const { message } = await send(
      { bytes: Buffer.from('MZ\u0090\u0000'), mimeType: 'application/x-msdownload' },
      'document',
    );

    expect(message).toMatchObject({
      kind: 'document',
      media: null,
      failure: 'File not kept: application/x-msdownload is not a type of file the desk keeps',
    });
    expect(api.mediaRequests.slice(requestsBefore)).toEqual([
      expect.stringMatching(/^\/v[\d.]+\/\d+$/) as unknown,
    ]);
    expect(filesKept()).toEqual([]);
  });

  it('when a buyer sends a file larger than 16 MB, then it is not fetched and the message says how large it was', async () => {
    const { message } = await send({
      bytes: PHOTO,
      mimeType: 'image/jpeg',
      fileSize: 17 * 1024 * 1024,
    });

    expect(message).toMatchObject({
      media: null,
      failure: 'File not kept: the file is 17.0 MB, over the 16.0 MB the desk keeps',
    });
    expect(filesKept()).toEqual([]);
  });

  it('when the media endpoint points to an address that is not Meta’s, then nothing is requested there and the message says why', async () => {
    const { message } = await send({
      bytes: PHOTO,
      mimeType: 'image/jpeg',
      url: `${elsewhere.url}?mid=1003383421387256`,
    });

    expect(message).toMatchObject({
      media: null,
      failure: 'File not kept: WhatsApp pointed to the file somewhere other than Meta',
    });
    expect(elsewhere.posts).toEqual([]);
    expect(filesKept()).toEqual([]);
  });
});
