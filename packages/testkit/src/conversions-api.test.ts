import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConversionsApi, type ConversionsApi } from './conversions-api.ts';

const NOW = Date.parse('2026-11-21T10:15:00Z');
const event = (fields: Record<string, unknown> = {}) => ({
  event_name: 'Contacted',
  event_time: Math.floor(NOW / 1000) - 60,
  action_source: 'system_generated',
  user_data: { lead_id: '2345678901234567' },
  custom_data: { event_source: 'crm', lead_event_source: 'Elegant Iconia desk' },
  ...fields,
});

describe("the Conversions API peer checks events by Meta's CRM payload specification", () => {
  let api: ConversionsApi;
  const post = (body: unknown, path = '/v27.0/1234567890123/events') =>
    fetch(`${api.url.replace(/\/v27\.0$/, '')}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    api = await startConversionsApi({
      version: 'v27.0',
      datasetId: '1234567890123',
      accessToken: 'token',
      now: () => NOW,
    });
  });
  afterAll(() => api.close());

  it('when an event is as Meta documents it, then it is taken and counted', async () => {
    const res = await post({ data: [event()], access_token: 'token' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ events_received: 1, messages: [] });
    expect(api.events.at(-1)).toMatchObject({ event_name: 'Contacted' });
  });

  it.each([
    [
      'a wrong token',
      { data: [event()], access_token: 'other' },
      190,
      'Invalid OAuth access token',
    ],
    ['no events', { data: [], access_token: 'token' }, 100, 'data must be a list'],
    [
      'another action source',
      { data: [event({ action_source: 'website' })], access_token: 'token' },
      100,
      'must be system_generated',
    ],
    [
      'a phone in the clear',
      {
        data: [event({ user_data: { fbc: 'fb.1.1763720100000.abc', ph: ['919848000011'] } })],
        access_token: 'token',
      },
      100,
      'ph must be a list of SHA-256 hashes',
    ],
    [
      'a lead id that is not digits',
      { data: [event({ user_data: { lead_id: 'l:2345' } })], access_token: 'token' },
      100,
      'lead_id must be digits',
    ],
    [
      'an event older than 7 days',
      { data: [event({ event_time: Math.floor(NOW / 1000) - 8 * 86_400 })], access_token: 'token' },
      100,
      'more than 7 days old',
    ],
    [
      'no CRM event source',
      { data: [event({ custom_data: { lead_event_source: 'x' } })], access_token: 'token' },
      100,
      'event_source must be crm',
    ],
  ])(
    'when a request has %s, then Meta’s error with its code and words comes back',
    async (_, body, code, words) => {
      const res = await post(body);
      expect(res.status).toBe(400);
      const { error } = (await res.json()) as {
        error: { code: number; message: string; fbtrace_id: string };
      };
      expect(error).toMatchObject({ code, message: expect.stringContaining(words) as unknown });
      expect(error.fbtrace_id).toMatch(/\S/);
    },
  );

  it('when the hashed phone is 64 hex characters, then it is taken', async () => {
    const ph = createHash('sha256').update('919848000011').digest('hex');
    const res = await post({
      data: [event({ user_data: { fbc: 'fb.1.1763720100000.IwAR2xYz', ph: [ph] } })],
      access_token: 'token',
    });
    expect(res.status).toBe(200);
  });

  it('when told to fail, then it answers Graph’s transient error until it recovers', async () => {
    api.fail('transient-error');
    const failed = await post({ data: [event()], access_token: 'token' });
    api.recover();
    const recovered = await post({ data: [event()], access_token: 'token' });
    expect([failed.status, recovered.status]).toEqual([500, 200]);
    expect(((await failed.json()) as { error: { code: number } }).error.code).toBe(2);
  });
});
