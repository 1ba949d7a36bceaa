import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import {
  createAccountAdmin,
  DeskError,
  isRole,
  PASSWORD_MIN_LENGTH,
  type AccountAdmin,
} from '../../accounts/index.ts';
import { createRouting, routingOptionsOf } from '../../routing/index.ts';
import { CliError, UsageError, withStore, type CliContext } from '../cli-context.ts';
import { stringOption, type Command } from '../command.ts';
import { formatTable } from '../table.ts';

/** Piped standard input, read once, line by line for each secret asked for in turn. */
let pipedLines: Promise<string[]> | undefined;

/**
 * A password or other secret from standard input: typed without echo at a terminal, or piped
 * (`printf '%s\n' "$PASSWORD" | pnpm -s leads users add …`), one line per secret asked for.
 */
export async function readPasswordFromStdin(prompt: string): Promise<string> {
  const { stdin, stderr } = process;
  if (!stdin.isTTY) {
    pipedLines ??= (async () => {
      let text = '';
      for await (const chunk of stdin) text += String(chunk);
      return text.split(/\r?\n/);
    })();
    return (await pipedLines).shift() ?? '';
  }
  stderr.write(prompt);
  const silent = new Writable({ write: (_chunk, _encoding, done) => done() });
  const lines = createInterface({ input: stdin, output: silent, terminal: true });
  try {
    return await new Promise<string>((resolve) => lines.once('line', resolve));
  } finally {
    lines.close();
    stderr.write('\n');
  }
}

async function withAccounts<T>(
  context: CliContext,
  use: (accounts: AccountAdmin) => T | Promise<T>,
) {
  // The lead store checks that the file exists and brings its tables up to date.
  return withStore(context, async (store) => {
    try {
      return await use(createAccountAdmin(store.db));
    } catch (error) {
      if (error instanceof DeskError) throw new CliError(error.message);
      throw error;
    }
  });
}

function findAccount(accounts: AccountAdmin, email: string) {
  const user = accounts.find(email);
  if (!user)
    throw new CliError(`There is no account for ${email}. "pnpm leads users list" shows them.`);
  return user;
}

const HELP = `Usage: pnpm -s leads users <add|list|disable|enable|reset-password|duty> [email] [options]

Accounts of the sales desk (/desk). Passwords are read from standard input: typed without echo
at a terminal, or piped as one line. A password has at least ${PASSWORD_MIN_LENGTH} characters.

Subcommands:
  add <email> --name <name> --role manager|agent
                          Create an account
  list                    Show every account
  disable <email>         Disable an account; its sessions end at once
  enable <email>          Let a disabled account sign in again, with the password it had
  reset-password <email>  Set a new password; every session of the account ends. With
                          --temporary, print a random temporary password instead (shown
                          this once) that its owner must replace at the next sign-in
  duty <email> on|off     On duty, the person takes new buyers in turn (and those waiting
                          because nobody was); off duty, none (their own buyers stay)

Options:
  --name <name>      The person's name, as the desk shows it
  --role <role>      manager (assigns, exports, manages accounts, erases) or agent
  --temporary        reset-password: make a temporary password rather than read one
  -h, --help         Show this help

Examples:
  pnpm -s leads users add meena@example.com --name "Meena Rao" --role manager
  printf '%s\\n' "$NEW_PASSWORD" | pnpm -s leads users reset-password arjun@example.com
  pnpm -s leads users reset-password arjun@example.com --temporary
  pnpm -s leads users disable arjun@example.com
  pnpm -s leads users enable arjun@example.com
  pnpm -s leads users duty arjun@example.com on
`;

/** Every account, with whether it may sign in. */
async function listUsers(context: CliContext): Promise<void> {
  const users = await withAccounts(context, (accounts) => accounts.list());
  if (users.length === 0) {
    context.out('No accounts yet. Add one with "pnpm -s leads users add".\n');
    return;
  }
  context.out(
    formatTable(
      [
        { header: 'EMAIL' },
        { header: 'NAME', maxWidth: 32 },
        { header: 'ROLE' },
        { header: 'STATUS' },
      ],
      users.map((user) => [
        user.email,
        user.name,
        user.role,
        user.disabled
          ? 'disabled'
          : user.mustChangePassword
            ? 'active, must change password'
            : 'active',
      ]),
    ),
  );
}

