import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import { openLeadStore, type LeadStore } from '../store/lead-store.ts';

/** What a command may touch; tests hand in a temp database, captured output and a fixed clock. */
export interface CliContext {
  out(text: string): void;
  err(text: string): void;
  clock: Clock;
  /** Where the operator ran the command: relative paths they type resolve from here. */
  cwd: string;
  /** Read on first use, so `--help` works even with a broken configuration. */
  config(): Config;
  /** Reads a password the operator types or pipes in; standard input when not given. */
  readPassword?: (prompt: string) => Promise<string>;
}

/** A failure the operator can act on: the message is printed as is, without a stack. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

/** The command line itself was wrong: exit code 2, and a pointer to the command's help. */
export class UsageError extends CliError {
  constructor(message: string) {
    super(message, 2);
    this.name = 'UsageError';
  }
}

/**
 * Opens the server's own lead database. A missing file is an error rather than a new empty
 * database: it almost always means the wrong folder (DATA_DIR) or a server that never ran.
 */
export function openExistingStore(context: CliContext): LeadStore {
  const { databaseFile, dataDir } = context.config();
  if (!existsSync(databaseFile)) {
    throw new CliError(
      `No lead database at ${databaseFile}.\nSet DATA_DIR to the folder the server uses (now ${path.relative(context.cwd, dataDir) || '.'}), or start the server once to create it.`,
    );
  }
  return openLeadStore(databaseFile);
}

export async function withStore<T>(
  context: CliContext,
  use: (store: LeadStore) => T | Promise<T>,
): Promise<T> {
  const store = openExistingStore(context);
  try {
    return await use(store);
  } finally {
    store.close();
  }
}
