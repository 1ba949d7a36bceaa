import { GRAPH_API_VERSION } from '@iconia/api/meta-graph';
/**
 * The ad platforms' own sample bodies (packages/testkit/samples, with where each came from), sent
 * unchanged: every one is stored, acknowledged and shown where it belongs, none refused or lost.
 */
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  metaSignature,
  platformSample,
  startGraphApi,
  startSmtpInbox,
  type GraphApi,
  type GraphLead,
  type PlatformSample,
  type SmtpInbox,
} from '@iconia/testkit';
import {
  GOOGLE_ADS_PATH,
  META_INTAKE_PATH,
  type DeskLeadDetail,
  type DeskLeadRow,
} from '@iconia/shared';
import { startDeskTestServer, type DeskTestServer } from '../desk/desk-test-support.ts';

/** The key Google's samples carry; the server is given it so the bodies go out unchanged. */
const SAMPLE_KEY = 'google-ads-sample-key';
const APP_SECRET = 'meta-app-secret-for-tests';
const PAGE_TOKEN = 'EAAGpageTokenForTests';

describe('the ad platforms’ own samples, sent unchanged', () => {
  let graph: GraphApi;
  let inbox: SmtpInbox;
  let t: DeskTestServer;
  let manager: TestAgent;

  beforeEach(async () => {
    graph = await startGraphApi({
      version: GRAPH_API_VERSION,
      appSecret: APP_SECRET,
      accessToken: PAGE_TOKEN,
    });
    inbox = await startSmtpInbox();
    t = await startDeskTestServer({
      env: {
        SMTP_URL: inbox.url,
        GOOGLE_ADS_WEBHOOK_KEY: SAMPLE_KEY,
        META_APP_SECRET: APP_SECRET,
        META_VERIFY_TOKEN: 'verify-me',
        META_PAGE_ACCESS_TOKEN: PAGE_TOKEN,
        META_GRAPH_URL: graph.url,
      },
    });
    await t.addUser('meena@iconia.test', 'manager', 'Meena');
    manager = await t.signIn('meena@iconia.test');
  });
  afterEach(async () => {
    await t.remove();
    await Promise.all([graph.close(), inbox.close()]);
  });

  const postGoogle = (sample: PlatformSample) =>
    request(t.url)
      .post(GOOGLE_ADS_PATH)
      .set('Content-Type', 'application/json')
      .send(platformSample(sample));
  const testLeads = async () =>
    ((await manager.get('/desk/api/leads?test=1')).body as { leads: DeskLeadRow[] }).leads;

  it.each([
    ['google-ads-sample-1.json', 'FirstName LastName'],
    ['google-ads-sample-2.json', 'FirstName LastName'],
    ['google-ads-sample-3.json', 'FirstName LastName'],
  ] as const)(
    'when Google posts its %s, then it is stored, answered 200 and listed under Test with its number called not valid',
    async (sample, name) => {
      const response = await postGoogle(sample);

      expect([response.status, response.text]).toEqual([200, 'success']);
      expect(await testLeads()).toEqual([
        expect.objectContaining({
          name,
          mobile: '',
          problems: ['Number not valid: +11234567890'],
        }),
      ]);
    },
  );

  it('when a sample comes with an email but no usable number, then the buyer’s page gives the email to write to', async () => {
    await postGoogle('google-ads-sample-3.json');
    const [lead] = t.store.listLeads();

    const view = await manager.get(`/desk/api/leads/${lead?.id}`);

    expect(view.status).toBe(200);
    expect((view.body as { lead: DeskLeadDetail }).lead).toMatchObject({
      mobile: '',
      emailAddress: 'test@example.com',
    });
  });

  it('when Google posts a sample whose form_id is the largest int64, then the id is kept exactly as sent', async () => {
    await postGoogle('google-ads-sample-3.json');

    expect(t.store.listLeads()[0]?.answers).toMatchObject({ form_id: '9223372036854775807' });
  });

  it('when Google Ads "Send test data" posts dummy values, then the lead is stored as a test and emailed to nobody', async () => {
    const response = await postGoogle('google-ads-send-test-data.json');

    expect([response.status, response.text]).toEqual([200, 'success']);
    const [lead] = t.store.listLeads();
    expect(lead).toMatchObject({ status: 'test', origin: 'google_ads' });
    expect((await testLeads()).map((row) => row.id)).toEqual([lead?.id]);
    expect(t.store.pendingSummary().count).toBe(0);
  });

  it('when Meta delivers numeric ids and its testing tool’s lead, then the lead is read, stored under Test and never emailed', async () => {
    const testingToolLead = JSON.parse(platformSample('meta-testing-tool-lead.json')) as GraphLead;
    graph.addLead(testingToolLead);
    const body = platformSample('meta-leadgen-numeric-ids.json');

    const response = await request(t.url)
      .post(META_INTAKE_PATH)
      .set('Content-Type', 'application/json')
      .set('X-Hub-Signature-256', metaSignature(body, APP_SECRET))
      .send(body);

    expect([response.status, response.text]).toEqual([200, 'success']);
    const [read] = await graph.waitForRequests(1);
    expect(read?.path).toMatch(/\/130528934038370$/);
    await expect.poll(() => t.store.listLeads().length).toBe(1);
    expect(await testLeads()).toEqual([
      expect.objectContaining({
        origin: 'meta',
        name: '<test lead: dummy data for full_name>',
        mobile: '',
        problems: ['Number not valid: <test lead: dummy data for phone_number>'],
      }),
    ]);
    expect(inbox.messages).toHaveLength(0);
  });
});
