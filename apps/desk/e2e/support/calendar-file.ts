import ICAL from 'ical.js';

/** What a phone's calendar app reads from a visit's `.ics` file. */
export interface CalendarEvent {
  uid: string;
  summary: string;
  location: string;
  /** The TZID the start is written in. */
  timeZone: string;
  /** The start as written (wall-clock time in `timeZone`), e.g. 2026-11-22T11:30:00. */
  localStart: string;
  /** The instant the start means, by the file's own VTIMEZONE. */
  start: Date;
  end: Date;
}

/**
 * Reads the one event of an iCalendar file with ical.js, resolving its times by the VTIMEZONE
 * the file carries (not by this machine's zone), as a calendar app would. Throws when the file
 * is not iCalendar, has no event, or names a time zone it does not define.
 */
export function readCalendarEvent(text: string): CalendarEvent {
  const calendar = ICAL.Component.fromString(text);
  if (calendar.name !== 'vcalendar') throw new Error(`Not a VCALENDAR but ${calendar.name}`);
  // ical.js keeps zones for the whole process: only this file's own may count.
  ICAL.TimezoneService.reset();
  for (const zone of calendar.getAllSubcomponents('vtimezone')) {
    ICAL.TimezoneService.register(zone);
  }
  const component = calendar.getFirstSubcomponent('vevent');
  if (!component) throw new Error('The calendar has no VEVENT');
  const event = new ICAL.Event(component);
  const timeZone = component.getFirstProperty('dtstart')?.getParameter('tzid');
  // A TZID the file does not define leaves the time floating, read in whatever zone the phone is.
  if (typeof timeZone !== 'string' || event.startDate.zone.tzid !== timeZone) {
    throw new Error(`The start's time zone ${String(timeZone)} is not defined in the file`);
  }
  return {
    uid: event.uid,
    summary: event.summary,
    location: event.location,
    timeZone,
    localStart: event.startDate.toString(),
    start: event.startDate.toJSDate(),
    end: event.endDate.toJSDate(),
  };
}
