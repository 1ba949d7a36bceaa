import { indiaDay } from '../../lib/format.ts';

const DAY_MS = 86_400_000;

/** Today in India, where the site is, as YYYY-MM-DD. */
export function indiaToday(now: number = Date.now()): string {
  return indiaDay(now);
}

/** The day `days` after `day` (both YYYY-MM-DD); calendar days, so no time zone can shift it. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}