/** A new password typed by the operator, or with `temporary` one made up for its owner to change. */
async function resetPassword(
  context: CliContext,
  address: string,
  temporary: boolean,
  readPassword: (prompt: string) => Promise<string>,
): Promise<void> {
  if (temporary) {
    const { temporaryPassword } = await withAccounts(context, (accounts) =>
      accounts.resetToTemporaryPassword(findAccount(accounts, address)),
    );
    context.out(
      `Temporary password for ${address}: ${temporaryPassword}\n` +
        'Every session of it has ended; at the next sign-in its owner must choose a new password.\n',
    );
    return;
  }
  // Checked before asking, so a typo in the email does not cost a typed password.
  await withAccounts(context, (accounts) => findAccount(accounts, address));
  const password = await readPassword(`New password for ${address}: `);
  await withAccounts(context, (accounts) =>
    accounts.resetPassword(findAccount(accounts, address), password),
  );
  context.out(`New password set for ${address}; every session of it has ended.\n`);
}

/** Puts a person on or off duty; on duty, the buyers waiting for someone are handed out. */
async function setDuty(context: CliContext, address: string, duty: string | undefined) {
  if (duty !== 'on' && duty !== 'off') {
    throw new UsageError('"users duty" needs on or off after the email address.');
  }
  const handedOut = await withStore(context, (store) => {
    const user = findAccount(createAccountAdmin(store.db), address);
    if (user.disabled) throw new CliError(`The account ${address} is disabled.`);
    const routing = createRouting(store.db, routingOptionsOf(context.config()));
    return routing.setDuty(user.id, duty === 'on', context.clock.now()).handedOut;
  });
  context.out(
    duty === 'on'
      ? `${address} is on duty and takes new buyers in turn${handedOut > 0 ? `; ${handedOut} waiting buyer${handedOut === 1 ? '' : 's'} handed out (the running server emails them within a minute)` : ''}.\n`
      : `${address} is off duty; their own buyers stay theirs.\n`,
  );
}

export const usersCommand: Command = {
  name: 'users',
  summary: 'Add, list, disable, enable sales desk accounts and reset passwords',
  help: HELP,
  options: { name: { type: 'string' }, role: { type: 'string' }, temporary: { type: 'boolean' } },
  operands: { min: 1, max: 3 },
  async run(context, values, [action = '', email, duty]) {
    const readPassword = context.readPassword ?? readPasswordFromStdin;
    const needEmail = (): string => {
      if (email === undefined) throw new UsageError(`"users ${action}" needs an email address.`);
      return email;
    };
    if (duty !== undefined && action !== 'duty') {
      throw new UsageError(`Unexpected argument "${duty}".`);
    }
    if (values.temporary === true && action !== 'reset-password') {
      throw new UsageError('--temporary goes with reset-password only.');
    }
    switch (action) {
      case 'add': {
        const address = needEmail();
        const name = stringOption(values, 'name');
        const role = stringOption(values, 'role');
        if (name === undefined) throw new UsageError('--name is required.');
        if (!isRole(role)) throw new UsageError('--role must be manager or agent.');
        const password = await readPassword(`Password for ${address}: `);
        const user = await withAccounts(context, (accounts) =>
          accounts.add({ email: address, name, role, password }, context.clock.now()),
        );
        context.out(`Added ${user.name} <${user.email}> as ${user.role}.\n`);
        return;
      }
      case 'list': {
        if (email !== undefined) throw new UsageError(`Unexpected argument "${email}".`);
        await listUsers(context);
        return;
      }
      case 'disable': {
        const address = needEmail();
        await withAccounts(context, (accounts) =>
          accounts.disable(findAccount(accounts, address), context.clock.now()),
        );
        context.out(`Disabled ${address}; its sessions have ended.\n`);
        return;
      }
      case 'enable': {
        const address = needEmail();
        await withAccounts(context, (accounts) => accounts.enable(findAccount(accounts, address)));
        context.out(`Enabled ${address}; it signs in with the password it had.\n`);
        return;
      }
      case 'reset-password': {
        await resetPassword(context, needEmail(), values.temporary === true, readPassword);
        return;
      }
      case 'duty': {
        await setDuty(context, needEmail(), duty);
        return;
      }
      default:
        throw new UsageError(
          `Unknown subcommand "${action}"; use add, list, disable, enable, reset-password or duty.`,
        );
    }
  },
};
