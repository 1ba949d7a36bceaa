import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestClock, type TestClock } from '@iconia/testkit';
import type { LeadView } from '@iconia/shared';
import { SAME_ORIGIN, startDeskTestServer, type DeskTestServer } from './desk-test-support.ts';

const MINUTE = 60_000;

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

  async function view(email: string, leadId: number): Promise<LeadView> {
    const res = await (await t.signIn(email)).get(`/desk/api/leads/${leadId}`);
    expect(res.status).toBe(200);
    return res.body as LeadView;
  }

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

  it("when a partner's enquiry carries a message and an advert's form its answers, then the buyer shows both, and erasing the buyer removes them", async () => {
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
  });
});
