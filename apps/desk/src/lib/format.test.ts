import { describe, expect, it } from 'vitest';
import {
  formatAge,
  formatMinutes,
  formatTimeLeft,
  fromDateTimeLocal,
  indiaDay,
  initialsOf,
  toDateTimeLocal,
} from './format.ts';

const NOW = Date.parse('2026-11-21T10:00:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();

describe('formatAge', () => {
  it.each([
    [20_000, 'just now'],
    [4 * 60_000, '4 min ago'],
    [59 * 60_000, '59 min ago'],
    [3 * 3_600_000 + 5 * 60_000, '3 h ago'],
    [26 * 3_600_000, '1 day ago'],
    [5 * 86_400_000, '5 days ago'],
  ])('when a lead arrived %i ms ago, then its age reads "%s"', (elapsed, expected) => {
    expect(formatAge(ago(elapsed), NOW)).toBe(expected);
  });

  it('when the server clock is a little ahead, then a new lead reads "just now", never negative', () => {
    expect(formatAge(new Date(NOW + 5_000).toISOString(), NOW)).toBe('just now');
  });
});

describe('follow-up times', () => {
  it('when a datetime-local value is saved and shown again, then it reads the same minute', () => {
    const iso = fromDateTimeLocal('2026-11-24T16:30');
    expect(iso).not.toBeNull();
    expect(toDateTimeLocal(iso!)).toBe('2026-11-24T16:30');
  });

  it('when the follow-up field is empty or nonsense, then there is no time to save', () => {
    expect(fromDateTimeLocal('')).toBeNull();
    expect(fromDateTimeLocal('tomorrow')).toBeNull();
  });

  it('when it is past 18:30 UTC, then the day in India is already the next one', () => {
    expect(indiaDay('2026-11-21T18:29:00Z')).toBe('2026-11-21');
    expect(indiaDay('2026-11-21T18:31:00Z')).toBe('2026-11-22');
  });
});

describe('formatMinutes', () => {
  it.each([
    [null, '—'],
    [0.4, 'under 1 min'],
    [12.4, '12 min'],
    [185, '3 h 5 min'],
    [120, '2 h'],
    [3 * 1440 + 240, '3 d 4 h'],
  ])('when first contact took %s minutes, then the report reads "%s"', (minutes, expected) => {
    expect(formatMinutes(minutes)).toBe(expected);
  });
});

describe('formatTimeLeft', () => {
  it.each([
    [5, '5 min left'],
    [0.4, 'under 1 min left'],
    [0, 'Due now'],
    [-0.5, 'Due now'],
    [-12, '12 min over'],
    [-75, '1 h 15 min over'],
    [null, 'No target'],
  ])('when %s working minutes are left to the target, then it reads "%s"', (minutes, expected) => {
    expect(formatTimeLeft(minutes)).toBe(expected);
  });
});

describe('initialsOf', () => {
  it.each([
    ['Meera Manager', 'MM'],
    ['arjun', 'A'],
    ['  Lakshmi Venkata Subramaniam ', 'LS'],
    ['', '?'],
  ])('when the name is "%s", then the account button shows %s', (name, initials) => {
    expect(initialsOf(name)).toBe(initials);
  });
});
