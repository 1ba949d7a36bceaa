import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestClock, type TestClock } from '@iconia/testkit';
import type { LeadPage, LeadView } from '@iconia/shared';
import {
  SAME_ORIGIN,
  startDeskTestServer,
  type DeskTestServer,
} from '../desk/desk-test-support.ts';

const MINUTE = 60_000;

async function viewOf(t: DeskTestServer, email: string, leadId: number): Promise<LeadView> {
  const res = await (await t.signIn(email)).get(`/desk/api/leads/${leadId}`);
  expect(res.status).toBe(200);
  return res.body as LeadView;
}

/** What the buyer page shows before the call: what they asked, and routing's clock. */
describe("a buyer's page before the call", () => {
  let t: DeskTestServer;
  let clock: TestClock;

  beforeEach(async () => {
    // The test kit's clock starts on a Saturday at 3:45 pm in India, inside working hours.
    clock = createTestClock();
    t = await startDeskTestServer({ clock });
    await t.addUser('meena@iconia.test', 'manager', 'Meena');
    await t.addUser('arjun@iconia.test', 'agent', 'Arjun');
  });
  afterEach(async () => {
    await t.remove();
  });

  const view = (email: string, leadId: number) => viewOf(t, email, leadId);

  it('when routing gave the buyer to an agent on duty, then the buyer answers with the time left to the first-response target', async () => {
    const agent = await t.signIn('arjun@iconia.test');
    await agent.put('/desk/api/duty').set(SAME_ORIGIN).send({ onDuty: true });
    const leadId = t.storeLead();
    clock.advance(2 * MINUTE);

    const { responseTarget } = await view('arjun@iconia.test', leadId);

    expect(responseTarget).toEqual({
      dueAt: '2026-11-21T15:50:00+05:30',
      workingMinutesLeft: 3,
    });
  });

  it('when the target has passed, then the minutes left are negative', async () => {
    const agent = await t.signIn('arjun@iconia.test');
    await agent.put('/desk/api/duty').set(SAME_ORIGIN).send({ onDuty: true });
    const leadId = t.storeLead();
    // One minute past the target; the routing worker has not moved the buyer on yet.
    clock.advance(6 * MINUTE);

    expect((await view('meena@iconia.test', leadId)).responseTarget).toMatchObject({
      workingMinutesLeft: -1,
    });
  });

  it('when the agent has called the buyer, then no clock runs', async () => {
    const agent = await t.signIn('arjun@iconia.test');
    await agent.put('/desk/api/duty').set(SAME_ORIGIN).send({ onDuty: true });
    const leadId = t.storeLead();
    const called = await agent
      .post(`/desk/api/leads/${leadId}/contacts`)
      .set(SAME_ORIGIN)
      .send({ channel: 'call' });
    expect(called.status).toBe(201);

    expect((await view('arjun@iconia.test', leadId)).responseTarget).toBeNull();
  });

  it('when nobody is on duty, then the unassigned buyer has no clock', async () => {
    const leadId = t.storeLead();

    const answer = await view('meena@iconia.test', leadId);

    expect(answer.lead.owner).toBeNull();
    expect(answer.responseTarget).toBeNull();
  });

  it("when a partner's enquiry carries a message and an advert's form its answers, then the buyer shows both, and erasing the buyer removes them, their campaign aside", async () => {
    const leadId = t.storeLead({
      kind: 'enquiry',
      origin: 'partner:acme-realty',
      externalId: 'acme-1',
      plotRange: undefined,
      message: 'Looking for an east-facing corner plot',
      answers: { 'When do you plan to buy?': 'Within 3 months' },
    });

    const before = await view('meena@iconia.test', leadId);
    const manager = await t.signIn('meena@iconia.test');
    const mobile = before.lead.mobile;
    const erased = await manager.post('/desk/api/erasures').set(SAME_ORIGIN).send({ mobile });
    const after = await view('meena@iconia.test', leadId);

    expect(before.lead).toMatchObject({
      plotRange: null,
      message: 'Looking for an east-facing corner plot',
      answers: [{ question: 'When do you plan to buy?', answer: 'Within 3 months' }],
    });
    expect(erased.body).toEqual({ erased: 1 });
    expect(after.lead).toMatchObject({ erased: true, message: null, answers: [] });
    expect(after.lead.buyerSaid).toEqual({
      plotRange: null,
      location: null,
      message: null,
      campaigns: [{ utmSource: 'google', utmCampaign: null }],
    });
  });
});

