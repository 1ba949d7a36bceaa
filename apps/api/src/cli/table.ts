export interface Column {
  header: string;
  /** Numbers read best right-aligned. */
  align?: 'left' | 'right';
  /** Longer values are cut with an ellipsis. */
  maxWidth?: number;
}

/** Characters as a terminal counts them, near enough: code points, not UTF-16 units. */
function width(text: string): number {
  return [...text].length;
}

function fit(text: string, max: number | undefined): string {
  // Line breaks and tabs in a value would tear the table apart.
  // eslint-disable-next-line no-control-regex
  const flat = text.replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ');
  if (max === undefined || width(flat) <= max) return flat;
  return `${[...flat].slice(0, max - 1).join('')}…`;
}

/** A plain-text table with a header row, columns two spaces apart, no trailing spaces. */
export function formatTable(
  columns: readonly Column[],
  rows: ReadonlyArray<readonly string[]>,
): string {
  const cells = rows.map((row) =>
    columns.map((column, index) => fit(row[index] ?? '', column.maxWidth)),
  );
  const widths = columns.map((column, index) =>
    Math.max(width(column.header), ...cells.map((row) => width(row[index] ?? ''))),
  );
  const line = (values: readonly string[]): string =>
    values
      .map((value, index) => {
        const pad = ' '.repeat((widths[index] ?? 0) - width(value));
        return columns[index]?.align === 'right' ? pad + value : value + pad;
      })
      .join('  ')
      .trimEnd();
  return [line(columns.map((column) => column.header)), ...cells.map(line)].join('\n') + '\n';
}
