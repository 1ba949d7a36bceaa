import { parseArgs } from 'node:util';
import { ConfigError } from '../config.ts';
import { CliError, UsageError, type CliContext } from './cli-context.ts';
import type { Command, OptionValues } from './command.ts';
import { backupCommand } from './commands/backup.ts';
import { exportCommand } from './commands/export.ts';
import { listCommand } from './commands/list.ts';
import { releaseCommand } from './commands/release.ts';
import { resendCommand } from './commands/resend.ts';
import { sourcesCommand } from './commands/sources.ts';
import { statsCommand } from './commands/stats.ts';
import { usersCommand } from './commands/users.ts';

export const COMMANDS: readonly Command[] = [
  listCommand,
  exportCommand,
  resendCommand,
  releaseCommand,
  statsCommand,
  backupCommand,
  usersCommand,
  sourcesCommand,
];

function overview(): string {
  const width = Math.max(...COMMANDS.map((command) => command.name.length));
  return `Usage: pnpm leads <command> [options]

The sales desk's and the operator's view of the lead database. It reads the server's settings
(DATA_DIR and the rest, docs/operations.md) and works while the server runs.

Commands:
${COMMANDS.map((command) => `  ${command.name.padEnd(width)}  ${command.summary}`).join('\n')}

Run "pnpm leads <command> --help" for a command's options.
In the Docker container: docker compose exec app leads <command> [options]
`;
}

/** Runs one command line; resolves with the exit code (0 done, 1 failed, 2 wrong usage). */
export async function runLeadsCli(argv: readonly string[], context: CliContext): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === 'help' || name === '--help' || name === '-h') {
    const topic =
      name === 'help' ? COMMANDS.find((command) => command.name === rest[0]) : undefined;
    context.out(topic ? topic.help : overview());
    return name === undefined ? 2 : 0;
  }
  const command = COMMANDS.find((candidate) => candidate.name === name);
  if (!command) {
    context.err(`Unknown command "${name}".\n\n${overview()}`);
    return 2;
  }

  try {
    let values: OptionValues;
    let operands: string[];
    try {
      const parsed = parseArgs({
        args: [...rest],
        options: { ...command.options, help: { type: 'boolean', short: 'h' } },
        allowPositionals: true,
        strict: true,
      });
      values = parsed.values;
      operands = parsed.positionals;
    } catch (error) {
      // parseArgs explains unknown options and missing values well; keep its words.
      throw new UsageError(error instanceof Error ? error.message : String(error));
    }
    if (values.help === true) {
      context.out(command.help);
      return 0;
    }
    const { min, max } = command.operands;
    if (operands.length < min || operands.length > max) {
      throw new UsageError(
        operands.length < min
          ? `Missing ${min === 1 ? 'an argument' : 'arguments'}.`
          : `Unexpected argument "${operands[max] ?? ''}".`,
      );
    }
    await command.run(context, values, operands);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      context.err(
        `${error.message}\n\n${command.help.split('\n\n')[0]}\nRun "pnpm leads ${command.name} --help" for more.\n`,
      );
      return error.exitCode;
    }
    if (error instanceof CliError) {
      context.err(`${error.message}\n`);
      return error.exitCode;
    }
    if (error instanceof ConfigError) {
      context.err(`${error.message}\n`);
      return 1;
    }
    // File system and SQLite errors (EACCES, ENOSPC, SQLITE_BUSY…) speak for themselves.
    if (error instanceof Error && typeof (error as NodeJS.ErrnoException).code === 'string') {
      context.err(`${error.message}\n`);
      return 1;
    }
    throw error;
  }
}
