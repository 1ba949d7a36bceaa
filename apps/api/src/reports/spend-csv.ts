import { paiseOf, type SpendImportAnswer } from '@iconia/shared';
import { readCsvRecords } from '../format/csv-records.ts';
import { isDay } from '../format/india-day.ts';

/**
 * Reading the spend exports managers download: Google Ads' campaign report and Meta Ads Manager's
 * campaign export, each broken down by day, as CSV (docs/ad-spend.md shows both). Whichever it is
 * is told by its header; rows before the header (Google's report title and date range) and
 * Google's "Total" rows are not spend. A file is taken whole or not at all: every bad row is named
 * by its line, and nothing of a file with one is kept.
 */

export interface SpendImportRow {
  campaign: string;
  campaignId: string | null;
  day: string;
  amountPaise: number;
}

export interface SpendProblem {
  line: number;
  message: string;
}

export type SpendExport = SpendImportAnswer['platform'];

/** Where each value is in a platform's export, by its header's names (lower case). */
interface Layout {
  platform: SpendExport;
  campaign: number;
  campaignId: number;
  /** The day of the row, or Meta's "Reporting starts" (its end must then be the same day). */
  day: number;
  dayEnd: number;
  amount: number;
  currency: number;
  /** The currency the amount's header names: Meta's "Amount spent (INR)". */
  headerCurrency: string | null;
}

const col = (names: readonly string[], ...wanted: string[]) =>
  names.findIndex((name) => wanted.includes(name));

/** The layout of a header row, when it is Google's or Meta's. */
function layoutOf(cells: readonly string[]): Layout | undefined {
  const names = cells.map((cell) => cell.trim().toLowerCase());
  const metaAmount = names.findIndex((name) => name.startsWith('amount spent'));
  if (names.includes('campaign name') && metaAmount >= 0) {
    const day = col(names, 'day');
    return {
      platform: 'meta',
      campaign: col(names, 'campaign name'),
      campaignId: col(names, 'campaign id'),
      day: day >= 0 ? day : col(names, 'reporting starts'),
      dayEnd: day >= 0 ? -1 : col(names, 'reporting ends'),
      amount: metaAmount,
      currency: col(names, 'currency'),
      headerCurrency: /\(([a-z]{3})\)/.exec(names[metaAmount]!)?.[1]?.toUpperCase() ?? null,
    };
  }
  if (names.includes('campaign') && names.includes('cost')) {
    return {
      platform: 'google',
      campaign: col(names, 'campaign'),
      campaignId: col(names, 'campaign id'),
      day: col(names, 'day', 'date'),
      dayEnd: -1,
      amount: col(names, 'cost'),
      currency: col(names, 'currency code', 'currency'),
      headerCurrency: null,
    };
  }
  return undefined;
}

/** The row's India day: ISO as both platforms write it in CSV, or day/month/year. */
function dayOf(value: string): string | undefined {
  const text = value.trim();
  if (isDay(text)) return text;
  const dmy = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  if (!dmy) return undefined;
  const day = `${dmy[3]}-${dmy[2]!.padStart(2, '0')}-${dmy[1]!.padStart(2, '0')}`;
  return isDay(day) ? day : undefined;
}

function readRow(cells: readonly string[], layout: Layout): SpendImportRow | string {
  const at = (index: number) => (index >= 0 ? (cells[index] ?? '').trim() : '');
  const campaign = at(layout.campaign);
  if (!campaign) return 'the campaign is empty';
  const start = at(layout.day);
  const day = dayOf(start);
  if (!day) {
    return start
      ? `"${start}" is not a day (YYYY-MM-DD); export the report broken down by day`
      : 'the day is empty; export the report broken down by day';
  }
  const end = at(layout.dayEnd);
  if (layout.dayEnd >= 0 && end && dayOf(end) !== day) {
    return `the row covers ${start} to ${end}; export the report broken down by day (Breakdown: By time, Day)`;
  }
  const currency = (at(layout.currency) || layout.headerCurrency || 'INR').toUpperCase();
  if (currency !== 'INR') return `the amount is in ${currency}; the desk counts spend in INR`;
  const amount = at(layout.amount);
  const amountPaise = amount === '' || amount === '--' ? 0 : paiseOf(amount);
  if (amountPaise === undefined) {
    return `"${amount}" is not an amount in rupees (up to ₹1 crore a day, two decimals)`;
  }
  return { campaign, campaignId: at(layout.campaignId) || null, day, amountPaise };
}

/** A Google report's summary rows ("Total: Account", "Total: Campaigns") carry no campaign day. */
const isTotal = (cells: readonly string[]) => /^total\b/i.test((cells[0] ?? '').trim());

export function parseSpendCsv(
  text: string,
): { platform: SpendExport; rows: SpendImportRow[] } | { problems: SpendProblem[] } {
  const read = readCsvRecords(text);
  if ('problem' in read) return { problems: [read.problem] };
  const { records } = read;
  const headerAt = records.findIndex((entry) => layoutOf(entry.record));
  if (headerAt < 0) {
    return {
      problems: [
        {
          line: 1,
          message:
            'this is not a spend export the desk knows: Google Ads’ campaign report (Day, Campaign, Cost) or Meta Ads Manager’s export (Day, Campaign name, Amount spent).',
        },
      ],
    };
  }
  const layout = layoutOf(records[headerAt]!.record)!;
  const rows: SpendImportRow[] = [];
  const problems: SpendProblem[] = [];
  const seen = new Map<string, number>();
  const width = records[headerAt]!.record.length;
  for (const entry of records.slice(headerAt + 1)) {
    if (isTotal(entry.record)) continue;
    const { line } = entry;
    const row =
      entry.record.length > width
        ? `the row has ${entry.record.length} cells and the header ${width}: a value with a comma, such as "1,890", must be in double quotes`
        : readRow(entry.record, layout);
    if (typeof row === 'string') {
      problems.push({ line, message: `${row}.` });
      continue;
    }
    const key = `${row.campaign.toLowerCase()}\n${row.day}`;
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      problems.push({
        line,
        message: `"${row.campaign}" on ${row.day} is already on line ${earlier}; export one row per campaign and day.`,
      });
      continue;
    }
    seen.set(key, line);
    rows.push(row);
  }
  if (problems.length > 0) return { problems };
  if (rows.length === 0) {
    return {
      problems: [{ line: records[headerAt]!.line, message: 'the file has no spend rows.' }],
    };
  }
  return { platform: layout.platform, rows };
}
