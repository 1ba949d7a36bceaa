import ICAL from 'ical.js';
import type TestAgent from 'supertest/lib/agent.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  MAP_DIRECTIONS_URL,
  PHONES,
  SITE_ADDRESS_LINE,
  visitConfirmationText,
  whatsAppLink,
  type LeadView,
  type Visit,
} from '@iconia/shared';
import {
  SAME_ORIGIN,
  startDeskTestServer,
  type DeskTestServer,
} from '../desk/desk-test-support.ts';

// The test clock starts on Saturday 21 November 2026, 3:45 pm in India. Sunday the 22nd has
// the weekend's slots (four visits each), Monday the 23rd the weekdays' (two each).
const SUNDAY = '2026-11-22';
const MONDAY = '2026-11-23';

const booking = (fields: Record<string, unknown> = {}) => ({
  date: SUNDAY,
  time: '10:00',
  people: 4,
  pickup: true,
  notes: 'Coming with parents from Hyderabad',
  ...fields,
});

const book = (who: TestAgent, id: number, fields: Record<string, unknown> = {}) =>
  who.post(`/desk/api/leads/${id}/visits`).set(SAME_ORIGIN).send(booking(fields));

function remindersOf(t: DeskTestServer, visitId: number) {
  return t.store.db
    .prepare<[number], { message_id: string; next_attempt_at: number; status: string }>(
      `SELECT message_id, next_attempt_at, status FROM deliveries
       WHERE kind = 'visit-reminder' AND json_extract(payload, '$.visitId') = ?
       ORDER BY next_attempt_at`,
    )
    .all(visitId);
}

