import {
  createPartnerSources,
  PartnerSourceError,
  type PartnerSources,
} from '../../sources/index.ts';
import {
  createPortalCredentialSeal,
  createPortalSources,
  PORTAL_ADAPTERS,
  PORTAL_KEYS,
  PortalSourceError,
  type PortalSources,
} from '../../portals/index.ts';
import { formatIndiaTime } from '../../format/lead-format.ts';
import { CliError, UsageError, withStore, type CliContext } from '../cli-context.ts';
import { stringOption, type Command, type OptionValues } from '../command.ts';
import { formatTable } from '../table.ts';
import { readPasswordFromStdin } from './users.ts';

interface Sources {
  partners: PartnerSources;
  portals: PortalSources;
}

async function withSources<T>(context: CliContext, use: (sources: Sources) => T | Promise<T>) {
  const { dataDir } = context.config();
  return withStore(context, async (store) => {
    try {
      const partners = createPartnerSources(store.db);
      const portals = createPortalSources(store.db, createPortalCredentialSeal(dataDir), (name) =>
        partners.list(context.clock.now()).some((source) => source.name === name),
      );
      return await use({ partners, portals });
    } catch (error) {
      if (error instanceof PartnerSourceError || error instanceof PortalSourceError) {
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

/** Asks for each field of the portal's login on standard input, never on the command line. */
async function readLogin(context: CliContext, portal: string) {
  const adapter = PORTAL_ADAPTERS.get(portal);
  if (!adapter) {
    throw new UsageError(
      `"${portal}" is not a portal the desk pulls from: use one of ${PORTAL_KEYS.join(', ')}.`,
    );
  }
  const read = context.readPassword ?? readPasswordFromStdin;
  const login: Record<string, string> = {};
  for (const field of adapter.credentialFields) login[field.key] = await read(`${field.label}: `);
  return login;
}

/** A disable or enable names a partner or a portal source. */
function setDisabled(sources: Sources, name: string, disabled: boolean, now: number) {
  if (sources.portals.find(name))
    return sources.portals.setDisabled(name, disabled, now) && 'portal';
  if (disabled) sources.partners.disable(name, now);
  else sources.partners.enable(name, now);
  return 'partner';
}

async function addPortal(
  context: CliContext,
  values: OptionValues,
  portal: string,
  now: number,
): Promise<void> {
  const sourceName = stringOption(values, 'name');
  if (sourceName === undefined) throw new UsageError('"sources add-portal" needs --name <name>.');
  const url = stringOption(values, 'url');
  const login = await readLogin(context, portal);
  const added = await withSources(context, (sources) =>
    sources.portals.add({ portal, name: sourceName, credentials: login, url }, now),
  );
  context.out(
    `Added ${added.name}: ${added.portalLabel}, polled every PORTAL_POLL_MINUTES from now on, its leads under "Portal: ${added.name}". Its login is stored encrypted.\n`,
  );
}

async function enterLoginAgain(context: CliContext, source: string): Promise<void> {
  const found = await withSources(context, (sources) => sources.portals.find(source));
  if (!found) {
    throw new CliError(
      `There is no portal source named "${source}". "pnpm leads sources list" shows them.`,
    );
  }
  const login = await readLogin(context, found.portal);
  await withSources(context, (sources) => sources.portals.setCredentials(source, login));
  context.out(`New login stored for ${source}; the next poll uses it.\n`);
}

async function listSources(context: CliContext, now: number): Promise<void> {
  const { partners, portals } = await withSources(context, (sources) => ({
    partners: sources.partners.list(now),
    portals: sources.portals.list(),
  }));
  if (partners.length === 0 && portals.length === 0) {
    context.out('No sources yet. Add one with "pnpm -s leads sources add <name>".\n');
    return;
  }
  const time = (at: number | null) => (at === null ? '-' : formatIndiaTime(at));
  context.out(
    formatTable(
      [
        { header: 'NAME' },
        { header: 'KIND' },
        { header: 'STATUS' },
        { header: 'ADDED' },
        { header: 'ROTATED' },
        { header: 'PREVIOUS SECRET UNTIL' },
        { header: 'LAST GOOD POLL' },
        { header: 'LAST ERROR' },
      ],
      [
        ...partners.map((source) => [
          source.name,
          'partner (push)',
          source.disabled ? 'disabled' : 'enabled',
          formatIndiaTime(source.createdAt),
          time(source.rotatedAt),
          time(source.previousSecretUntil),
          '-',
          '-',
        ]),
        ...portals.map((source) => [
          source.name,
          `${source.portalLabel} (pull)`,
          source.disabled ? 'disabled' : 'enabled',
          formatIndiaTime(source.createdAt),
          '-',
          '-',
          time(source.lastSuccessAt),
          source.lastError ?? '-',
        ]),
      ],
    ),
  );
}

const HELP = `Usage: pnpm -s leads sources <add|add-portal|credentials|list|rotate|disable|enable> [name]

Two kinds of lead source (docs/lead-sources.md):
- partners push leads to POST /intake/partners/<name>, signed with their own secret (Standard
  Webhooks). A new secret is printed alone on the last line, once: hand it to the partner.
- portals (${PORTAL_KEYS.join(', ')}) are pulled by the server every PORTAL_POLL_MINUTES. Their
  login is asked for on standard input (typed without echo, or piped one field per line), kept
  encrypted with the data folder's portal key, and never shown again.
Changes apply to the running server at once.

Subcommands:
  add <name>                            Add a partner source; prints its secret
  add-portal <portal> --name <name>     Add a portal source; asks for its login
  credentials <name>                    Enter a portal source's login again
  list                                  Show every source
  rotate <name>                         Issue a partner a new secret; the previous one is
                                        accepted for 24 hours more
  disable <name>                        Refuse a partner's requests (403), or stop polling a
                                        portal, until it is enabled
  enable <name>                         Take the source's leads again

A name is 2 to 40 lowercase letters, digits and hyphens.

Options:
  --name <name>    The portal source's name (add-portal)
  --url <url>      The portal's endpoint, when it is not the documented one (add-portal)
  -h, --help       Show this help

Examples:
  pnpm -s leads sources add acme-realty
  pnpm -s leads sources rotate acme-realty | tail -n 1
  pnpm -s leads sources add-portal 99acres --name 99acres
  printf '%s\n' "$HOUSING_PROFILE_ID" "$HOUSING_KEY" | pnpm -s leads sources add-portal housing --name housing
`;

export const sourcesCommand: Command = {
  name: 'sources',
  summary: 'Add, list, rotate, disable and enable partner and portal lead sources',
  help: HELP,
  options: { name: { type: 'string' }, url: { type: 'string' } },
  operands: { min: 1, max: 2 },
  async run(context, values, [action = '', name]) {
    const now = context.clock.now();
    const needName = (): string => {
      if (name === undefined) throw new UsageError(`"sources ${action}" needs a source name.`);
      return name;
    };
    switch (action) {
      case 'add': {
        const source = needName();
        const { secret } = await withSources(context, (sources) => {
          if (sources.portals.find(source)) {
            throw new CliError(`There is already a source named "${source}".`);
          }
          return sources.partners.add(source, now);
        });
        context.out(
          `Added ${source}. It posts to /intake/partners/${source}, signed with this secret (shown once):\n${secret}\n`,
        );
        return;
      }
      case 'rotate': {
        const source = needName();
        const { secret, source: state } = await withSources(context, (sources) =>
          sources.partners.rotate(source, now),
        );
        const until = state.previousSecretUntil ?? now;
        context.out(
          `New secret for ${source}; the previous one is accepted until ${formatIndiaTime(until)}:\n${secret}\n`,
        );
        return;
      }
      case 'disable': {
        const source = needName();
        const kind = await withSources(context, (sources) =>
          setDisabled(sources, source, true, now),
        );
        context.out(
          kind === 'portal'
            ? `Disabled ${source}: it is not polled until it is enabled.\n`
            : `Disabled ${source}: its requests are refused until it is enabled.\n`,
        );
        return;
      }
      case 'enable': {
        const source = needName();
        const kind = await withSources(context, (sources) =>
          setDisabled(sources, source, false, now),
        );
        context.out(
          kind === 'portal'
            ? `Enabled ${source}: it is polled again, from where its last full read ended.\n`
            : `Enabled ${source}: its signed requests are taken again.\n`,
        );
        return;
      }
      case 'add-portal':
        return addPortal(context, values, needName(), now);
      case 'credentials':
        return enterLoginAgain(context, needName());
      case 'list':
        if (name !== undefined) throw new UsageError(`Unexpected argument "${name}".`);
        return listSources(context, now);
      default:
        throw new UsageError(
          `Unknown subcommand "${action}"; use add, add-portal, credentials, list, rotate, disable or enable.`,
        );
    }
  },
};
