export { isDay } from '@iconia/shared';

/**
 * Calendar days as the sales desk lives them: India Standard Time, UTC+05:30 all year (India keeps
 * no daylight saving time, so a fixed offset is exact). Days are written YYYY-MM-DD.
 */
const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;
const DAY_MS = 86_400_000;

/** The India date at an instant. */
export function indiaDay(epochMs: number): string {
  return new Date(epochMs + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** The hour of the day in India at an instant, 0 to 23. */
export function indiaHour(epochMs: number): number {
  return new Date(epochMs + IST_OFFSET_MS).getUTCHours();
}

/** The instant the India day starts (midnight IST). */
export function indiaDayStart(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) - IST_OFFSET_MS;
}

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Every day from `first` to `last`, both included. */
export function daysBetween(first: string, last: string): string[] {
  const days: string[] = [];
  for (let day = first; day <= last; day = addDays(day, 1)) days.push(day);
  return days;
}

const LABEL = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'UTC',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

/** "Fri 20 Nov 2026" */
export function dayLabel(day: string): string {
  return LABEL.format(new Date(`${day}T00:00:00Z`)).replace(',', '');
}

/** "2026-11-21T15:45:00+05:30": unambiguous for programs, and the time a reader in India expects. */
export function indiaTimestamp(epochMs: number): string {
  return `${new Date(epochMs + IST_OFFSET_MS).toISOString().slice(0, 19)}+05:30`;
}
