/**
 * Reads `.env.example`: each setting is a commented `# NAME=default` line under a one-line
 * comment saying what it means, grouped under `# ---- Section ----` headings.
 */
import { unquote } from './compose.ts';

export interface EnvExampleEntry {
  name: string;
  /** The default, quotes removed as Compose would when the line is uncommented. */
  value: string;
  meaning: string;
  section: string;
  line: number;
}

export function parseEnvExample(text: string): EnvExampleEntry[] {
  const entries: EnvExampleEntry[] = [];
  let section = '';
  let previous = '';
  text.split(/\r?\n/).forEach((line, index) => {
    const heading = /^#\s*-{2,}\s*(.+?)\s*-{2,}\s*$/.exec(line);
    const setting = /^#\s?([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    if (heading) {
      section = heading[1] ?? '';
    } else if (setting) {
      entries.push({
        name: setting[1] ?? '',
        value: unquote(setting[2] ?? ''),
        meaning: previous,
        section,
        line: index + 1,
      });
    }
    previous = /^#\s*(.*)$/.exec(line)?.[1] ?? '';
  });
  return entries;
}

/** `.env.example` with every setting uncommented, as an operator who copies it all would. */
export function uncommented(entries: EnvExampleEntry[]): Record<string, string> {
  return Object.fromEntries(entries.map((entry) => [entry.name, entry.value]));
}
