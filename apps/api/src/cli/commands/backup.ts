import { chmod, mkdir, rm, stat } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { createErasureLedger, writeLedgerIntoBackup } from '../../privacy/index.ts';
import { CliError, withStore } from '../cli-context.ts';
import type { Command } from '../command.ts';

export const backupCommand: Command = {
  name: 'backup',
  summary: 'Copy the lead database to a file while the server runs',
  help: `Usage: pnpm leads backup <file> [--force]

Writes a consistent copy of the whole lead database to <file> with SQLite's online backup, while
the server keeps taking leads, then checks the copy (integrity check and lead count). The copy is a
complete SQLite database, readable by its owner only, and carries the erasure ledger and its key
(erasures.jsonl, erasure-key), so a restore on another machine erases again whoever was erased.
docs/operations.md explains how to restore it.

Options:
  --force     Overwrite <file> if it exists
  -h, --help  Show this help

Example:
  pnpm leads backup backups/leads-$(date +%F).sqlite
`,
  options: { force: { type: 'boolean' } },
  operands: { min: 1, max: 1 },
  async run(context, values, [target = '']) {
    const file = path.resolve(context.cwd, target);
    const { databaseFile, dataDir } = context.config();
    if (file === path.resolve(databaseFile)) {
      throw new CliError('The backup must go to another file than the database itself.');
    }
    if (existsSync(file)) {
      if (values.force !== true) {
        throw new CliError(`${file} exists already; add --force to overwrite it.`);
      }
      await rm(file);
    }
    await mkdir(path.dirname(file), { recursive: true });

    await withStore(context, (store) => store.backupTo(file));
    await chmod(file, 0o600);

    const carried = createErasureLedger(dataDir).carried();
    const copy = new Database(file, { fileMustExist: true });
    try {
      if (carried) writeLedgerIntoBackup(copy, carried);
      const integrity = copy.pragma('integrity_check', { simple: true });
      if (integrity !== 'ok') {
        throw new CliError(`The copy at ${file} failed its integrity check: ${String(integrity)}`);
      }
      const { count } = copy
        .prepare<[], { count: number }>('SELECT COUNT(*) AS count FROM leads')
        .get() ?? {
        count: 0,
      };
      const { size } = await stat(file);
      context.out(
        `Backed up ${count} ${count === 1 ? 'lead' : 'leads'} to ${file} (${formatSize(size)}); integrity check ok.\n`,
      );
      if (carried) {
        const erasures = carried.entries.length;
        context.out(
          `The copy carries the erasure ledger (${erasures} ${erasures === 1 ? 'erasure' : 'erasures'}) and its key.\n`,
        );
      }
    } finally {
      copy.close();
    }
  },
};

function formatSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
