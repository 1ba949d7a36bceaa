import {
  MAP_DIRECTIONS_URL,
  OFFICE_ADDRESS,
  PHONES,
  PROJECT_NAME,
  SITE_ADDRESS_LINE,
} from '@iconia/shared';

/** How long a site visit is planned for in the buyer's calendar. */
const VISIT_MINUTES = 90;

/** The file is the event as it stands, published rather than an invitation to answer. */
const METHOD = 'PUBLISH';

/** IANA's text/calendar registration: the object's METHOD is repeated as the `method` parameter. */
export const VISIT_CALENDAR_TYPE = `text/calendar; charset=utf-8; method=${METHOD}`;

export interface CalendarVisit {
  id: number;
  day: string;
  time: string;
  people: number;
  /** Bumped at each reschedule, so a calendar takes the new file as an update of the event. */
  revision: number;
  cancelled: boolean;
  /** When the visit was last changed: the event's stamp. */
  changedAt: number;
}

export interface CalendarPublisher {
  /** The domain of the events' UIDs. */
  uidDomain: string;
  /** The event's ORGANIZER, which RFC 5546 requires of a published event: whom the buyer writes to. */
  organizer: { name: string; address: string };
}

// India has kept +05:30 all year since 1945: one STANDARD rule describes the zone exactly.
const KOLKATA = [
  'BEGIN:VTIMEZONE',
  'TZID:Asia/Kolkata',
  'BEGIN:STANDARD',
  'DTSTART:19700101T000000',
  'TZOFFSETFROM:+0530',
  'TZOFFSETTO:+0530',
  'TZNAME:IST',
  'END:STANDARD',
  'END:VTIMEZONE',
];

/**
 * The organiser a buyer sees: the sales inbox, MAIL_TO's first address, which a reply reaches
 * (MAIL_FROM is the site's no-reply sender). Named as MAIL_TO names it, else "<project> sales".
 */
export function salesOrganizer(
  mailTo: readonly { name: string; address: string }[],
): CalendarPublisher['organizer'] {
  const [inbox] = mailTo;
  if (!inbox) throw new Error('MAIL_TO names no address.');
  return { name: inbox.name || `${PROJECT_NAME} sales`, address: inbox.address };
}

/** RFC 5545 text: backslash, semicolon, comma and newline escaped. */
function text(value: string): string {
  return value.replace(/[\\;,]/g, (char) => `\\${char}`).replace(/\r?\n/g, '\\n');
}

/** RFC 5545 folding: lines of at most 75 octets, continued with a space, never inside a character. */
function fold(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** RFC 5545 parameter value, always quoted; RFC 6868 writes the caret, quote and newline. */
function paramText(value: string): string {
  const escaped = value.replace(/\^/g, '^^').replace(/"/g, "^'").replace(/\r?\n/g, '^n');
  return `"${escaped}"`;
}

function localTime(day: string, time: string): string {
  return `${day.replaceAll('-', '')}T${time.replace(':', '')}00`;
}

function utcStamp(epochMs: number): string {
  return `${new Date(epochMs).toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;
}

function endOf(day: string, time: string): { day: string; time: string } {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  const total = hours * 60 + minutes + VISIT_MINUTES;
  // Slots end the same day: the last one starts well before 22:30.
  const end = Math.min(total, 23 * 60 + 59);
  return {
    day,
    time: `${String(Math.floor(end / 60)).padStart(2, '0')}:${String(end % 60).padStart(2, '0')}`,
  };
}

/**
 * The visit as an iCalendar file (RFC 5545) the buyer keeps: in India time with its zone, the
 * site's address as the location, and a UID that stays the same when the visit moves, so a
 * calendar updates the event rather than adding a second one. It names no buyer and no agent:
 * its organiser is the sales inbox.
 */
export function visitCalendar(visit: CalendarVisit, publisher: CalendarPublisher): string {
  const { uidDomain, organizer } = publisher;
  const end = endOf(visit.day, visit.time);
  const party = visit.people === 1 ? '1 person' : `${visit.people} people`;
  const description = [
    `Site visit to ${PROJECT_NAME} for ${party}.`,
    `Directions: ${MAP_DIRECTIONS_URL}`,
    `Phone: ${PHONES.sales.display}`,
  ].join('\n');
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${PROJECT_NAME}//Sales desk//EN`,
    'CALSCALE:GREGORIAN',
    `METHOD:${METHOD}`,
    ...KOLKATA,
    'BEGIN:VEVENT',
    `UID:visit-${visit.id}@${uidDomain}`,
    `SEQUENCE:${visit.revision}`,
    `DTSTAMP:${utcStamp(visit.changedAt)}`,
    `ORGANIZER;CN=${paramText(organizer.name)}:mailto:${organizer.address}`,
    `DTSTART;TZID=Asia/Kolkata:${localTime(visit.day, visit.time)}`,
    `DTEND;TZID=Asia/Kolkata:${localTime(end.day, end.time)}`,
    `SUMMARY:${text(`Site visit: ${PROJECT_NAME}`)}`,
    `LOCATION:${text(SITE_ADDRESS_LINE)}`,
    `GEO:${OFFICE_ADDRESS.geo.latitude};${OFFICE_ADDRESS.geo.longitude}`,
    `DESCRIPTION:${text(description)}`,
    `URL:${MAP_DIRECTIONS_URL}`,
    `STATUS:${visit.cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
