import { CsvError, parse } from 'csv-parse/sync';

/** One record of an uploaded CSV file: its cells (trimmed), and the line it starts on. */
export interface CsvRecord {
  record: string[];
  line: number;
}

/**
 * An uploaded CSV file's records (RFC 4180, a byte order mark and empty lines allowed, rows of
 * any length), each with the line of the file it starts on; or, for a file that is not CSV, the
 * line where reading failed and why, in words.
 */
export function readCsvRecords(
  text: string,
): { records: CsvRecord[] } | { problem: { line: number; message: string } } {
  let records: Array<{ record: string[]; info: { lines: number }; raw: string }>;
  try {
    records = parse(text, {
      bom: true,
      info: true,
      raw: true,
      trim: true,
      skip_empty_lines: true,
      relax_column_count: true,
    }) as unknown as typeof records;
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const line = (error as CsvError & { lines?: number }).lines ?? 1;
    return { problem: { line, message: `the file is not valid CSV (${error.message}).` } };
  }
  return {
    records: records.map((entry) => ({
      record: entry.record,
      // A record's first line: its last one, less the line breaks inside it.
      line: entry.info.lines - (entry.raw.replace(/\r?\n$/, '').match(/\n/g)?.length ?? 0),
    })),
  };
}
