import { loadConfig, type Config } from '../config.ts';

/**
 * Where the operator ran the command. `pnpm leads` at the repository root runs the package script
 * inside apps/api; pnpm passes the directory it was started in as INIT_CWD, so DATA_DIR=./var and
 * a backup file name mean the same folder as for `pnpm start` there.
 */
export function operatorCwd(): string {
  return process.env.INIT_CWD || process.cwd();
}

/**
 * The server's own configuration, read as the server reads it; the CLI sends no mail, so it
 * needs no mail server even in production.
 */
export function loadCliConfig(): Config {
  return loadConfig(process.env, operatorCwd(), { sendsMail: false });
}