describe('site visits on the desk API', () => {
  let t: DeskTestServer;
  let manager: TestAgent;
  let agent: TestAgent;
  let leadId: number;

  beforeEach(async () => {
    t = await startDeskTestServer();
    await t.addUser('manager@iconia.test', 'manager', 'Meena');
    await t.addUser('agent@iconia.test', 'agent', 'Arjun');
    manager = await t.signIn('manager@iconia.test');
    agent = await t.signIn('agent@iconia.test');
    leadId = t.storeLead({ name: 'Ravi Kumar', mobile: '9876543210' });
  });
  afterEach(async () => {
    await t.remove();
  });

  it('when an agent books a visit, then it is stored with its slot, the buyer is Site visit scheduled and the timeline says so', async () => {
    const res = await book(agent, leadId);

    expect(res.status).toBe(201);
    const visit = (res.body as { visit: Visit }).visit;
    expect(visit).toMatchObject({
      leadId,
      name: 'Ravi Kumar',
      mobile: '+919876543210',
      date: SUNDAY,
      time: '10:00',
      startsAt: '2026-11-22T10:00:00+05:30',
      people: 4,
      pickup: true,
      notes: 'Coming with parents from Hyderabad',
      status: 'scheduled',
      booked: { by: { name: 'Arjun' } },
      checkIn: null,
    });
    const view = (await agent.get(`/desk/api/leads/${leadId}`)).body as LeadView;
    expect(view.lead.stage).toBe('visit_scheduled');
    expect(view.timeline.map((entry) => entry.text)).toEqual(
      expect.arrayContaining([
        'Site visit booked for Sunday, 22 November 2026 at 10:00 AM (4 people, pickup needed): Coming with parents from Hyderabad',
        'Stage changed from New to Site visit scheduled',
      ]),
    );
    const availability = await agent.get(`/desk/api/visit-availability?date=${SUNDAY}`);
    expect(availability.body).toMatchObject({
      date: SUNDAY,
      weekday: 7,
      slots: expect.arrayContaining([
        { time: '10:00', capacity: 4, booked: 1, left: 3, past: false },
      ]) as unknown,
    });
  });

  it('when a visit is booked, then its two reminders wait in the outbox for 18:00 the day before and two hours before', async () => {
    const visit = ((await book(agent, leadId)).body as { visit: Visit }).visit;

    expect(remindersOf(t, visit.id)).toEqual([
      {
        message_id: `<visit-${visit.id}-0-day-before@iconia.test>`,
        next_attempt_at: Date.parse('2026-11-21T18:00:00+05:30'),
        status: 'pending',
      },
      {
        message_id: `<visit-${visit.id}-0-two-hours@iconia.test>`,
        next_attempt_at: Date.parse('2026-11-22T08:00:00+05:30'),
        status: 'pending',
      },
    ]);
  });

  it('when N+1 people book the last N places of a slot at the same moment, then N visits are booked and one is refused with a clear 409', async () => {
    const capacity = 3;
    const slots = await manager
      .put('/desk/api/visit-slots')
      .set(SAME_ORIGIN)
      .send({ slots: [{ weekday: 1, time: '11:30', capacity }] });
    expect(slots.status).toBe(200);
    const leads = Array.from({ length: capacity + 1 }, (_, index) =>
      t.storeLead({ name: `Buyer ${index}` }),
    );
    const signedIn = await Promise.all(
      leads.map(async (_, index) => {
        const email = `agent${index}@iconia.test`;
        await t.addUser(email, 'agent');
        return t.signIn(email);
      }),
    );

    const answers = await Promise.all(
      leads.map((id, index) => book(signedIn[index]!, id, { date: MONDAY, time: '11:30' })),
    );

    const statuses = answers.map((res) => res.status).sort();
    expect(statuses).toEqual([201, 201, 201, 409]);
    const refused = answers.find((res) => res.status === 409);
    expect(refused?.body).toEqual({
      error:
        'The Monday, 23 November 2026 at 11:30 AM slot is full (3 visits). Choose another slot.',
    });
    const stored = t.store.db
      .prepare(`SELECT count(*) FROM visits WHERE day = ? AND time = '11:30'`)
      .pluck()
      .get(MONDAY);
    expect(stored).toBe(capacity);
  });

  it('when a visit is moved, then it takes the new slot, its old reminders go and new ones are planned', async () => {
    const visit = ((await book(agent, leadId)).body as { visit: Visit }).visit;

    const res = await agent
      .post(`/desk/api/visits/${visit.id}/reschedule`)
      .set(SAME_ORIGIN)
      .send({ date: MONDAY, time: '15:00' });

    expect(res.status).toBe(200);
    expect((res.body as { visit: Visit }).visit).toMatchObject({ date: MONDAY, time: '15:00' });
    expect(remindersOf(t, visit.id).map((row) => row.message_id)).toEqual([
      `<visit-${visit.id}-1-day-before@iconia.test>`,
      `<visit-${visit.id}-1-two-hours@iconia.test>`,
    ]);
    const view = (await agent.get(`/desk/api/leads/${leadId}`)).body as LeadView;
    expect(view.timeline.map((entry) => entry.text)).toContain(
      'Site visit moved from Sunday, 22 November 2026 at 10:00 AM to Monday, 23 November 2026 at 3:00 PM',
    );
  });

  it('when a visit is moved into a slot that is full, then it is refused with a clear 409 and stays where it was with its reminders', async () => {
    const slots = await manager
      .put('/desk/api/visit-slots')
      .set(SAME_ORIGIN)
      .send({
        slots: [
          { weekday: 7, time: '10:00', capacity: 2 },
          { weekday: 1, time: '11:30', capacity: 1 },
        ],
      });
    expect(slots.status).toBe(200);
    const other = t.storeLead({ name: 'Sunil Rao' });
    expect((await book(agent, other, { date: MONDAY, time: '11:30' })).status).toBe(201);
    const visit = ((await book(agent, leadId)).body as { visit: Visit }).visit;

    const res = await agent
      .post(`/desk/api/visits/${visit.id}/reschedule`)
      .set(SAME_ORIGIN)
      .send({ date: MONDAY, time: '11:30' });

    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      error:
        'The Monday, 23 November 2026 at 11:30 AM slot is full (1 visit). Choose another slot.',
    });
    const after = ((await agent.get(`/desk/api/visits/${visit.id}`)).body as { visit: Visit })
      .visit;
    expect(after).toMatchObject({ date: SUNDAY, time: '10:00', status: 'scheduled' });
    expect(remindersOf(t, visit.id).map((row) => row.message_id)).toEqual([
      `<visit-${visit.id}-0-day-before@iconia.test>`,
      `<visit-${visit.id}-0-two-hours@iconia.test>`,
    ]);
  });

  it('when the only visit is cancelled, then no reminder is left, the place is free again and the buyer is back to Contacted', async () => {
    const visit = ((await book(agent, leadId)).body as { visit: Visit }).visit;

    const res = await agent
      .post(`/desk/api/visits/${visit.id}/cancel`)
      .set(SAME_ORIGIN)
      .send({ reason: 'Family function' });

    expect(res.status).toBe(200);
    expect((res.body as { visit: Visit }).visit).toMatchObject({
      status: 'cancelled',
      cancelled: { reason: 'Family function', by: { name: 'Arjun' } },
    });
    expect(remindersOf(t, visit.id)).toEqual([]);
    const view = (await agent.get(`/desk/api/leads/${leadId}`)).body as LeadView;
    expect(view.lead.stage).toBe('contacted');
    const availability = await agent.get(`/desk/api/visit-availability?date=${SUNDAY}`);
    expect(availability.body).toMatchObject({
      slots: expect.arrayContaining([
        expect.objectContaining({ time: '10:00', left: 4 }),
      ]) as unknown,
    });
  });

  it('when anyone checks the visitor in on the day and writes the outcome, then the visit is done, who did it is kept and the buyer is Site visit done', async () => {
    await t.addUser('site@iconia.test', 'agent', 'Sita');
    const visit = ((await book(agent, leadId)).body as { visit: Visit }).visit;
    t.clock.advance(Date.parse('2026-11-22T09:55:00+05:30') - t.clock.now());
    const atSite = await t.signIn('site@iconia.test');
    manager = await t.signIn('manager@iconia.test');

    const arrived = await atSite
      .post(`/desk/api/visits/${visit.id}/check-in`)
      .set(SAME_ORIGIN)
      .send({ arrival: 'arrived' });
    const done = await atSite
      .post(`/desk/api/visits/${visit.id}/outcome`)
      .set(SAME_ORIGIN)
      .send({ outcome: 'Liked the east-facing corner plots; wants a price sheet' });

    expect(arrived.status).toBe(200);
    expect((arrived.body as { visit: Visit }).visit.checkIn).toEqual({
      arrival: 'arrived',
      at: '2026-11-22T09:55:00+05:30',
      by: { id: expect.any(Number) as unknown, name: 'Sita' },
    });
    expect(done.status).toBe(200);
    expect((done.body as { visit: Visit }).visit).toMatchObject({
      status: 'done',
      outcome: { text: 'Liked the east-facing corner plots; wants a price sheet' },
    });
    const view = (await manager.get(`/desk/api/leads/${leadId}`)).body as LeadView;
    expect(view.lead.stage).toBe('visit_done');
    expect(remindersOf(t, visit.id)).toEqual([]);
  });

  it('when a visit stage is set by hand, then it is refused and the stage stays', async () => {
    const res = await agent
      .patch(`/desk/api/leads/${leadId}`)
      .set(SAME_ORIGIN)
      .send({ stage: 'visit_done' });

    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      error:
        '"Site visit done" follows the buyer\'s site visits: book the visit, or mark it done on the Visits screen.',
    });
    const view = (await agent.get(`/desk/api/leads/${leadId}`)).body as LeadView;
    expect(view.lead.stage).toBe('new');
  });

  it('when a booking names a slot the day does not have, a past day or bad fields, then each is refused with a sentence', async () => {
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [
        { time: '09:00' },
        400,
        "There is no 9:00 AM slot on Sunday, 22 November 2026. Choose one of the day's slots.",
      ],
      [{ date: '2026-11-20' }, 400, 'This day has passed. Choose a day from today on.'],
      [{ date: '2026-11-31' }, 400, '"date" must be a day written YYYY-MM-DD.'],
      [{ people: 0 }, 400, '"people" must be a whole number from 1 to 30.'],
      [{ pickup: 'yes' }, 400, '"pickup" must be true or false.'],
    ];
    for (const [fields, status, error] of cases) {
      const res = await book(agent, leadId, fields);
      expect(res.status, JSON.stringify(fields)).toBe(status);
      expect(res.body).toEqual({ error });
    }
    expect(t.store.db.prepare('SELECT count(*) FROM visits').pluck().get()).toBe(0);
  });

  it('when an agent books for a buyer someone else owns, then it is refused', async () => {
    await t.addUser('other@iconia.test', 'agent', 'Omar');
    const other = await t.signIn('other@iconia.test');
    await agent.patch(`/desk/api/leads/${leadId}`).set(SAME_ORIGIN).send({ ownerId: 2 });

    const res = await book(other, leadId);

    expect(res.status).toBe(403);
    expect(t.store.db.prepare('SELECT count(*) FROM visits').pluck().get()).toBe(0);
  });
});

