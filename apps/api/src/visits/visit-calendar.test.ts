import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { visitCalendar } from './visit-calendar.ts';

const visit = {
  id: 7,
  day: '2026-11-22',
  time: '10:00',
  people: 2,
  revision: 0,
  cancelled: false,
  changedAt: Date.parse('2026-11-21T10:15:00Z'),
};

describe('the calendar file of a site visit', () => {
  it('when the sales inbox has a name with quotes, a colon and a semicolon, then a calendar reads the organiser back whole', () => {
    const name = 'Iconia "Plots" Desk: Sales; Shadnagar';

    const text = visitCalendar(visit, {
      uidDomain: 'iconia.test',
      organizer: { name, address: 'desk@iconia.test' },
    });

    const event = new ICAL.Component(ICAL.parse(text) as unknown[]).getFirstSubcomponent('vevent');
    const organizer = event?.getFirstProperty('organizer');
    expect(organizer?.getParameter('cn')).toBe(name);
    expect(organizer?.getFirstValue()).toBe('mailto:desk@iconia.test');
  });
});
