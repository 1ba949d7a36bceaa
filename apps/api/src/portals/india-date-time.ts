const IST_OFFSET_MS = 330 * 60_000;

/** `YYYY-MM-DD HH:mm:ss` in India's time, as 99acres and MagicBricks write their dates. */
export function indiaDateTime(at: number): string {
  return new Date(at + IST_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

/** The moment a `YYYY-MM-DD HH:mm:ss` (or `YYYY-MM-DD`) in India's time names; else undefined. */
export function readIndiaDateTime(text: string | undefined): number | undefined {
  const match = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}:\d{2}(?::\d{2})?))?$/.exec(text?.trim() ?? '');
  if (!match) return undefined;
  const time = match[2] ?? '00:00:00';
  const at = Date.parse(`${match[1]}T${time.length === 5 ? `${time}:00` : time}Z`);
  return Number.isNaN(at) ? undefined : at - IST_OFFSET_MS;
}
