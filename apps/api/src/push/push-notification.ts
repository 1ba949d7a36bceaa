import {
  formatOrigin,
  formatSlotTime,
  formatVisitDate,
  PUSH_BODY_MAX_LENGTH,
  PUSH_TITLE_MAX_LENGTH,
  type PushNotification,
} from '@iconia/shared';
import type { StoredLead } from '../store/lead-types.ts';
import type { PushAlert } from './push-store.ts';
import type { VisitRow } from '../store/visit-schema.ts';

type LeadForPush = Pick<StoredLead, 'id' | 'name' | 'kind' | 'origin' | 'plotRange' | 'message'>;
/** The alerts made from a lead: a buyer handed to someone, and the managers' alerts. */
export type LeadPushAlert = Exclude<PushAlert, { kind: 'visit' | 'summary' }>;
export type SummaryPushAlert = Extract<PushAlert, { kind: 'summary' }>;
export type VisitPushAlert = Extract<PushAlert, { kind: 'visit' }>;

// A number or an address a buyer typed into their message stays off the lock screen.
const EMAIL_LIKE = /[^\s@]+@[^\s@]+/g;
const PHONE_LIKE = /\+?\d[\d\s().-]{5,}\d/g;

function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

/** The first word of the name the buyer gave: all of it a lock screen may show. */
export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? '';
}

/** What the buyer asked for, in a line: the plot range, their message, or the form. */
export function askedForLine(lead: LeadForPush): string {
  const parts: string[] = [];
  if (lead.plotRange) parts.push(`Plot range ${lead.plotRange}`);
  if (lead.message) {
    parts.push(lead.message.replace(EMAIL_LIKE, '…').replace(PHONE_LIKE, '…'));
  }
  if (parts.length === 0 && lead.kind === 'brochure') parts.push('Asked for the brochure');
  if (parts.length === 0 && lead.kind === 'contact') parts.push('Asked to be called back');
  if (parts.length === 0) parts.push(`Enquiry via ${formatOrigin(lead.origin)}`);
  return parts.join(' · ');
}

const target = (minutes: number) => `${minutes} min`;

const MANAGER_TEXT: Record<
  Extract<LeadPushAlert, { kind: 'manager' }>['event'],
  { title: string; says: (alert: Extract<LeadPushAlert, { kind: 'manager' }>) => string }
> = {
  reassigned: {
    title: 'Reassigned',
    says: (alert) =>
      `${alert.missedBy} did not call within ${target(alert.targetMinutes)}; now with ${alert.nowWith}.`,
  },
  'no-one-else-on-duty': {
    title: 'Not called in time',
    says: (alert) =>
      `${alert.missedBy} did not call within ${target(alert.targetMinutes)}; no one else is on duty.`,
  },
  'left-with-last': {
    title: 'Not called in time',
    says: (alert) =>
      `${alert.missedBy} did not call within ${target(alert.targetMinutes)}; left with them after the last reassignment.`,
  },
};

/**
 * Pure: the lead and the alert in, what the desk's service worker shows out. The title names
 * the buyer by first name only and the body says what they asked for; tapping opens the buyer.
 */
export function pushNotificationOf(lead: LeadForPush, alert: LeadPushAlert): PushNotification {
  const name = firstName(lead.name);
  const asked = askedForLine(lead);
  let title: string;
  let body: string;
  if (alert.kind === 'assigned') {
    title = `${alert.returning ? 'Buyer back' : 'New buyer'}: ${name}`;
    body = asked;
  } else if (alert.kind === 'whatsapp') {
    title = `Waiting on WhatsApp: ${name}`;
    body = `Wrote on WhatsApp ${alert.minutes} working minutes ago and has no reply yet.`;
  } else {
    const text = MANAGER_TEXT[alert.event];
    title = `${text.title}: ${name}`;
    body = `${text.says(alert)} ${asked}`;
  }
  return {
    title: clip(title, PUSH_TITLE_MAX_LENGTH),
    body: clip(body, PUSH_BODY_MAX_LENGTH),
    url: `/desk/leads/${lead.id}`,
    tag: `lead-${lead.id}`,
  };
}

const counted = (count: number, one: string, many: string) =>
  count === 0 ? [] : [`${count} ${count === 1 ? one : many}`];

/**
 * Pure: the managers' summary out of its counts (it names no buyer). Tapping opens what waits:
 * Overdue now, or the held leads or plots when only they wait.
 */
export function managerSummaryNotification(alert: SummaryPushAlert): PushNotification {
  const parts = [
    ...counted(alert.moved, 'buyer moved', 'buyers moved'),
    ...counted(alert.notCalled, 'buyer not called in time', 'buyers not called in time'),
    ...counted(alert.overdue, 'overdue now', 'overdue now'),
    ...counted(alert.held, 'lead held', 'leads held'),
    ...counted(alert.bookings, 'booking requested', 'bookings requested'),
  ];
  const late = alert.moved + alert.notCalled > 0;
  const url = late
    ? '/desk/overdue'
    : alert.held > 0 && alert.bookings === 0
      ? '/desk/held'
      : alert.bookings > 0 && alert.held === 0
        ? '/desk/plots'
        : '/desk/overdue';
  return {
    title: clip('Waiting for a manager', PUSH_TITLE_MAX_LENGTH),
    body: clip(`${parts.join(' · ')}.`, PUSH_BODY_MAX_LENGTH),
    url,
    tag: 'manager-summary',
  };
}

const VISIT_WHEN: Record<VisitPushAlert['which'], string> = {
  day_before: 'tomorrow',
  two_hours: 'in two hours',
};

type VisitForPush = Pick<VisitRow, 'lead_id' | 'name' | 'day' | 'time' | 'people' | 'pickup'>;

/**
 * Pure: a visit as stored now and which reminder it is in, the notification out, as the
 * reminder's email says it: the buyer by first name, the slot, the party. Tapping opens the buyer.
 */
export function visitPushNotification(
  visit: VisitForPush,
  which: VisitPushAlert['which'],
): PushNotification {
  const name = firstName(visit.name) || 'A buyer';
  const people = visit.people === 1 ? '1 person' : `${visit.people} people`;
  return {
    title: clip(
      `Site visit ${VISIT_WHEN[which]}: ${name}, ${formatSlotTime(visit.time)}`,
      PUSH_TITLE_MAX_LENGTH,
    ),
    body: clip(
      `${formatVisitDate(visit.day)} at ${formatSlotTime(visit.time)} · ${people}${visit.pickup === 1 ? ', pickup needed' : ''}`,
      PUSH_BODY_MAX_LENGTH,
    ),
    url: `/desk/leads/${visit.lead_id}`,
    tag: `lead-${visit.lead_id}`,
  };
}