describe('a site visit the buyer keeps', () => {
  let t: DeskTestServer;
  let agent: TestAgent;
  let leadId: number;

  beforeEach(async () => {
    t = await startDeskTestServer();
    await t.addUser('agent@iconia.test', 'agent', 'Arjun');
    await t.addUser('manager@iconia.test', 'manager', 'Meena');
    agent = await t.signIn('agent@iconia.test');
    leadId = t.storeLead({ name: 'Ravi Kumar', mobile: '9876543210' });
  });
  afterEach(async () => {
    await t.remove();
  });

  const calendarOf = async (visitId: number) => {
    const res = await agent.get(`/desk/api/visits/${visitId}/calendar.ics`).buffer(true);
    expect(res.status).toBe(200);
    // IANA's text/calendar registration: a METHOD in the object is repeated as a parameter.
    expect(res.get('Content-Type')).toBe('text/calendar; charset=utf-8; method=PUBLISH');
    const component = new ICAL.Component(ICAL.parse(res.text) as unknown[]);
    // The file's own VTIMEZONE tells the parser what Asia/Kolkata is.
    const zone = new ICAL.Timezone(component.getFirstSubcomponent('vtimezone')!);
    ICAL.TimezoneService.register(zone, 'Asia/Kolkata');
    const event = new ICAL.Event(component.getFirstSubcomponent('vevent')!);
    return { text: res.text, component, event };
  };

  it('when the calendar file is read with an iCalendar parser, then it holds the visit in India time at the site, and keeps its UID when the visit moves', async () => {
    const visit = ((await book(agent, leadId)).body as { visit: Visit }).visit;

    const first = await calendarOf(visit.id);

    const zone = first.component.getFirstSubcomponent('vtimezone');
    expect(zone?.getFirstPropertyValue('tzid')).toBe('Asia/Kolkata');
    expect(first.event.startDate.toString()).toBe('2026-11-22T10:00:00');
    expect(
      first.component
        .getFirstSubcomponent('vevent')
        ?.getFirstProperty('dtstart')
        ?.getParameter('tzid'),
    ).toBe('Asia/Kolkata');
    expect(first.event.startDate.toUnixTime() * 1000).toBe(Date.parse('2026-11-22T10:00:00+05:30'));
    expect(first.event.location).toBe(SITE_ADDRESS_LINE);
    expect(first.event.summary).toBe('Site visit: Elegant Iconia');
    expect(first.text).not.toContain('Ravi');
    expect(first.text).not.toContain('9876543210');

    await agent
      .post(`/desk/api/visits/${visit.id}/reschedule`)
      .set(SAME_ORIGIN)
      .send({ date: MONDAY, time: '15:00' });
    const moved = await calendarOf(visit.id);
    expect(moved.event.uid).toBe(first.event.uid);
    expect(moved.event.sequence).toBe(1);
    expect(moved.event.startDate.toString()).toBe('2026-11-23T15:00:00');
  });

  it('when the calendar file is read, then it is published by the sales inbox, the address a buyer can write back to', async () => {
    const visit = ((await book(agent, leadId)).body as { visit: Visit }).visit;

    const { component } = await calendarOf(visit.id);

    expect(component.getFirstPropertyValue('method')).toBe('PUBLISH');
    // RFC 5546 requires an ORGANIZER on a published event: MAIL_TO's first address, not the
    // no-reply MAIL_FROM.
    const organizer = component.getFirstSubcomponent('vevent')?.getFirstProperty('organizer');
    expect(organizer?.getFirstValue()).toBe('mailto:sales@iconia.test');
    expect(organizer?.getParameter('cn')).toBe('Elegant Iconia sales');
  });

  it('when the WhatsApp confirmation is written for a visit, then it gives the day, time, address, map link and phone', () => {
    const text = visitConfirmationText({
      name: 'Ravi Kumar',
      date: SUNDAY,
      time: '15:00',
      people: 4,
      pickup: true,
    });

    expect(text).toBe(
      [
        'Hello Ravi Kumar, your site visit to Elegant Iconia is confirmed for Sunday, 22 November 2026 at 3:00 PM (4 people).',
        'We will arrange your pickup and call you before we leave.',
        `Address: ${SITE_ADDRESS_LINE}`,
        `Map: ${MAP_DIRECTIONS_URL}`,
        `Questions or a change of plan: ${PHONES.sales.display}`,
      ].join('\n'),
    );
    const link = new URL(whatsAppLink('+919876543210', text));
    expect(link.origin + link.pathname).toBe('https://wa.me/919876543210');
    expect(link.searchParams.get('text')).toBe(text);
  });

  it("when a buyer's data is erased, then their visits keep their slot for the reports but lose the notes and outcome, and no reminder is left", async () => {
    const visit = ((await book(agent, leadId)).body as { visit: Visit }).visit;
    const dropped = (
      (await book(agent, leadId, { date: MONDAY, notes: '' })).body as { visit: Visit }
    ).visit;
    const cancelled = await agent
      .post(`/desk/api/visits/${dropped.id}/cancel`)
      .set(SAME_ORIGIN)
      .send({ reason: 'Brother-in-law Suresh objects' });
    expect(cancelled.status).toBe(200);
    const manager = await t.signIn('manager@iconia.test');

    const erased = await manager
      .post('/desk/api/erasures')
      .set(SAME_ORIGIN)
      .send({ mobile: '9876543210' });

    expect(erased.status).toBe(200);
    const after = ((await manager.get(`/desk/api/visits/${visit.id}`)).body as { visit: Visit })
      .visit;
    expect(after).toMatchObject({ date: SUNDAY, time: '10:00', notes: '', name: '', mobile: '' });
    expect(remindersOf(t, visit.id)).toEqual([]);
    const timeline = ((await manager.get(`/desk/api/leads/${leadId}`)).body as LeadView).timeline;
    expect(JSON.stringify(timeline)).not.toContain('Coming with parents');
    expect(JSON.stringify(timeline)).not.toContain('Suresh');
    const afterCancel = (
      (await manager.get(`/desk/api/visits/${dropped.id}`)).body as { visit: Visit }
    ).visit;
    expect(afterCancel).toMatchObject({
      date: MONDAY,
      status: 'cancelled',
      cancelled: { reason: '' },
    });
  });

  it('when someone asks for a visit that does not exist, then a clear 404 comes back', async () => {
    const res = await agent.get('/desk/api/visits/999/calendar.ics');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'There is no visit with this id.' });
  });
});
