// How a lead reads to sales staff wherever they see it: the sales email, the daily digest, the
// desk's timeline and `pnpm leads`.
export { LEAD_SOURCE_LABELS as SOURCE_LABELS } from '@iconia/shared';

const INDIA_TIME = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Kolkata',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hourCycle: 'h12',
});

/** "21 Nov 2026, 3:45 pm IST": how sales staff in India read a time. */
export function formatIndiaTime(epochMs: number): string {
  const parts = Object.fromEntries(
    INDIA_TIME.formatToParts(new Date(epochMs)).map((part) => [part.type, part.value]),
  );
  const period = (parts.dayPeriod ?? '').toLowerCase();
  return `${parts.day} ${parts.month} ${parts.year}, ${parts.hour}:${parts.minute} ${period} IST`;
}

// eslint-disable-next-line no-control-regex
const CONTROL_RUN = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;

/** Collapses line breaks and other control characters, so a value cannot start a new header or line. */
export function oneLine(value: string): string {
  return value
    .replace(CONTROL_RUN, ' ')
    .replace(/\s{2,}/g, ' ')
    .trim();
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
