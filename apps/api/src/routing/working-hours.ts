/**
 * Working time as the sales desk counts it: the first-response clock runs only inside the working
 * hours, every day of the week, on India Standard Time (UTC+05:30 all year, no daylight saving, so
 * a fixed offset is exact). Pure functions of instants (epoch ms) and the settings in force.
 */

/** Minutes after midnight IST; `start` equal to `end` means round the clock. */
export interface WorkingHours {
  startMinute: number;
  endMinute: number;
}

export const DEFAULT_WORKING_HOURS: WorkingHours = { startMinute: 9 * 60, endMinute: 20 * 60 };
export const DEFAULT_TARGET_MINUTES = 5;

const MINUTE_MS = 60_000;
const DAY_MINUTES = 24 * 60;
const DAY_MS = DAY_MINUTES * MINUTE_MS;
const IST_OFFSET_MS = (5 * 60 + 30) * MINUTE_MS;
const CLOCK_TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** "09:30" → 570; undefined for anything that is not a 24-hour HH:MM time. */
export function parseClockTime(value: string): number | undefined {
  const match = CLOCK_TIME.exec(value);
  return match ? Number(match[1]) * 60 + Number(match[2]) : undefined;
}

/** 570 → "09:30". */
export function formatClockTime(minute: number): string {
  const hours = Math.floor(minute / 60) % 24;
  return `${String(hours).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
}

/**
 * The working stretches of one India day as [from, to) ms after its midnight. Hours that end
 * before they start (20:00–02:00) run over midnight: each day then works until `end` and again
 * from `start`.
 */
function dayStretches({ startMinute, endMinute }: WorkingHours): Array<[number, number]> {
  const start = startMinute * MINUTE_MS;
  const end = endMinute * MINUTE_MS;
  if (start === end) return [[0, DAY_MS]];
  if (start < end) return [[start, end]];
  const stretches: Array<[number, number]> = [[start, DAY_MS]];
  if (end > 0) stretches.unshift([0, end]);
  return stretches;
}

const workingMsPerDay = (stretches: Array<[number, number]>) =>
  stretches.reduce((sum, [from, to]) => sum + to - from, 0);

/** India day number of an instant, and how far into that day it is. */
function dayAndOffset(epochMs: number): { day: number; offset: number } {
  const local = epochMs + IST_OFFSET_MS;
  const day = Math.floor(local / DAY_MS);
  return { day, offset: local - day * DAY_MS };
}

/** Working ms from the epoch's India day 0 up to an instant: differences give working time. */
function workingMsSinceEpoch(epochMs: number, stretches: Array<[number, number]>): number {
  const { day, offset } = dayAndOffset(epochMs);
  let within = 0;
  for (const [from, to] of stretches) within += Math.min(Math.max(offset - from, 0), to - from);
  return day * workingMsPerDay(stretches) + within;
}

/** Whether the first-response clock runs at this instant. */
export function isWorkingTime(epochMs: number, hours: WorkingHours): boolean {
  const { offset } = dayAndOffset(epochMs);
  return dayStretches(hours).some(([from, to]) => offset >= from && offset < to);
}

/** Working milliseconds between two instants; 0 when `to` is not after `from`. */
export function workingMsBetween(fromMs: number, toMs: number, hours: WorkingHours): number {
  if (toMs <= fromMs) return 0;
  const stretches = dayStretches(hours);
  return workingMsSinceEpoch(toMs, stretches) - workingMsSinceEpoch(fromMs, stretches);
}

/** Working minutes between two instants, with fractions (90 s is 1.5). */
export function workingMinutesBetween(fromMs: number, toMs: number, hours: WorkingHours): number {
  return workingMsBetween(fromMs, toMs, hours) / MINUTE_MS;
}

/**
 * The instant by which `targetMinutes` working minutes have passed since `fromMs`: a lead at
 * 19:58 with a 5-minute target is due at 09:03 the next morning, one at 03:00 at 09:05. A target
 * of 0 is due at once.
 */
export function workingDueAt(fromMs: number, targetMinutes: number, hours: WorkingHours): number {
  const stretches = dayStretches(hours);
  const perDay = workingMsPerDay(stretches);
  const goal = workingMsSinceEpoch(fromMs, stretches) + targetMinutes * MINUTE_MS;
  // The earliest instant whose working time reaches the goal: the end of a stretch, not the
  // start of the next one, when the goal falls exactly on a stretch's end.
  let day = Math.floor(goal / perDay);
  let left = goal - day * perDay;
  if (left === 0) {
    day -= 1;
    left = perDay;
  }
  const dayStart = day * DAY_MS - IST_OFFSET_MS;
  for (const [from, to] of stretches) {
    if (left <= to - from) return Math.max(fromMs, dayStart + from + left);
    left -= to - from;
  }
  // Unreachable: `left` is at most a day's working time, which the stretches add up to.
  throw new RangeError('working time beyond the day');
}
