import { withStore } from '../cli-context.ts';
import { stringOption, type Command } from '../command.ts';
import { addDays, dayLabel, indiaDay } from '../../format/india-day.ts';
import { countLeads, SOURCE_KEYS, summarizeOutbox } from '../../format/lead-stats.ts';
import { formatIndiaTime, sourceLabel } from '../lead-display.ts';
import { DATE_OPTIONS, parseDateRange, toLeadQuery } from '../lead-filters.ts';
import { formatTable } from '../table.ts';

const DEFAULT_DAYS = 7;

export const statsCommand: Command = {
  name: 'stats',
  summary: 'Leads per day and per form, and what waits in the outbox',
  help: `Usage: pnpm leads stats [--since <day>] [--until <day>]

Counts leads per day (India time) and per form over a period, by default the last ${DEFAULT_DAYS} days
including today. Duplicates and spam are counted apart and left out of the totals. Then shows how
many leads wait to be emailed: pending (not tried yet) and failed (will be retried).

Options:
  --since <day>  First day, YYYY-MM-DD, today or yesterday (default ${DEFAULT_DAYS - 1} days before --until)
  --until <day>  Last day, included (default today)
  -h, --help     Show this help
`,
  options: DATE_OPTIONS,
  operands: { min: 0, max: 0 },
  async run(context, values) {
    const now = context.clock.now();
    const range = parseDateRange(
      { since: stringOption(values, 'since'), until: stringOption(values, 'until') },
      now,
    );
    const until = range.until ?? indiaDay(now);
    const since = range.since ?? addDays(until, -(DEFAULT_DAYS - 1));

    const { leads, waiting } = await withStore(context, (store) => ({
      leads: store.queryLeads(toLeadQuery({ since, until }, 'oldest')),
      waiting: store.queryLeads({ status: 'pending', order: 'oldest' }),
    }));
    const stats = countLeads(leads, since, until);
    const outbox = summarizeOutbox(waiting);

    const dayRows = stats.days.map((day) => [
      dayLabel(day.day),
      String(day.byKind.brochure),
      String(day.byKind.contact),
      String(day.total),
      String(day.duplicate),
      String(day.spam),
    ]);
    const sum = (pick: (day: (typeof stats.days)[number]) => number): string =>
      String(stats.days.reduce((total, day) => total + pick(day), 0));
    dayRows.push([
      'Total',
      sum((day) => day.byKind.brochure),
      sum((day) => day.byKind.contact),
      String(stats.total),
      sum((day) => day.duplicate),
      sum((day) => day.spam),
    ]);
    const number = { align: 'right' } as const;

    context.out(`Leads per day, ${dayLabel(since)} to ${dayLabel(until)} (India time)\n\n`);
    context.out(
      formatTable(
        [
          { header: 'DAY' },
          { header: 'BROCHURE', ...number },
          { header: 'ENQUIRY', ...number },
          { header: 'LEADS', ...number },
          { header: 'DUPLICATE', ...number },
          { header: 'SPAM', ...number },
        ],
        dayRows,
      ),
    );
    context.out('\nLeads per form\n\n');
    context.out(
      formatTable(
        [{ header: 'FORM' }, { header: 'LEADS', ...number }],
        SOURCE_KEYS.filter((key) => key !== 'unknown' || stats.bySource.unknown > 0).map((key) => [
          sourceLabel(key),
          String(stats.bySource[key]),
        ]),
      ),
    );
    context.out('\nOutbox\n\n');
    context.out(
      formatTable(
        [{ header: 'WAITING TO BE EMAILED' }, { header: 'LEADS', ...number }],
        [
          ['Pending (not tried yet)', String(outbox.pending)],
          ['Failed (will be retried)', String(outbox.failed)],
        ],
      ),
    );
    if (outbox.oldestReceivedAt !== undefined) {
      context.out(`\nOldest waiting lead received ${formatIndiaTime(outbox.oldestReceivedAt)}.\n`);
    }
    if (outbox.lastError !== undefined) {
      context.out(`Last delivery error: ${outbox.lastError}\n`);
    }
  },
};
