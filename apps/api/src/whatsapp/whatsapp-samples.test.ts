/**
 * Meta's own samples of the `messages` webhook (packages/testkit/samples, with where each came
 * from), posted unchanged and signed with the app's secret: every message lands as what it is,
 * the ad's referral is kept, statuses move the message we sent, and a post delivered again adds
 * nothing.
 */
import type TestAgent from 'supertest/lib/agent.js';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { WhatsappConversation } from '@iconia/shared';
import { platformSample, type PlatformSample, type WhatsappCloudApi } from '@iconia/testkit';
import { startDeskTestServer, type DeskTestServer } from '../desk/desk-test-support.ts';
import { postWebhook, startCloudApiPeer, whatsappEnv } from './whatsapp-test-support.ts';

/** The wamid the status samples name: the peer answers our first send with it. */
const SAMPLE_STATUS_WAMID = 'wamid.HBgLMTY1MDM4Nzk0MzkVAgARGBI3N0EwRThBQTBFRjJENTRCNjUA';

const MESSAGE_SAMPLES: Array<[PlatformSample, { kind: string; what: string; text: string }]> = [
  ['whatsapp-text.json', { kind: 'text', what: 'Text', text: 'Does it come in another color?' }],
  ['whatsapp-image.json', { kind: 'image', what: 'Image', text: 'Black jacket' }],
  ['whatsapp-document.json', { kind: 'document', what: 'Document', text: 'Lucky Shrub Invoice' }],
  [
    'whatsapp-location.json',
    {
      kind: 'location',
      what: 'Location',
      text: 'Philz Coffee, 1 Hacker Way, Menlo Park, CA 94025 (37.483307, -122.148981)',
    },
  ],
  [
    'whatsapp-contacts.json',
    {
      kind: 'other',
      what: 'Another kind of message',
      text: 'Shared a contact card: Barbara J. Johnson',
    },
  ],
  [
    'whatsapp-reaction.json',
    { kind: 'other', what: 'Another kind of message', text: 'Reacted 👍 to a message' },
  ],
  [
    'whatsapp-interactive-button-reply.json',
    { kind: 'button', what: 'Button reply', text: 'Cancel' },
  ],
  [
    'whatsapp-interactive-list-reply.json',
    { kind: 'button', what: 'Button reply', text: 'Express Shipping' },
  ],
  [
    'whatsapp-template-quick-reply.json',
    { kind: 'button', what: 'Button reply', text: 'Unsubscribe' },
  ],
  [
    'whatsapp-unsupported.json',
    {
      kind: 'other',
      what: 'Another kind of message',
      text: 'A message WhatsApp does not pass on (Message type is currently not supported.): open WhatsApp to see it',
    },
  ],
];

const STATUS_SAMPLES = [
  'whatsapp-status-sent.json',
  'whatsapp-status-delivered.json',
  'whatsapp-status-read.json',
  'whatsapp-status-failed.json',
] as const satisfies PlatformSample[];

describe('Meta’s own WhatsApp webhook samples, sent unchanged', () => {
  let api: WhatsappCloudApi;
  let t: DeskTestServer;
  let manager: TestAgent;

  beforeAll(async () => {
    api = await startCloudApiPeer();
  });
  afterAll(() => api.close());
  beforeEach(async () => {
    t = await startDeskTestServer({ env: whatsappEnv(api) });
    await t.addUser('meena@iconia.test', 'manager', 'Meena');
    manager = await t.signIn('meena@iconia.test');
  });
  afterEach(() => t.remove());

  const post = (sample: PlatformSample) => postWebhook(t.url, platformSample(sample));
  const conversation = async (leadId: number) => {
    const reply = await manager.get(`/desk/api/leads/${leadId}/whatsapp`).expect(200);
    return reply.body as WhatsappConversation;
  };
  const incoming = async (leadId: number) =>
    (await conversation(leadId)).messages
      .filter((message) => message.direction === 'in')
      .map(({ kind, what, text }) => ({ kind, what, text }));

  it('when the Click-to-WhatsApp sample comes from an unknown number, then a buyer of origin whatsapp is made, named from the profile, with the ad as attribution', async () => {
    const reply = await post('whatsapp-referral.json');

    expect(reply.status).toBe(200);
    const leads = t.store.listLeads();
    expect(leads).toHaveLength(1);
    expect(leads[0]).toMatchObject({
      origin: 'whatsapp',
      name: 'Sheena Nelson',
      mobile: '+16505551234',
      message: 'Can I get more info about this?',
      attribution: {
        utm_source: 'meta',
        utm_medium: 'click_to_whatsapp',
        utm_campaign: 'Chat with us',
        utm_content: '120226305854810726',
      },
      answers: {
        'Ad link': 'https://fb.me/3cr4Wqqkv',
        'Ad type': 'ad',
        'Click id (ctwa_clid)':
          'ARAkLkA8rmlFeiCktEJQ-QTwRiyYHAFDLMNDBH0CD3qpjd0HR4irJ6LEkR7JwFF4XvnO2E4Nx0-eM-GABDLOPaOdRMv-_zfUQ2a',
      },
    });
    expect(leads[0]?.problems ?? []).toEqual([]);
  });

  it('when every message sample is posted, then each is answered 200 and shown in the conversation as what it is, with nothing flagged; posted again, nothing is added', async () => {
    for (const [sample] of MESSAGE_SAMPLES) expect((await post(sample)).status).toBe(200);
    const [lead] = t.store.listLeads();

    expect(t.store.listLeads()).toHaveLength(1);
    expect(lead).toMatchObject({ origin: 'whatsapp', mobile: '+16505551234' });
    expect(lead?.problems ?? []).toEqual([]);
    const shown = await incoming(lead!.id);
    expect(shown).toHaveLength(MESSAGE_SAMPLES.length);
    expect(shown).toEqual(expect.arrayContaining(MESSAGE_SAMPLES.map(([, message]) => message)));
    const flagged = t.store.db
      .prepare(`SELECT text FROM lead_events WHERE text LIKE '%not as WhatsApp documents it%'`)
      .all();
    expect(flagged).toEqual([]);

    for (const [sample] of MESSAGE_SAMPLES) await post(sample).expect(200);

    expect(t.store.listLeads()).toHaveLength(1);
    expect(await incoming(lead!.id)).toEqual(shown);
  });

  it('when the status samples name the message we sent, then it moves to sent, delivered and read, and failed keeps Meta’s reason in words', async () => {
    api.answerWithWamids(SAMPLE_STATUS_WAMID);
    await post('whatsapp-text.json').expect(200);
    const [lead] = t.store.listLeads();
    const outgoing = async () =>
      (await conversation(lead!.id)).messages.find((message) => message.direction === 'out');
    await expect.poll(async () => (await outgoing())?.status, { timeout: 15_000 }).toBe('sent');

    for (const sample of STATUS_SAMPLES.slice(0, 3)) await post(sample).expect(200);
    expect((await outgoing())?.status).toBe('read');

    await post('whatsapp-status-failed.json').expect(200);
    expect(await outgoing()).toMatchObject({
      status: 'failed',
      failure: expect.stringMatching(/^Not delivered: this number is not on WhatsApp/) as unknown,
    });
  });

  it('when the status samples name a message we never sent, then each is answered 200 and nothing is stored', async () => {
    for (const sample of STATUS_SAMPLES) await post(sample).expect(200);

    expect(t.store.listLeads()).toEqual([]);
    expect(t.store.db.prepare(`SELECT id FROM whatsapp_messages`).all()).toEqual([]);
  });
});
