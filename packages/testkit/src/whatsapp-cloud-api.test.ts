import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startWhatsappCloudApi, type WhatsappCloudApi } from './whatsapp-cloud-api.ts';

const TOKEN = 'EAAGwhatsappSystemUserToken';
const PHONE_NUMBER_ID = '106540352242922';

const welcome = {
  messaging_product: 'whatsapp',
  recipient_type: 'individual',
  to: '919123456780',
  type: 'template',
  template: {
    name: 'brochure_welcome',
    language: { code: 'en' },
    components: [
      {
        type: 'header',
        parameters: [
          { type: 'document', document: { link: 'https://x.test/b.pdf', filename: 'b.pdf' } },
        ],
      },
      { type: 'body', parameters: [{ type: 'text', text: 'Asha' }] },
    ],
  },
};

describe('the local WhatsApp Cloud API peer', () => {
  let api: WhatsappCloudApi;

  beforeEach(async () => {
    api = await startWhatsappCloudApi({
      version: 'v27.0',
      phoneNumberId: PHONE_NUMBER_ID,
      accessToken: TOKEN,
    });
  });
  afterEach(() => api.close());

  const send = (body: unknown, token = TOKEN) =>
    fetch(`${api.url}/${PHONE_NUMBER_ID}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('when a template is sent with the token, then it answers the contact and a wamid', async () => {
    const response = await send(welcome);

    expect(response.status).toBe(200);
    const answer = (await response.json()) as { messages: Array<{ id: string }> };
    expect(answer).toEqual({
      messaging_product: 'whatsapp',
      contacts: [{ input: '919123456780', wa_id: '919123456780' }],
      messages: [{ id: expect.stringMatching(/^wamid\./) as unknown, message_status: 'accepted' }],
    });
    expect(api.sends.map((sent) => sent.wamid)).toEqual([answer.messages[0]!.id]);
  });

  it('when the token is wrong, then it answers error 190 and accepts nothing', async () => {
    const response = await send(welcome, 'EAAGother');

    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: { code: 190, type: 'OAuthException' } });
    expect(api.sends).toHaveLength(0);
  });

  it('when the template has no language code, then it answers error 100 naming it', async () => {
    const response = await send({ ...welcome, template: { name: 'brochure_welcome' } });

    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: { code: 100, error_data: { details: 'template.language.code is required' } },
    });
  });

  it('when a document goes by its link and a location by its degrees, then both are accepted; without them, refused naming the field', async () => {
    const base = {
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '919123456780',
    };
    const document = { link: 'https://x.test/b.pdf', filename: 'b.pdf' };
    const location = { latitude: 17.09, longitude: 78.2, name: 'Site', address: 'Shadnagar' };

    expect((await send({ ...base, type: 'document', document })).status).toBe(200);
    expect((await send({ ...base, type: 'location', location })).status).toBe(200);
    const refusals = await Promise.all([
      send({ ...base, type: 'document', document: { filename: 'b.pdf' } }),
      send({ ...base, type: 'location', location: { ...location, latitude: '17.09N' } }),
    ]);
    expect(await Promise.all(refusals.map((response) => response.json()))).toMatchObject([
      { error: { code: 100, error_data: { details: 'document.link must be an http(s) URL' } } },
      {
        error: {
          code: 100,
          error_data: { details: 'location.latitude must be a number of degrees' },
        },
      },
    ]);
    expect(api.sends.map((sent) => sent.body.type)).toEqual(['document', 'location']);
  });

  it('when the number is not on WhatsApp, then it answers 131026', async () => {
    api.notOnWhatsapp('919123456780');

    const response = await send(welcome);

    expect(await response.json()).toMatchObject({ error: { code: 131026 } });
    expect(api.sends).toHaveLength(0);
  });

  it('when told to fail and then to recover, then it refuses until it recovers', async () => {
    api.fail('transient-error');
    expect((await send(welcome)).status).toBe(500);

    api.recover();

    expect((await send(welcome)).status).toBe(200);
  });
});
