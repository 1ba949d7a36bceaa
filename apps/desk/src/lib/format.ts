const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** How long ago a lead arrived, as "just now", "4 min ago", "3 h ago" or "2 days ago". */
export function formatAge(iso: string, now: number = Date.now()): string {
  const elapsed = Math.max(0, now - Date.parse(iso));
  if (elapsed < MINUTE) return 'just now';
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)} min ago`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)} h ago`;
  const days = Math.floor(elapsed / DAY);
  return days === 1 ? '1 day ago' : `${days} days ago`;
}

const DATE_TIME = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });

export function formatDateTime(iso: string): string {
  return DATE_TIME.format(new Date(iso));
}

const SHORT_DATE_TIME = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
});

/** "21 Nov, 3:50 pm": a recent or coming moment, where the year goes without saying. */
export function formatShortDateTime(iso: string): string {
  return SHORT_DATE_TIME.format(new Date(iso));
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The value a `datetime-local` input shows for an instant, in the browser's time zone. */
export function toDateTimeLocal(iso: string): string {
  const date = new Date(iso);
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}`
  );
}

/** The instant a `datetime-local` value means in the browser's time zone, as ISO; null if empty or invalid. */
export function fromDateTimeLocal(value: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** A duration in minutes as "under 1 min", "45 min", "3 h 5 min" or "2 d 4 h"; an em dash when unknown. */
export function formatMinutes(minutes: number | null): string {
  if (minutes === null) return '—';
  if (minutes < 1) return 'under 1 min';
  const whole = Math.round(minutes);
  if (whole < 60) return `${whole} min`;
  if (whole < 24 * 60) {
    const rest = whole % 60;
    return rest ? `${Math.floor(whole / 60)} h ${rest} min` : `${Math.floor(whole / 60)} h`;
  }
  const hours = Math.floor((whole % (24 * 60)) / 60);
  const days = Math.floor(whole / (24 * 60));
  return hours ? `${days} d ${hours} h` : `${days} d`;
}

/**
 * Working minutes to the first-response target as "5 min left", "under 1 min left" or
 * "12 min over"; "No target" when none runs.
 */
export function formatTimeLeft(minutes: number | null): string {
  if (minutes === null) return 'No target';
  if (minutes > 0) return `${formatMinutes(minutes)} left`;
  if (minutes > -1) return 'Due now';
  return `${formatMinutes(-minutes)} over`;
}

const INDIA_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' });

/** The calendar day of an instant in India, where the sales team works, as YYYY-MM-DD. */
export function indiaDay(instant: string | number): string {
  return INDIA_DAY.format(new Date(instant));
}

const DAY_LABEL = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A calendar day (YYYY-MM-DD) as people read it: "29 Jan 2027". */
export function formatDay(day: string): string {
  return DAY_LABEL.format(new Date(`${day.slice(0, 10)}T00:00:00Z`));
}

/** The person's initials, as the header's account button shows them: "Meera Manager" is MM. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1] ?? '') : '';
  return (Array.from(first)[0] ?? '?').toUpperCase() + (Array.from(last)[0] ?? '').toUpperCase();
}
