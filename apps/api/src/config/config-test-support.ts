import { ConfigError, loadConfig } from '../config.ts';

/** What a start with `env` is refused for, in the order reported; none when it starts. */
export function configProblems(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}
