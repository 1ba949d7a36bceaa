import { enquirySourceLabel } from '@iconia/shared';
import { UsageError, withStore } from '../cli-context.ts';
import { stringOption, type Command } from '../command.ts';
import { leadState } from '../../format/lead-stats.ts';
import { isErased, leadDetail, mobileOrProblem, shortId, tableTime } from '../lead-display.ts';
import { FILTER_HELP, FILTER_OPTIONS, parseLeadFilter, toLeadQuery } from '../lead-filters.ts';
import { formatTable } from '../table.ts';

const DEFAULT_LIMIT = 50;

export const listCommand: Command = {
  name: 'list',
  summary: 'Show leads in a table, newest first',
  help: `Usage: pnpm leads list [options]

Shows leads newest first: short id, time received (India time), kind, status, name, mobile,
plot range or location, and where it came from: the site's form ("Website, no form named" for a
post that named none) or the channel (Google Ads, Meta lead ads, Partner: <name>).

Options:
${FILTER_HELP}
  --limit <n>       Show at most n leads (default ${DEFAULT_LIMIT}); 0 shows all
  -h, --help        Show this help

Examples:
  pnpm leads list --since yesterday
  pnpm leads list --status failed
  pnpm leads list --webhook dead
  pnpm leads list --kind contact --since 2026-11-01 --until 2026-11-30 --limit 0
`,
  options: { ...FILTER_OPTIONS, limit: { type: 'string' } },
  operands: { min: 0, max: 0 },
  async run(context, values) {
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
    const limitText = stringOption(values, 'limit') ?? String(DEFAULT_LIMIT);
    if (!/^\d+$/.test(limitText)) {
      throw new UsageError(`--limit must be a whole number, 0 for all (got "${limitText}").`);
    }
    const limit = Number(limitText);

    const leads = await withStore(context, (store) => store.queryLeads(toLeadQuery(filter)));
    if (leads.length === 0) {
      context.out('No leads match.\n');
      return;
    }
    const shown = limit === 0 ? leads : leads.slice(0, limit);
    context.out(
      formatTable(
        [
          { header: 'ID' },
          { header: 'RECEIVED (IST)' },
          { header: 'KIND' },
          { header: 'STATUS' },
          { header: 'NAME', maxWidth: 28 },
          { header: 'MOBILE' },
          { header: 'PLOT RANGE / LOCATION', maxWidth: 28 },
          { header: 'CAME FROM', maxWidth: 36 },
        ],
        shown.map((lead) => [
          shortId(lead.publicId),
          tableTime(lead.receivedAt),
          lead.kind,
          leadState(lead),
          // An erased lead keeps neither (the sales desk's erasure): say so rather than show blanks.
          // A platform's lead without a usable number says what is wrong instead.
          isErased(lead) ? '(erased)' : lead.name,
          isErased(lead) ? '' : mobileOrProblem(lead.mobile, lead.problems),
          leadDetail(lead),
          enquirySourceLabel({ origin: lead.origin, form: lead.attribution.source ?? null }),
        ]),
      ),
    );
    const noun = leads.length === 1 ? 'lead' : 'leads';
    context.out(
      shown.length < leads.length
        ? `\nShowing the newest ${shown.length} of ${leads.length} ${noun}; --limit 0 shows all.\n`
        : `\n${leads.length} ${noun}.\n`,
    );
  },
};
