import { GRAPH_API_VERSION } from '@iconia/api/meta-graph';
/**
 * Meta lead ads end to end, against real peers: Meta's signed webhook post (signed here with
 * Node's crypto), the local Graph API peer answering the lead, a real SMTP inbox, a CRM webhook
 * receiver and a signed-in desk's live stream.
 */
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createTestClock,
  metaLeadgenEvent,
  metaSignature,
  startGraphApi,
  startSmtpInbox,
  startWebhookReceiver,
  type GraphApi,
  type GraphLead,
  type SmtpInbox,
  type WebhookReceiver,
} from '@iconia/testkit';
import {
  cookieOf,
  openStream,
  startDeskTestServer,
  type DeskTestServer,
} from '../desk/desk-test-support.ts';

const APP_SECRET = 'meta-app-secret-for-tests';
const PAGE_TOKEN = 'EAAGpageTokenForTests';
const SIGNING_KEY = `whsec_${randomBytes(32).toString('base64')}`;
const MINUTE = 60_000;

const LEAD: GraphLead = {
  id: '900000000000001',
  created_time: '2026-11-21T10:14:02+0000',
  field_data: [
    { name: 'full_name', values: ['Asha Rao'] },
    { name: 'phone_number', values: ['+919876543210'] },
    { name: 'email', values: ['asha@example.com'] },
    { name: 'which_plot_size_suits_you?', values: ['200 - 300 Sq. Yds'] },
  ],
  ad_id: '120200000000003',
  adset_id: '120200000000004',
  campaign_id: '120200000000005',
  form_id: '330000000000002',
};

describe('a Meta lead ad lead, from webhook to desk, inbox and CRM', () => {
  let graph: GraphApi;
  let inbox: SmtpInbox;
  let receiver: WebhookReceiver;
  let t: DeskTestServer;

  beforeEach(async () => {
    graph = await startGraphApi({
      version: GRAPH_API_VERSION,
      appSecret: APP_SECRET,
      accessToken: PAGE_TOKEN,
    });
    graph.addLead(LEAD);
    inbox = await startSmtpInbox();
    receiver = await startWebhookReceiver({ secret: SIGNING_KEY });
  });
  afterEach(async () => {
    await t.remove();
    await Promise.all([graph.close(), inbox.close(), receiver.close()]);
  });

  // Real time, so the CRM's signature check accepts the webhook's timestamp.
  const start = async (clock = createTestClock(Date.now())) => {
    t = await startDeskTestServer({
      env: {
        SMTP_URL: inbox.url,
        WEBHOOK_URL: receiver.url,
        WEBHOOK_SECRET: SIGNING_KEY,
        META_APP_SECRET: APP_SECRET,
        META_VERIFY_TOKEN: 'verify-me',
        META_PAGE_ACCESS_TOKEN: PAGE_TOKEN,
        META_GRAPH_URL: graph.url,
      },
      clock,
    });
    await t.addUser('arjun@iconia.test', 'agent', 'Arjun');
  };
  const deliver = async (body: string) => {
    const reply = await request(t.url)
      .post('/intake/meta')
      .set('Content-Type', 'application/json')
      .set('X-Hub-Signature-256', metaSignature(body, APP_SECRET))
      .send(body);
    expect([reply.status, reply.text]).toEqual([200, 'success']);
  };

  it('when Meta delivers a lead three times, then it shows in the open desk once Graph answers and reaches the inbox and the CRM once', async () => {
    await start();
    const stream = openStream(t.url, await cookieOf(t, 'arjun@iconia.test'));
    await stream.opened;
    const body = metaLeadgenEvent([{ leadgenId: LEAD.id }]);

    await deliver(body);
    await deliver(body);
    await deliver(body);
    const [read] = await graph.waitForRequests(1);
    const shown = await stream.next((event) => event.event === 'lead');

    expect(shown.data).toMatchObject({ name: 'Asha Rao' });
    expect(read!.query).toMatchObject({
      fields: 'id,created_time,field_data,ad_id,adset_id,campaign_id,form_id',
      access_token: PAGE_TOKEN,
    });
    const [email] = await inbox.waitFor(1);
    const [post] = await receiver.waitFor(1);
    expect(email!.parsed.text).toContain('Asha Rao');
    expect(post!.signatureError).toBeUndefined();
    expect(post!.event).toMatchObject({
      type: 'lead.created',
      data: { name: 'Asha Rao', campaign: { utm_campaign: LEAD.campaign_id } },
    });
    // Whatever is still due goes now: a second read, email or post would show here.
    await t.metaGraph?.drain();
    await t.delivery.drain();
    await Promise.all(t.webhooks.map((worker) => worker.drain()));
    expect(graph.requests).toHaveLength(1);
    expect(inbox.messages).toHaveLength(1);
    expect(receiver.posts).toHaveLength(1);
    stream.close();
  });

  it('when the buyer’s data is erased, then the stored Meta event of the lead goes too', async () => {
    await start();
    const meena = await t.addUser('meena@iconia.test', 'manager', 'Meena');
    await deliver(metaLeadgenEvent([{ leadgenId: LEAD.id }]));
    await inbox.waitFor(1);
    const storedEvents = () =>
      t.store.db
        .prepare(`SELECT count(*) AS count FROM deliveries WHERE message_id = ?`)
        .get(`meta-leadgen:${LEAD.id}`) as { count: number };
    expect(storedEvents().count).toBe(1);

    const erased = await t.desk.api.erasure.erase('+919876543210', meena, t.clock.now());

    expect(erased).toHaveLength(1);
    expect(storedEvents().count).toBe(0);
  });

  it('when Graph fails for 10 minutes, then the lead arrives once Graph answers again', async () => {
    const clock = createTestClock(Date.now());
    await start(clock);
    graph.fail('transient-error');
    await deliver(metaLeadgenEvent([{ leadgenId: LEAD.id }]));

    for (let elapsed = 0; elapsed <= 10 * MINUTE; elapsed += MINUTE) {
      await t.metaGraph?.drain();
      clock.advance(MINUTE);
    }
    const failedReads = graph.requests.length;
    graph.recover();
    for (let waited = 0; waited <= 5 * MINUTE && inbox.messages.length === 0; waited += MINUTE) {
      clock.advance(MINUTE);
      await t.metaGraph?.drain();
      await t.delivery.drain();
    }

    expect(failedReads).toBeGreaterThanOrEqual(5);
    const [email] = await inbox.waitFor(1);
    expect(email!.parsed.text).toContain('Asha Rao');
    expect(t.store.listLeads().filter((lead) => lead.name === 'Asha Rao')).toHaveLength(1);
  });
});
