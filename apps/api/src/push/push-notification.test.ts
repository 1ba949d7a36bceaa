import { describe, expect, it } from 'vitest';
import { PUSH_BODY_MAX_LENGTH, pushNotificationSchema } from '@iconia/shared';
import * as v from 'valibot';
import { managerSummaryNotification, pushNotificationOf } from './push-notification.ts';

const lead = {
  id: 7,
  name: '  Asha   Rao ',
  kind: 'contact' as const,
  origin: 'site' as const,
  plotRange: undefined,
  message: undefined,
};
const assigned = { kind: 'assigned' as const, returning: false };

describe('the words of a push alert', () => {
  it('when the buyer wrote a long message with a number and an address, then the lock screen shows neither and the body is clipped', () => {
    const notification = pushNotificationOf(
      {
        ...lead,
        message: `Mail me at asha.rao@example.com or ring +91 98765 01234. ${'Corner plot, east facing. '.repeat(10)}`,
      },
      assigned,
    );

    expect(notification.body).not.toMatch(/asha\.rao|example|98765|01234/);
    expect(notification.body.startsWith('Mail me at … or ring …. Corner plot')).toBe(true);
    expect(notification.body).toHaveLength(PUSH_BODY_MAX_LENGTH);
    expect(notification.body.endsWith('…')).toBe(true);
    expect(v.is(pushNotificationSchema, notification)).toBe(true);
  });

  it('when a known buyer enquires again with nothing typed, then the title says they are back and the body what the form asked for', () => {
    expect(pushNotificationOf(lead, { kind: 'assigned', returning: true })).toEqual({
      title: 'Buyer back: Asha',
      body: 'Asked to be called back',
      url: '/desk/leads/7',
      tag: 'lead-7',
    });
  });

  it('when no one else is on duty or the buyer stays with the last agent, then the managers read who missed the target', () => {
    const manager = (event: 'no-one-else-on-duty' | 'left-with-last') =>
      pushNotificationOf(
        { ...lead, kind: 'brochure', plotRange: '200 - 300 Sq. Yds' },
        { kind: 'manager', event, missedBy: 'Arjun', nowWith: 'Arjun', targetMinutes: 5 },
      );

    expect(manager('no-one-else-on-duty')).toMatchObject({
      title: 'Not called in time: Asha',
      body: 'Arjun did not call within 5 min; no one else is on duty. Plot range 200 - 300 Sq. Yds',
    });
    expect(manager('left-with-last').body).toBe(
      'Arjun did not call within 5 min; left with them after the last reassignment. Plot range 200 - 300 Sq. Yds',
    );
  });

  it('when the managers get a summary of a burst, then the phone shows its counts, no buyer, and opens Overdue now', () => {
    const notification = managerSummaryNotification({
      kind: 'summary',
      moved: 19,
      notCalled: 0,
      overdue: 20,
      held: 1,
      bookings: 0,
    });

    expect(notification).toEqual({
      title: 'Waiting for a manager',
      body: '19 buyers moved · 20 overdue now · 1 lead held.',
      url: '/desk/overdue',
      tag: 'manager-summary',
    });
    expect(v.is(pushNotificationSchema, notification)).toBe(true);
  });

  it('when only a booking request waits, then the alert opens Plots', () => {
    const notification = managerSummaryNotification({
      kind: 'summary',
      moved: 0,
      notCalled: 0,
      overdue: 0,
      held: 0,
      bookings: 1,
    });

    expect(notification.body).toBe('1 booking requested.');
    expect(notification.url).toBe('/desk/plots');
  });
});
