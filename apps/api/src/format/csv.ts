/**
 * CSV as RFC 4180 writes it: CRLF line ends, every field that holds a comma, a quote or a line
 * break quoted, quotes doubled.
 *
 * Spreadsheets run a cell that starts with = + - @ (or a tab or carriage return that they strip
 * first) as a formula, so a visitor who types `=HYPERLINK(...)` as their name could run it on the
 * sales desk's machine. Such cells are prefixed with a single quote: the sheet shows the text, and
 * the original is still readable.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(value: string | number | null | undefined, guardFormulas = true): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (guardFormulas && typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * `guardFormulas: false` for a file read by a program, never a spreadsheet, whose values must
 * arrive exactly as stored (a click id may start with `-`).
 */
export function toCsv(
  header: readonly string[],
  rows: ReadonlyArray<ReadonlyArray<string | number | null | undefined>>,
  { guardFormulas = true }: { guardFormulas?: boolean } = {},
): string {
  return [header, ...rows]
    .map((row) => `${row.map((cell) => csvCell(cell, guardFormulas)).join(',')}\r\n`)
    .join('');
}
