import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The web app's folder (where `budget.json` and the default build live). */
export const WEB_ROOT = fileURLToPath(new URL('..', import.meta.url));
export const BUDGET_FILE = path.join(WEB_ROOT, 'budget.json');

export const CATEGORY_IDS = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type CategoryId = (typeof CATEGORY_IDS)[number];

export const METRIC_IDS = [
  'largest-contentful-paint',
  'cumulative-layout-shift',
  'total-blocking-time',
  'speed-index',
] as const;
export type MetricId = (typeof METRIC_IDS)[number];

export interface BundleGroup {
  name: string;
  /** Paths relative to the client build, `*` matching within one path segment. */
  files: string[];
  exclude?: string[];
  maxGzipBytes: number;
}

export interface Budget {
  lighthouse: {
    /** 0–100, as Lighthouse shows scores. */
    minScores: Record<CategoryId, number>;
    /** Milliseconds, except the layout shift score. */
    maxMetrics: Record<MetricId, number>;
  };
  landing: {
    maxScriptGzipBytes: number;
    maxStylesheetGzipBytes: number;
    maxDocumentGzipBytes: number;
    maxTransferBytes: number;
  };
  bundles: BundleGroup[];
  /** Interaction to next paint after hydration, 4× CPU slowdown (interaction-latency.ts). */
  interactions: { maxInteractionToNextPaintMs: number };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function numbers<K extends string>(
  value: unknown,
  keys: readonly K[],
  where: string,
  problems: string[],
): Record<K, number> {
  const out = {} as Record<K, number>;
  for (const key of keys) {
    const n = isRecord(value) ? value[key] : undefined;
    if (typeof n === 'number' && Number.isFinite(n)) out[key] = n;
    else problems.push(`${where}.${key} must be a number`);
  }
  return out;
}

function stringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

/** Reads and checks `budget.json`, naming every malformed entry at once. */
export function parseBudget(raw: unknown): Budget {
  const problems: string[] = [];
  const root = isRecord(raw) ? raw : {};
  const lighthouse = isRecord(root.lighthouse) ? root.lighthouse : {};
  const budget: Budget = {
    lighthouse: {
      minScores: numbers(lighthouse.minScores, CATEGORY_IDS, 'lighthouse.minScores', problems),
      maxMetrics: numbers(lighthouse.maxMetrics, METRIC_IDS, 'lighthouse.maxMetrics', problems),
    },
    landing: numbers(
      root.landing,
      [
        'maxScriptGzipBytes',
        'maxStylesheetGzipBytes',
        'maxDocumentGzipBytes',
        'maxTransferBytes',
      ] as const,
      'landing',
      problems,
    ),
    bundles: [],
    interactions: numbers(
      root.interactions,
      ['maxInteractionToNextPaintMs'] as const,
      'interactions',
      problems,
    ),
  };
  if (!Array.isArray(root.bundles)) problems.push('bundles must be a list');
  else {
    root.bundles.forEach((group: unknown, i) => {
      if (
        isRecord(group) &&
        typeof group.name === 'string' &&
        stringList(group.files) &&
        (group.exclude === undefined || stringList(group.exclude)) &&
        typeof group.maxGzipBytes === 'number'
      ) {
        budget.bundles.push({
          name: group.name,
          files: group.files,
          ...(group.exclude ? { exclude: group.exclude } : {}),
          maxGzipBytes: group.maxGzipBytes,
        });
      } else {
        problems.push(`bundles[${i}] needs name, files[], optional exclude[] and maxGzipBytes`);
      }
    });
  }
  if (problems.length > 0) throw new Error(`budget.json is malformed:\n  ${problems.join('\n  ')}`);
  return budget;
}

export function loadBudget(file = BUDGET_FILE): Budget {
  return parseBudget(JSON.parse(readFileSync(file, 'utf8')));
}

/** The client folder of a build: `--build <dir>`, else WEB_BUILD_DIR, else `apps/web/build`. */
export function clientDirOf(buildDir: string | undefined): string {
  const dir = buildDir?.trim() || process.env.WEB_BUILD_DIR?.trim() || 'build';
  return path.join(path.resolve(WEB_ROOT, dir), 'client');
}

/** `--name value` from the command line. */
export function argument(args: readonly string[], name: string): string | undefined {
  const at = args.indexOf(`--${name}`);
  return at === -1 ? undefined : args[at + 1];
}

export function kB(bytes: number): string {
  return `${(bytes / 1000).toFixed(1)} kB`;
}
