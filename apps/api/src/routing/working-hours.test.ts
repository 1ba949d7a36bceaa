import { describe, expect, it } from 'vitest';
import {
  DEFAULT_WORKING_HOURS,
  formatClockTime,
  isWorkingTime,
  parseClockTime,
  workingDueAt,
  workingMinutesBetween,
  type WorkingHours,
} from './working-hours.ts';

/** An India time written as "2026-11-26T19:58" (or with seconds). */
const ist = (local: string) => Date.parse(`${local}${local.length === 16 ? ':00' : ''}+05:30`);
const at = (epochMs: number) =>
  `${new Date(epochMs + 330 * 60_000).toISOString().slice(0, 19)}+05:30`;
const hours = (start: string, end: string): WorkingHours => ({
  startMinute: parseClockTime(start) ?? Number.NaN,
  endMinute: parseClockTime(end) ?? Number.NaN,
});

describe('workingDueAt', () => {
  it('when a lead comes in during working hours, then it is due five minutes later', () => {
    expect(at(workingDueAt(ist('2026-11-26T10:00'), 5, DEFAULT_WORKING_HOURS))).toBe(
      '2026-11-26T10:05:00+05:30',
    );
  });

  it('when a lead comes in at 19:58, then two minutes count tonight and three tomorrow from 09:00', () => {
    expect(at(workingDueAt(ist('2026-11-26T19:58'), 5, DEFAULT_WORKING_HOURS))).toBe(
      '2026-11-27T09:03:00+05:30',
    );
  });

  it('when a lead comes in at 03:00, then the clock starts at 09:00 that morning', () => {
    expect(at(workingDueAt(ist('2026-11-26T03:00'), 5, DEFAULT_WORKING_HOURS))).toBe(
      '2026-11-26T09:05:00+05:30',
    );
  });

  it('when a lead comes in after closing, then it is due five minutes after the next opening', () => {
    expect(at(workingDueAt(ist('2026-11-26T20:00'), 5, DEFAULT_WORKING_HOURS))).toBe(
      '2026-11-27T09:05:00+05:30',
    );
    expect(at(workingDueAt(ist('2026-11-26T23:59:59'), 5, DEFAULT_WORKING_HOURS))).toBe(
      '2026-11-27T09:05:00+05:30',
    );
  });

  it('when the target ends exactly at closing time, then it is due at closing, not next morning', () => {
    expect(at(workingDueAt(ist('2026-11-26T19:55'), 5, DEFAULT_WORKING_HOURS))).toBe(
      '2026-11-26T20:00:00+05:30',
    );
  });

  it('when a lead comes in a few seconds before opening, then the seconds before 09:00 do not count', () => {
    expect(at(workingDueAt(ist('2026-11-26T08:59:30'), 5, DEFAULT_WORKING_HOURS))).toBe(
      '2026-11-26T09:05:00+05:30',
    );
  });

  it('when the target is longer than a working day, then it runs across days and nights', () => {
    const twoDaysAndFive = 2 * 11 * 60 + 5;
    expect(at(workingDueAt(ist('2026-11-26T10:00'), twoDaysAndFive, DEFAULT_WORKING_HOURS))).toBe(
      '2026-11-28T10:05:00+05:30',
    );
  });

  it('when a lead comes in at 19:58 on New Year’s Eve, then it is due on 1 January at 09:03', () => {
    expect(at(workingDueAt(ist('2026-12-31T19:58'), 5, DEFAULT_WORKING_HOURS))).toBe(
      '2027-01-01T09:03:00+05:30',
    );
  });

  it('when a weekend day comes, then it counts like any other day', () => {
    // 28 November 2026 is a Saturday: families visit at weekends.
    expect(at(workingDueAt(ist('2026-11-28T12:00'), 5, DEFAULT_WORKING_HOURS))).toBe(
      '2026-11-28T12:05:00+05:30',
    );
  });

  it('when the managers move closing to 22:00, then a lead at 19:58 is due at 20:03 that evening', () => {
    expect(at(workingDueAt(ist('2026-11-26T19:58'), 5, hours('09:00', '22:00')))).toBe(
      '2026-11-26T20:03:00+05:30',
    );
  });

  it('when the managers change the target to 15 minutes, then a lead at 19:58 is due at 09:13', () => {
    expect(at(workingDueAt(ist('2026-11-26T19:58'), 15, DEFAULT_WORKING_HOURS))).toBe(
      '2026-11-27T09:13:00+05:30',
    );
  });

  it('when working hours run overnight (20:00–02:00), then a lead at 01:58 is due at 20:03', () => {
    const overnight = hours('20:00', '02:00');
    expect(at(workingDueAt(ist('2026-11-26T01:58'), 5, overnight))).toBe(
      '2026-11-26T20:03:00+05:30',
    );
    expect(at(workingDueAt(ist('2026-11-26T23:58'), 5, overnight))).toBe(
      '2026-11-27T00:03:00+05:30',
    );
  });

  it('when start and end are the same time, then the clock runs round the clock', () => {
    expect(at(workingDueAt(ist('2026-11-26T03:00'), 5, hours('00:00', '00:00')))).toBe(
      '2026-11-26T03:05:00+05:30',
    );
  });

  it('when the target is 0, then the lead is due at once, even at night', () => {
    expect(workingDueAt(ist('2026-11-26T03:00'), 0, DEFAULT_WORKING_HOURS)).toBe(
      ist('2026-11-26T03:00'),
    );
  });
});

