import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createTempDir,
  platformSample,
  type TempDir,
  type WhatsappCloudApi,
} from '@iconia/testkit';
import { startTestServer, type TestServer } from '@iconia/api/test-server';
import { postWebhook, startCloudApiPeer, whatsappEnv } from './whatsapp-test-support.ts';

/** The business number of Meta's samples is the one the tests' server is set up with. */
const SAMPLE_SENDER = '+16505551234';

describe('WhatsApp’s own webhook samples, and posts not as documented', () => {
  let temp: TempDir;
  let api: WhatsappCloudApi;
  let server: TestServer;

  beforeAll(async () => {
    api = await startCloudApiPeer();
  });
  afterAll(() => api.close());
  beforeEach(async () => {
    temp = createTempDir();
    server = await startTestServer({ dataDir: temp.dir, env: whatsappEnv(api) });
  });
  afterEach(async () => {
    await server.close();
    temp.remove();
  });

  const leads = () =>
    server.store.db
      .prepare(
        `SELECT l.name, l.mobile, l.origin, l.problems, l.answers FROM leads l ORDER BY l.id`,
      )
      .all() as Array<{
      name: string;
      mobile: string;
      origin: string;
      problems: string | null;
      answers: string | null;
    }>;

  const messages = () =>
    server.store.db
      .prepare(`SELECT kind, text FROM whatsapp_messages WHERE direction = 'in' ORDER BY id`)
      .all() as Array<{ kind: string; text: string | null }>;

  const timeline = () =>
    server.store.db.prepare(`SELECT text FROM lead_events ORDER BY id`).pluck().all() as string[];

  it('when Meta’s text message sample is posted unchanged, twice, then one buyer of origin whatsapp holds it', async () => {
    const body = platformSample('whatsapp-text-message.json');

    await postWebhook(server.url, body).expect(200);
    await postWebhook(server.url, body).expect(200);

    expect(leads().map(({ name, mobile, origin }) => ({ name, mobile, origin }))).toEqual([
      { name: 'Sheena Nelson', mobile: SAMPLE_SENDER, origin: 'whatsapp' },
    ]);
    expect(messages()).toEqual([{ kind: 'text', text: 'Does it come in another color?' }]);
  });

  it('when Meta’s status and unsupported-message samples are posted unchanged, then each is acknowledged and the unsupported message is kept as what it is', async () => {
    await postWebhook(server.url, platformSample('whatsapp-status-delivered.json')).expect(200);
    await postWebhook(server.url, platformSample('whatsapp-unsupported-message.json')).expect(200);

    expect(leads().map(({ name, origin }) => ({ name, origin }))).toEqual([
      { name: 'Pablo Morales', origin: 'whatsapp' },
    ]);
    expect(messages()).toEqual([
      { kind: 'other', text: 'An unsupported message (open WhatsApp to see it)' },
    ]);
  });

  it('when a signed post holds a message not as documented beside a good one, then both are kept, the bad one flagged in words, and the post is answered 200', async () => {
    const body = JSON.parse(platformSample('whatsapp-text-message.json')) as {
      entry: Array<{ changes: Array<{ value: { messages: unknown[] } }> }>;
    };
    const value = body.entry[0]!.changes[0]!.value;
    value.messages.push({
      from: '16505551234',
      id: 'wamid.second',
      timestamp: 'yesterday',
      type: 'text',
      text: { body: 42 },
    });

    await postWebhook(server.url, JSON.stringify(body)).expect(200);

    expect(messages()).toEqual([
      { kind: 'text', text: 'Does it come in another color?' },
      { kind: 'other', text: 'A message the desk cannot read (open WhatsApp to see it)' },
    ]);
    expect(timeline()).toContain(
      'WhatsApp sent a message whose entry.0.changes.0.value.messages.1.timestamp is not as documented.',
    );
  });

  it('when a signed post holds a message with no sender, then it becomes an enquiry with the message as sent and the problem in words', async () => {
    const body = JSON.parse(platformSample('whatsapp-text-message.json')) as {
      entry: Array<{ changes: Array<{ value: { messages: Array<Record<string, unknown>> } }> }>;
    };
    delete body.entry[0]!.changes[0]!.value.messages[0]!.from;

    await postWebhook(server.url, JSON.stringify(body)).expect(200);
    await postWebhook(server.url, JSON.stringify(body)).expect(200);

    const [lead, ...more] = leads();
    expect(more).toEqual([]);
    expect(lead).toMatchObject({ origin: 'whatsapp', mobile: '' });
    expect(lead!.problems).toContain(
      'WhatsApp sent a message whose entry.0.changes.0.value.messages.0.from is not as documented.',
    );
    expect(lead!.answers).toContain('Does it come in another color?');
  });
});
