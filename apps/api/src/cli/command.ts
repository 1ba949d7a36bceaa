import type { ParseArgsConfig } from 'node:util';
import type { CliContext } from './cli-context.ts';

/** The options a command declares, as parseArgs takes them. */
export type OptionsConfig = NonNullable<ParseArgsConfig['options']>;

/** Parsed option values, as parseArgs gives them. */
export type OptionValues = Record<string, string | boolean | Array<string | boolean> | undefined>;

/** One `pnpm leads <name>` command. */
export interface Command {
  name: string;
  /** One line for the overview. */
  summary: string;
  /** The full `--help` text, usage line first. */
  help: string;
  options: OptionsConfig;
  /** How many operands the command takes, e.g. `resend <id>` exactly one. */
  operands: { min: number; max: number };
  run(context: CliContext, values: OptionValues, operands: string[]): Promise<void>;
}

/** parseArgs types every value as string | boolean; a `type: 'string'` option is a string. */
export function stringOption(values: OptionValues, name: string): string | undefined {
  const value = values[name];
  return typeof value === 'string' ? value : undefined;
}