describe('workingMinutesBetween', () => {
  it('when a lead at 19:58 is called at 09:03 next morning, then five working minutes passed', () => {
    expect(
      workingMinutesBetween(
        ist('2026-11-26T19:58'),
        ist('2026-11-27T09:03'),
        DEFAULT_WORKING_HOURS,
      ),
    ).toBe(5);
  });

  it('when a call comes 90 seconds after the lead, then it counts as 1.5 minutes', () => {
    expect(
      workingMinutesBetween(
        ist('2026-11-26T10:00'),
        ist('2026-11-26T10:01:30'),
        DEFAULT_WORKING_HOURS,
      ),
    ).toBe(1.5);
  });

  it('when both instants fall in the same night, then no working time passed', () => {
    expect(
      workingMinutesBetween(
        ist('2026-11-26T21:00'),
        ist('2026-11-27T08:00'),
        DEFAULT_WORKING_HOURS,
      ),
    ).toBe(0);
  });

  it('when three whole days pass, then three working days of 11 hours count', () => {
    expect(
      workingMinutesBetween(
        ist('2026-11-26T10:00'),
        ist('2026-11-29T10:00'),
        DEFAULT_WORKING_HOURS,
      ),
    ).toBe(3 * 11 * 60);
  });

  it('when the end is before the start, then it is 0', () => {
    expect(
      workingMinutesBetween(
        ist('2026-11-26T11:00'),
        ist('2026-11-26T10:00'),
        DEFAULT_WORKING_HOURS,
      ),
    ).toBe(0);
  });

  it('when the working hours change, then the same two instants count the new hours', () => {
    const from = ist('2026-11-26T19:00');
    const to = ist('2026-11-26T21:00');
    expect(workingMinutesBetween(from, to, DEFAULT_WORKING_HOURS)).toBe(60);
    expect(workingMinutesBetween(from, to, hours('09:00', '22:00'))).toBe(120);
    expect(workingMinutesBetween(from, to, hours('20:00', '02:00'))).toBe(60);
  });
});

describe('working time, every minute of two days', () => {
  /** Independent count: walks minute by minute, reading the India clock from the Date itself. */
  function countedMinutes(from: number, to: number, { startMinute, endMinute }: WorkingHours) {
    let minutes = 0;
    for (let t = from; t < to; t += 60_000) {
      const local = new Date(t + 330 * 60_000);
      const minute = local.getUTCHours() * 60 + local.getUTCMinutes();
      const open =
        startMinute === endMinute ||
        (startMinute < endMinute
          ? minute >= startMinute && minute < endMinute
          : minute >= startMinute || minute < endMinute);
      if (open) minutes += 1;
    }
    return minutes;
  }

  const settings: Array<[string, WorkingHours, number[]]> = [
    ['09:00–20:00', DEFAULT_WORKING_HOURS, [1, 5, 60]],
    ['20:00–02:00', hours('20:00', '02:00'), [1, 5, 60]],
    ['round the clock', hours('07:30', '07:30'), [1, 5, 60]],
    ['one minute a day', hours('12:00', '12:01'), [1, 2]],
  ];

  it.each(settings)(
    'when the hours are %s, then every minute’s due time is the earliest instant with the target’s working minutes',
    (_label, workingHours, targets) => {
      const first = ist('2026-11-26T00:00');
      for (let from = first; from < first + 2 * 86_400_000; from += 60_000) {
        for (const target of targets) {
          const due = workingDueAt(from, target, workingHours);
          if (workingMinutesBetween(from, due, workingHours) !== target) {
            throw new Error(`${at(from)} +${target}: due ${at(due)} is not ${target} minutes`);
          }
          if (countedMinutes(from, due, workingHours) !== target) {
            throw new Error(`${at(from)} +${target}: the minute count disagrees at ${at(due)}`);
          }
          if (workingMinutesBetween(from, due - 1, workingHours) >= target) {
            throw new Error(`${at(from)} +${target}: ${at(due)} is not the earliest`);
          }
        }
      }
    },
  );
});

describe('isWorkingTime', () => {
  it('when the clock reads 09:00 to 19:59:59, then it is working time, and not outside', () => {
    expect(isWorkingTime(ist('2026-11-26T08:59:59'), DEFAULT_WORKING_HOURS)).toBe(false);
    expect(isWorkingTime(ist('2026-11-26T09:00'), DEFAULT_WORKING_HOURS)).toBe(true);
    expect(isWorkingTime(ist('2026-11-26T19:59:59'), DEFAULT_WORKING_HOURS)).toBe(true);
    expect(isWorkingTime(ist('2026-11-26T20:00'), DEFAULT_WORKING_HOURS)).toBe(false);
  });
});

describe('clock times', () => {
  it('when a time is written HH:MM, then it reads as minutes after midnight and back', () => {
    expect(parseClockTime('09:00')).toBe(540);
    expect(parseClockTime('23:59')).toBe(1439);
    expect(formatClockTime(540)).toBe('09:00');
    expect(formatClockTime(1439)).toBe('23:59');
  });

  it('when a time is not a 24-hour HH:MM, then it is refused', () => {
    for (const bad of ['9:00', '24:00', '12:60', '12.30', '', ' 09:00']) {
      expect(parseClockTime(bad)).toBeUndefined();
    }
  });
});
