import { describe, expect, it } from 'vitest';
import { DEFAULT_WORKING_HOURS } from '../routing/working-hours.ts';
import { buildResponseReport, type AssignmentRecord } from './response-report.ts';

const ist = (local: string) => Date.parse(`${local}:00+05:30`);
const MINUTE = 60_000;
const settings = { targetMinutes: 5, hours: DEFAULT_WORKING_HOURS };
const arjun = { userId: 1, userName: 'Arjun' };
const kiran = { userId: 2, userName: 'Kiran' };
const meena = { userId: 3, userName: 'Meena' };

/** An assignment made when the enquiry arrived, due five working minutes later. */
function assigned(
  buyerId: number,
  agent: { userId: number; userName: string },
  at: string,
  enquiry: { origin: string; source: string | null; receivedAt?: number },
  change: Partial<AssignmentRecord> = {},
): AssignmentRecord {
  const assignedAt = ist(at);
  return {
    buyerId,
    ...agent,
    reason: 'new',
    assignedAt,
    dueAt: assignedAt + 5 * MINUTE,
    answeredAt: null,
    origin: enquiry.origin,
    source: enquiry.source,
    receivedAt: enquiry.receivedAt ?? assignedAt,
    ...change,
  };
}

const contactForm = { origin: 'site', source: 'contact-form' };
const brochure = { origin: 'site', source: 'brochure-modal', receivedAt: ist('2026-11-20T10:10') };

/** The known data set: a day and a bit of one team's buyers, ordered by buyer, then id. */
const records: AssignmentRecord[] = [
  // Arjun answers in 3 minutes; the buyer's returning enquiry at 15:00 in 1 minute.
  assigned(1, arjun, '2026-11-20T10:00', contactForm, { answeredAt: ist('2026-11-20T10:03') }),
  assigned(1, arjun, '2026-11-20T15:00', contactForm, {
    reason: 'returning',
    answeredAt: ist('2026-11-20T15:01'),
  }),
  // Arjun misses it; moved to Kiran at 10:15, who answers at 10:17: 7 minutes for the buyer.
  assigned(2, arjun, '2026-11-20T10:10', brochure),
  assigned(2, kiran, '2026-11-20T10:15', brochure, {
    reason: 'reassigned',
    answeredAt: ist('2026-11-20T10:17'),
  }),
  // A Google Ads lead at 19:58, answered at 09:01 next morning: 3 working minutes.
  assigned(
    3,
    kiran,
    '2026-11-20T19:58',
    { origin: 'google_ads', source: null },
    {
      dueAt: ist('2026-11-21T09:03'),
      answeredAt: ist('2026-11-21T09:01'),
    },
  ),
  // A Meta lead answered after 12 minutes.
  assigned(
    4,
    meena,
    '2026-11-20T11:00',
    { origin: 'meta', source: null },
    {
      answeredAt: ist('2026-11-20T11:12'),
    },
  ),
  // Two minutes old and not answered yet: counted, but not yet late.
  assigned(5, arjun, '2026-11-21T12:00', contactForm),
  // A manager's own hand-over is not timed.
  assigned(6, meena, '2026-11-20T13:00', contactForm, { reason: 'manual', dueAt: null }),
  // First assigned before the period: left out, reassignment and all.
  assigned(7, kiran, '2026-11-18T10:00', contactForm),
  assigned(7, meena, '2026-11-20T10:05', contactForm, { reason: 'reassigned' }),
];

describe('buildResponseReport', () => {
  const report = buildResponseReport(
    records,
    settings,
    ist('2026-11-19T00:00'),
    ist('2026-11-21T12:02'),
  );

  it('when agents answer their assignments, then each agent’s working minutes, share within target and buyers moved away count from their own assignment', () => {
    expect(report.targetMinutes).toBe(5);
    expect(report.byAgent).toEqual([
      {
        user: { id: 1, name: 'Arjun' },
        buyers: 4,
        answered: 2,
        medianMinutes: 1,
        p90Minutes: 3,
        withinTargetPercent: 67,
        reassigned: 1,
      },
      {
        user: { id: 2, name: 'Kiran' },
        buyers: 2,
        answered: 2,
        medianMinutes: 2,
        p90Minutes: 3,
        withinTargetPercent: 100,
        reassigned: 0,
      },
      {
        user: { id: 3, name: 'Meena' },
        buyers: 1,
        answered: 1,
        medianMinutes: 12,
        p90Minutes: 12,
        withinTargetPercent: 0,
        reassigned: 0,
      },
    ]);
  });

  it('when enquiries come from several origins, then each origin counts the buyer’s wait from arrival, reassignments included', () => {
    expect(report.byOrigin).toEqual([
      {
        origin: 'google_ads',
        buyers: 1,
        answered: 1,
        medianMinutes: 3,
        p90Minutes: 3,
        withinTargetPercent: 100,
        reassigned: 0,
      },
      {
        origin: 'meta',
        buyers: 1,
        answered: 1,
        medianMinutes: 12,
        p90Minutes: 12,
        withinTargetPercent: 0,
        reassigned: 0,
      },
      {
        origin: 'site',
        buyers: 4,
        answered: 3,
        medianMinutes: 3,
        p90Minutes: 7,
        withinTargetPercent: 67,
        reassigned: 1,
      },
    ]);
  });

  it('when enquiries come from the site’s forms and other channels, then each form has its row and the other channels one together', () => {
    expect(report.bySource).toEqual([
      {
        source: 'brochure-modal',
        buyers: 1,
        answered: 1,
        medianMinutes: 7,
        p90Minutes: 7,
        withinTargetPercent: 0,
        reassigned: 1,
      },
      {
        source: 'contact-form',
        buyers: 3,
        answered: 2,
        medianMinutes: 1,
        p90Minutes: 3,
        withinTargetPercent: 100,
        reassigned: 0,
      },
      {
        source: null,
        buyers: 2,
        answered: 2,
        medianMinutes: 3,
        p90Minutes: 12,
        withinTargetPercent: 50,
        reassigned: 0,
      },
    ]);
  });

  it('when the buyer still waits past the target, then it counts against the share within target', () => {
    const later = buildResponseReport(
      records,
      settings,
      ist('2026-11-19T00:00'),
      ist('2026-11-21T12:06'),
    );
    expect(later.bySource[1]).toMatchObject({ source: 'contact-form', withinTargetPercent: 67 });
  });

  it('when a buyer waited unassigned during working hours, then the wait counts for the origin but not against the agent', () => {
    const waited = buildResponseReport(
      [
        assigned(
          8,
          arjun,
          '2026-11-20T10:20',
          { ...contactForm, receivedAt: ist('2026-11-20T10:00') },
          {
            reason: 'on_duty',
            answeredAt: ist('2026-11-20T10:22'),
          },
        ),
      ],
      settings,
      ist('2026-11-19T00:00'),
      ist('2026-11-21T12:00'),
    );
    expect(waited.byOrigin[0]).toMatchObject({ medianMinutes: 22, withinTargetPercent: 0 });
    expect(waited.byAgent[0]).toMatchObject({ medianMinutes: 2, withinTargetPercent: 100 });
  });

  it('when nobody was assigned in the period, then every table is empty', () => {
    expect(buildResponseReport([], settings, 0, ist('2026-11-21T12:00'))).toEqual({
      targetMinutes: 5,
      byAgent: [],
      byOrigin: [],
      bySource: [],
    });
  });
});
