/**
 * Leads from the ad platforms and partners reach the open desk as the site's do: a signed-in
 * desk's live stream hears each once it is acknowledged, whatever channel it came by, on the
 * stream's own next look at the store (`pnpm bench:latency` prints how long that takes). (Meta's,
 * read from Graph after the acknowledgement, is checked in meta-intake.test.ts.)
 */
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cookieOf,
  openStream,
  startDeskTestServer,
  type DeskTestServer,
} from '../desk/desk-test-support.ts';
import { createPartnerSources } from '../sources/index.ts';

const GOOGLE_KEY = randomBytes(24).toString('hex');

describe('a lead from another channel, in the open desk', () => {
  let t: DeskTestServer;

  beforeAll(async () => {
    t = await startDeskTestServer({ env: { GOOGLE_ADS_WEBHOOK_KEY: GOOGLE_KEY } });
    await t.addUser('meena@iconia.test', 'manager', 'Meena');
  });
  afterAll(async () => {
    await t.remove();
  });

  /** Opens the manager's live stream, sends, and returns the lead the desk heard of. */
  async function heardAfter(send: () => Promise<request.Response>) {
    const stream = openStream(t.url, await cookieOf(t, 'meena@iconia.test'));
    await stream.opened;
    try {
      const reply = await send();
      expect(reply.status, reply.text).toBe(200);
      expect(reply.text).toBe('success');
      const lead = await stream.next((event) => event.event === 'lead');
      return lead.data;
    } finally {
      stream.close();
    }
  }

  it('when Google Ads posts a lead form answer, then the open desk hears of the new buyer', async () => {
    const lead = await heardAfter(() =>
      request(t.url)
        .post('/intake/google-ads')
        .send({
          lead_id: 'live-google-1',
          google_key: GOOGLE_KEY,
          campaign_id: 21,
          user_column_data: [
            { column_id: 'FULL_NAME', string_value: 'Asha Reddy' },
            { column_id: 'PHONE_NUMBER', string_value: '+91 98480 11122' },
          ],
        }),
    );
    expect(lead).toMatchObject({ name: 'Asha Reddy', mobile: '+919848011122', stage: 'new' });
  });

  it('when a partner pushes a signed lead, then the open desk hears of the new buyer', async () => {
    const { secret } = createPartnerSources(t.store.db).add('live-portal', t.clock.now());
    const body = JSON.stringify({ name: 'Imran Khan', mobile: '+44 7911 123456' });
    const at = t.clock.now();
    const lead = await heardAfter(() =>
      request(t.url)
        .post('/intake/partners/live-portal')
        .set('content-type', 'application/json')
        .set('webhook-id', 'msg_live_1')
        .set('webhook-timestamp', String(Math.floor(at / 1000)))
        .set('webhook-signature', new Webhook(secret).sign('msg_live_1', new Date(at), body))
        .send(body),
    );
    expect(lead).toMatchObject({ name: 'Imran Khan', mobile: '+447911123456', stage: 'new' });
  });
});
