import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { UsageError, withStore } from '../cli-context.ts';
import { stringOption, type Command } from '../command.ts';
import { EXPORT_FIELDS, exportCsv, exportJson } from '../../format/lead-export.ts';
import { FILTER_HELP, FILTER_OPTIONS, parseLeadFilter, toLeadQuery } from '../lead-filters.ts';

export const exportCommand: Command = {
  name: 'export',
  summary: 'Every field of the leads as CSV or JSON, oldest first',
  help: `Usage: pnpm leads export [--format csv|json] [--output <file>] [filters]

Writes every field of the matching leads, in the order they arrived, to the screen or a file:
${EXPORT_FIELDS.join(', ')};
then, in CSV, one column per question the leads' own forms asked (an advert's, a partner's), in
the order the questions first came in (JSON has them as one "answers" object). "problems" lists
what is wrong with a platform's lead (no usable number, no name), joined by "; ".
Times are India time with their offset (2026-11-21T15:45:00+05:30). CSV follows RFC 4180 (comma,
CRLF, UTF-8); a value starting with = + - @ is prefixed with ' so that a spreadsheet shows it as
text instead of running it as a formula.

Options:
  --format <csv|json>  Output format (default csv)
  --output <file>      Write to this file (readable by its owner only) instead of the screen
${FILTER_HELP}
  -h, --help           Show this help

Examples:
  pnpm leads export --format csv --output leads.csv
  pnpm leads export --format json --since 2026-11-01 --status sent
`,
  options: { ...FILTER_OPTIONS, format: { type: 'string' }, output: { type: 'string' } },
  operands: { min: 0, max: 0 },
  async run(context, values) {
    const format = stringOption(values, 'format') ?? 'csv';
    if (format !== 'csv' && format !== 'json') {
      throw new UsageError(`--format must be csv or json (got "${format}").`);
    }
    const filter = parseLeadFilter(
      {
        since: stringOption(values, 'since'),
        until: stringOption(values, 'until'),
        kind: stringOption(values, 'kind'),
        status: stringOption(values, 'status'),
        webhook: stringOption(values, 'webhook'),
      },
      context.clock.now(),
    );
    const leads = await withStore(context, (store) =>
      store.queryLeads(toLeadQuery(filter, 'oldest')),
    );
    const text = format === 'csv' ? exportCsv(leads) : exportJson(leads);

    const output = stringOption(values, 'output');
    if (output === undefined) {
      context.out(text);
      return;
    }
    const file = path.resolve(context.cwd, output);
    // Names and mobile numbers: not for other users of the machine.
    await writeFile(file, text, { mode: 0o600 });
    context.err(`Wrote ${leads.length} ${leads.length === 1 ? 'lead' : 'leads'} to ${file}\n`);
  },
};
