import {
  createPartnerSources,
  PartnerSourceError,
  type PartnerSources,
} from '../../sources/index.ts';
import { formatIndiaTime } from '../../format/lead-format.ts';
import { CliError, UsageError, withStore, type CliContext } from '../cli-context.ts';
import type { Command } from '../command.ts';
import { formatTable } from '../table.ts';

async function withSources<T>(context: CliContext, use: (sources: PartnerSources) => T) {
  return withStore(context, (store) => {
    try {
      return use(createPartnerSources(store.db));
    } catch (error) {
      if (error instanceof PartnerSourceError) {
        throw new CliError(
          error.status === 404
            ? `${error.message} "pnpm leads sources list" shows them.`
            : error.message,
        );
      }
      throw error;
    }
  });
}

const HELP = `Usage: pnpm -s leads sources <add|list|rotate|disable|enable> [name]

Partners and portals that push leads to POST /intake/partners/<name>, signed with their own
secret (Standard Webhooks; docs/lead-sources.md). A new secret is printed alone on the last line,
once: hand it to the partner. Changes apply to the running server at once.

Subcommands:
  add <name>       Add a source; prints its secret
  list             Show every source
  rotate <name>    Issue a new secret; the previous one is accepted for 24 hours more
  disable <name>   Refuse the source's requests (403) until it is enabled
  enable <name>    Take the source's requests again

A name is 2 to 40 lowercase letters, digits and hyphens.

Options:
  -h, --help       Show this help

Examples:
  pnpm -s leads sources add acme-realty
  pnpm -s leads sources rotate acme-realty | tail -n 1
`;

export const sourcesCommand: Command = {
  name: 'sources',
  summary: 'Add, list, rotate, disable and enable partner lead sources',
  help: HELP,
  options: {},
  operands: { min: 1, max: 2 },
  async run(context, _values, [action = '', name]) {
    const now = context.clock.now();
    const needName = (): string => {
      if (name === undefined) throw new UsageError(`"sources ${action}" needs a source name.`);
      return name;
    };
    switch (action) {
      case 'add': {
        const source = needName();
        const { secret } = await withSources(context, (sources) => sources.add(source, now));
        context.out(
          `Added ${source}. It posts to /intake/partners/${source}, signed with this secret (shown once):\n${secret}\n`,
        );
        return;
      }
      case 'rotate': {
        const source = needName();
        const { secret, source: state } = await withSources(context, (sources) =>
          sources.rotate(source, now),
        );
        const until = state.previousSecretUntil ?? now;
        context.out(
          `New secret for ${source}; the previous one is accepted until ${formatIndiaTime(until)}:\n${secret}\n`,
        );
        return;
      }
      case 'disable': {
        const source = needName();
        await withSources(context, (sources) => sources.disable(source, now));
        context.out(`Disabled ${source}: its requests are refused until it is enabled.\n`);
        return;
      }
      case 'enable': {
        const source = needName();
        await withSources(context, (sources) => sources.enable(source, now));
        context.out(`Enabled ${source}: its signed requests are taken again.\n`);
        return;
      }
      case 'list': {
        if (name !== undefined) throw new UsageError(`Unexpected argument "${name}".`);
        const list = await withSources(context, (sources) => sources.list(now));
        if (list.length === 0) {
          context.out('No sources yet. Add one with "pnpm -s leads sources add <name>".\n');
          return;
        }
        context.out(
          formatTable(
            [
              { header: 'NAME' },
              { header: 'STATUS' },
              { header: 'ADDED' },
              { header: 'ROTATED' },
              { header: 'PREVIOUS SECRET UNTIL' },
            ],
            list.map((source) => [
              source.name,
              source.disabled ? 'disabled' : 'enabled',
              formatIndiaTime(source.createdAt),
              source.rotatedAt === null ? '-' : formatIndiaTime(source.rotatedAt),
              source.previousSecretUntil === null
                ? '-'
                : formatIndiaTime(source.previousSecretUntil),
            ]),
          ),
        );
        return;
      }
      default:
        throw new UsageError(
          `Unknown subcommand "${action}"; use add, list, rotate, disable or enable.`,
        );
    }
  },
};
