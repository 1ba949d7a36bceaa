import path from 'node:path';
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answer,
  freePort,
  type SmtpInbox,
  startSmtpInbox,
  startWebhookReceiver,
  type WebhookReceiver,
} from '@iconia/testkit';
import { runLeadsCli } from '../cli/run-leads-cli.ts';
import { loadConfig } from '../config.ts';
import {
  SAME_ORIGIN,
  startDeskTestServer,
  type DeskTestServer,
} from '../desk/desk-test-support.ts';
import type { DeskLeadDetail, DeskLeadRow } from '@iconia/shared';
import { webhookChannelName } from '../webhooks/webhook-channel.ts';
import { signWebhook } from '../standard-webhooks.ts';

const HOUR = 3_600_000;
const SIGNING_KEY = `whsec_${randomBytes(32).toString('base64')}`;

describe('erasing a lead the outbox has not delivered yet', () => {
  let t: DeskTestServer;
  let smtpPort: number;
  let receiver: WebhookReceiver;
  let inbox: SmtpInbox | undefined;

  const sendLead = async (name: string, mobile: string) => {
    const res = await request(t.url)
      .post('/send-email')
      .type('form')
      .send({ name, mobile, plotRange: '200 - 300 Sq. Yds', source: 'brochure-modal' });
    expect(res.text).toBe('success');
  };
  const leadOf = async (agent: TestAgent, id: number | undefined) =>
    ((await agent.get(`/desk/api/leads/${id}`)).body as { lead: DeskLeadDetail }).lead;
  /** Lets the email and webhook workers send everything due an hour from now. */
  const anHourLater = async () => {
    t.clock.advance(HOUR);
    await Promise.all([t.delivery, ...t.webhooks].map((worker) => worker.drain()));
  };

  beforeAll(async () => {
    // Nothing listens on the SMTP port yet and the CRM answers 503: both keep retrying.
    smtpPort = await freePort();
    receiver = await startWebhookReceiver({ reply: answer(503) });
    t = await startDeskTestServer({
      env: {
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        WEBHOOK_URL: receiver.url,
        WEBHOOK_SECRET: SIGNING_KEY,
      },
    });
    await t.addUser('meena@iconia.test', 'manager', 'Meena');
  });
  afterAll(async () => {
    await t.remove();
    await inbox?.close();
    await receiver.close();
  });

  it('when a manager erases a mobile whose email and webhook are still retrying, then neither is sent afterwards', async () => {
    const manager = await t.signIn('meena@iconia.test');
    await sendLead('Ravi Kumar', '9876543210');
    await receiver.waitFor(1);
    await Promise.all([t.delivery, ...t.webhooks].map((worker) => worker.drain()));
    const [ravi] = t.store.listLeads();
    const before = await leadOf(manager, ravi?.id);
    expect(before.email).toMatchObject({ state: 'failing', sentAt: null });
    expect(before.webhooks).toEqual([expect.objectContaining({ state: 'failing', sentAt: null })]);

    const erased = await manager
      .post('/desk/api/erasures')
      .set(SAME_ORIGIN)
      .send({ mobile: '9876543210' });
    expect(erased.body).toEqual({ erased: 1 });
    expect(await leadOf(manager, ravi?.id)).toMatchObject({
      erased: true,
      name: '',
      email: { state: 'not_sent', lastError: null },
      webhooks: [],
    });

    // Mail and CRM come back; a lead sent now goes out, the erased one never does.
    inbox = await startSmtpInbox({ port: smtpPort });
    receiver.reply(answer(200));
    const postsBefore = receiver.posts.length;
    await sendLead('Asha Reddy', '9123456780');
    await inbox.waitFor(1);
    await receiver.waitFor(postsBefore + 1);
    await anHourLater();
    await anHourLater();

    expect(inbox.messages.map((mail) => mail.parsed.subject)).toEqual([
      expect.stringContaining('Asha Reddy'),
    ]);
    const later = receiver.posts
      .slice(postsBefore)
      .map((post) => JSON.parse(post.body) as { type: string; data: Record<string, unknown> });
    const ofType = (type: string) => later.filter((event) => event.type === type);
    expect(ofType('lead.created').map((event) => event.data.name)).toEqual(['Asha Reddy']);
    // The CRM was tried with Ravi's lead, so it may hold it: it is told to forget it.
    expect(ofType('lead.erased').map((event) => event.data.ids)).toEqual([[ravi?.publicId]]);
    const pending = t.store.db
      .prepare(`SELECT count(*) FROM deliveries WHERE status = 'pending'`)
      .pluck()
      .get();
    expect(pending).toBe(0);
  });

  it('when a held lead is erased, then it shows as held until then and the CLI refuses to release it', async () => {
    const manager = await t.signIn('meena@iconia.test');
    const id = t.storeLead({ name: 'Kiran Rao', mobile: '9000000001', held: true });
    const held = (await manager.get('/desk/api/leads?held=1')).body as { leads: DeskLeadRow[] };
    expect(held.leads).toEqual([expect.objectContaining({ id, held: true })]);
    expect(await leadOf(manager, id)).toMatchObject({ status: 'held', email: { state: 'held' } });

    await manager.post('/desk/api/erasures').set(SAME_ORIGIN).send({ mobile: '9000000001' });
    const publicId = t.store.listLeads().find((lead) => lead.id === id)?.publicId ?? '';
    let err = '';
    const dataDir = path.dirname(t.config.databaseFile);
    const code = await runLeadsCli(['release', publicId.slice(0, 8)], {
      out: () => undefined,
      err: (text) => {
        err += text;
      },
      clock: t.clock,
      cwd: dataDir,
      config: () => loadConfig({ DATA_DIR: dataDir }, dataDir),
    });
    expect(code).toBe(1);
    expect(err).toContain('was erased at the person');
    const pendingForLead = t.store.db
      .prepare(`SELECT count(*) FROM deliveries WHERE lead_id = ? AND status = 'pending'`)
      .pluck()
      .get(id);
    expect(pendingForLead).toBe(0);
  });

  it('when a manager erases a mobile whose lead reached the CRM, then the CRM gets a signed lead.erased naming it, retried with one webhook-id of its own', async () => {
    const manager = await t.signIn('meena@iconia.test');
    receiver.reply(answer(200));
    const postsBefore = receiver.posts.length;
    await sendLead('Kiran Rao', '9000000002');
    await receiver.waitFor(postsBefore + 1);
    const kiran = t.store.listLeads().find((lead) => lead.mobile === '+919000000002');

    receiver.reply(answer(503));
    await manager.post('/desk/api/erasures').set(SAME_ORIGIN).send({ mobile: '9000000002' });
    await Promise.all(t.webhooks.map((worker) => worker.drain()));
    receiver.reply(answer(200));
    await anHourLater();

    const [created, ...erasures] = receiver.posts.slice(postsBefore);
    const key = Buffer.from(SIGNING_KEY.slice('whsec_'.length), 'base64');
    expect(erasures).toHaveLength(2);
    for (const post of erasures) {
      const { 'webhook-id': id, 'webhook-timestamp': sentAt } = post.headers;
      // The signature the Standard Webhooks libraries check (the server's clock is an hour ahead,
      // past their five-minute window, which send-webhook.test.ts covers).
      expect(post.headers['webhook-signature']).toBe(
        signWebhook(key, String(id), Number(sentAt), post.body),
      );
      expect(JSON.parse(post.body)).toMatchObject({
        type: 'lead.erased',
        data: { ids: [kiran?.publicId] },
      });
    }
    expect(erasures[1]?.headers['webhook-id']).toBe(erasures[0]?.headers['webhook-id']);
    expect(erasures[0]?.headers['webhook-id']).not.toBe(created?.headers['webhook-id']);
    expect(t.store.pendingSummary(webhookChannelName(receiver.url)).count).toBe(0);
  });
});
