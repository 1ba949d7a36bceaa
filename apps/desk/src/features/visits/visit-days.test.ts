import { describe, expect, it } from 'vitest';
import { addDays, indiaToday } from './visit-days.ts';

describe('visit days', () => {
  it('when it is past 6:30 pm in London, then India is already on the next day', () => {
    expect(indiaToday(Date.parse('2026-11-21T18:45:00Z'))).toBe('2026-11-22');
  });

  it('when days are added across a month and a year end, then the calendar day follows', () => {
    expect(addDays('2026-11-28', 3)).toBe('2026-12-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2027-03-01', -1)).toBe('2027-02-28');
  });
});