/** What a buyer said in any of their enquiries, wherever the desk shows them. */
describe("a buyer's whole story", () => {
  let t: DeskTestServer;
  let clock: TestClock;
  const mobile = '9876512345';

  beforeEach(async () => {
    clock = createTestClock();
    t = await startDeskTestServer({ clock });
    await t.addUser('meena@iconia.test', 'manager', 'Meena');
  });
  afterEach(async () => {
    await t.remove();
  });

  /** A partner's first enquiry with a message and a campaign, then one with a name and mobile only. */
  function partnerBuyer(): { first: number; second: number } {
    const first = t.storeLead({
      kind: 'enquiry',
      origin: 'partner:acme',
      externalId: 'acme-1',
      mobile,
      plotRange: undefined,
      message: 'Looking for 300 sq. yds, call after 6 pm',
      attribution: { utm_source: 'acme', utm_campaign: 'nov-expo' },
    });
    clock.advance(MINUTE);
    const second = t.storeLead({
      kind: 'enquiry',
      origin: 'partner:acme',
      externalId: 'acme-2',
      mobile,
      plotRange: undefined,
      attribution: {},
    });
    return { first, second };
  }

  it("when a buyer's latest enquiry held only a name and mobile, then their inbox row says what the earlier one said and names its campaign", async () => {
    const { second } = partnerBuyer();

    const res = await (await t.signIn('meena@iconia.test')).get('/desk/api/leads');

    expect(res.status).toBe(200);
    const [row] = (res.body as LeadPage).leads;
    expect(row).toMatchObject({ id: second, enquiries: 2, plotRange: null, utmSource: null });
    expect(row?.buyerSaid).toEqual({
      plotRange: null,
      location: null,
      message: 'Looking for 300 sq. yds, call after 6 pm',
      campaigns: [{ utmSource: 'acme', utmCampaign: 'nov-expo' }],
    });
  });

  it('when a buyer wrote several times, then the row gives the newest plot range, location and message, and every campaign newest first, spam aside', async () => {
    t.storeLead({
      mobile,
      plotRange: '200 - 300 Sq. Yds',
      location: 'Kondapur',
      attribution: { source: 'brochure-modal', utm_source: 'google', utm_campaign: 'villa' },
    });
    clock.advance(MINUTE);
    t.storeLead({
      mobile,
      plotRange: '300 - 400 Sq. Yds',
      attribution: { source: 'brochure-modal', utm_source: 'facebook', utm_campaign: 'diwali' },
    });
    clock.advance(MINUTE);
    t.storeLead({ mobile, kind: 'contact', plotRange: undefined, attribution: {} });
    clock.advance(MINUTE);
    t.storeLead({
      mobile,
      spam: true,
      plotRange: '165 - 200 Sq. Yds',
      attribution: { source: 'brochure-modal', utm_source: 'spam' },
    });

    const res = await (await t.signIn('meena@iconia.test')).get('/desk/api/leads');

    expect((res.body as LeadPage).leads[0]?.buyerSaid).toEqual({
      plotRange: '300 - 400 Sq. Yds',
      location: 'Kondapur',
      message: null,
      campaigns: [
        { utmSource: 'facebook', utmCampaign: 'diwali' },
        { utmSource: 'google', utmCampaign: 'villa' },
      ],
    });
  });

  it('when the buyer is opened from either enquiry (the inbox links the latest, an email its own), then both answer the same story', async () => {
    const { first, second } = partnerBuyer();

    const fromEmail = await viewOf(t, 'meena@iconia.test', first);
    const fromInbox = await viewOf(t, 'meena@iconia.test', second);

    expect(fromEmail.lead.buyerSaid).toEqual(fromInbox.lead.buyerSaid);
    expect(fromEmail.enquiries).toEqual(fromInbox.enquiries);
    expect(fromInbox.enquiries.map(({ id, message }) => ({ id, message }))).toEqual([
      { id: first, message: 'Looking for 300 sq. yds, call after 6 pm' },
      { id: second, message: null },
    ]);
  });
});
