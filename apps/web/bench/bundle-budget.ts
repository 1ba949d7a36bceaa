/*
 * The size-limit style check of the landing page's bundles: every file `index.html` makes the
 * browser fetch before any interaction (its module preloads, the entry module and the
 * stylesheets, and the page itself), gzipped as the server sends them, summed per group of
 * `budget.json` and held to that group's limit.
 *
 *   pnpm --filter @iconia/web check:bundles [--build <dir>]
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { argument, clientDirOf, kB, loadBudget, type BundleGroup } from './budget-file.ts';

const ATTRIBUTE = (name: string) => new RegExp(`\\s${name}\\s*=\\s*"([^"]*)"`, 'i');

/** The site-relative files the prerendered landing page asks for before anything else runs. */
export function landingAssets(html: string): string[] {
  const found = new Set<string>(['index.html']);
  for (const [tag = ''] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = ATTRIBUTE('rel').exec(tag)?.[1]?.toLowerCase();
    const href = ATTRIBUTE('href').exec(tag)?.[1];
    if (href && (rel === 'modulepreload' || rel === 'stylesheet')) found.add(href);
  }
  for (const [, attributes = '', body = ''] of html.matchAll(
    /<script\b([^>]*)>([\s\S]*?)<\/script>/gi,
  )) {
    const src = ATTRIBUTE('src').exec(attributes)?.[1];
    if (src) found.add(src);
    // The inline module that boots the app imports the route modules and the entry.
    for (const [, specifier = ''] of body.matchAll(/\bimport\s*\(?\s*"([^"]+)"/g)) {
      found.add(specifier);
    }
  }
  return [...found]
    .filter((href) => href === 'index.html' || href.startsWith('/'))
    .map((href) => href.replace(/^\//, ''));
}

function matcher(patterns: readonly string[]): (file: string) => boolean {
  const expressions = patterns.map(
    (pattern) =>
      new RegExp(
        `^${pattern
          .split('*')
          .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
          .join('[^/]*')}$`,
      ),
  );
  return (file) => expressions.some((expression) => expression.test(file));
}

export interface GroupResult {
  name: string;
  files: { file: string; gzipBytes: number }[];
  gzipBytes: number;
  maxGzipBytes: number;
  ok: boolean;
}

export function gzipSizeOf(file: string): number {
  return gzipSync(readFileSync(file)).length;
}

/** Measures each group over the landing page's files of the build in `clientDir`. */
export function checkBundles(clientDir: string, groups: readonly BundleGroup[]): GroupResult[] {
  const assets = landingAssets(readFileSync(path.join(clientDir, 'index.html'), 'utf8'));
  const sizes = new Map(assets.map((file) => [file, gzipSizeOf(path.join(clientDir, file))]));
  return groups.map((group) => {
    const included = matcher(group.files);
    const excluded = matcher(group.exclude ?? []);
    const files = assets
      .filter((file) => included(file) && !excluded(file))
      .map((file) => ({ file, gzipBytes: sizes.get(file) ?? 0 }))
      .sort((a, b) => b.gzipBytes - a.gzipBytes);
    const gzipBytes = files.reduce((sum, file) => sum + file.gzipBytes, 0);
    return {
      name: group.name,
      files,
      gzipBytes,
      maxGzipBytes: group.maxGzipBytes,
      ok: gzipBytes <= group.maxGzipBytes,
    };
  });
}

export function formatBundleReport(results: readonly GroupResult[]): string {
  const lines: string[] = [];
  for (const group of results) {
    lines.push(
      `${group.ok ? 'ok    ' : 'BROKEN'} ${group.name}: ${kB(group.gzipBytes)} gzip of ${kB(group.maxGzipBytes)}`,
    );
    for (const file of group.files) {
      lines.push(`         ${kB(file.gzipBytes).padStart(9)}  ${file.file}`);
    }
  }
  return lines.join('\n');
}

function main(): number {
  const clientDir = clientDirOf(argument(process.argv.slice(2), 'build'));
  const results = checkBundles(clientDir, loadBudget().bundles);
  console.log(`Landing-page bundles of ${clientDir}\n`);
  console.log(formatBundleReport(results));
  const broken = results.filter((group) => !group.ok);
  for (const group of broken) {
    console.error(
      `Budget broken: ${group.name} is ${kB(group.gzipBytes)} gzip, over its ${kB(group.maxGzipBytes)}.`,
    );
  }
  return broken.length === 0 ? 0 : 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = main();
}
