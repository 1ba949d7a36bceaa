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

/** The name under which the stylesheet the page carries inline is measured. */
export const INLINE_CSS = 'index.html#inline-css';

/**
 * What the prerendered landing page makes the browser fetch before anything else runs: the page
 * itself, its module preloads, entry modules and stylesheets (site-relative paths), and the CSS
 * it carries inline (as INLINE_CSS).
 */
export function landingAssets(html: string): string[] {
  const found = new Set<string>(['index.html']);
  if (/<style\b[^>]*>[\s\S]*?\S[\s\S]*?<\/style>/i.test(html)) found.add(INLINE_CSS);
  for (const [tag = ''] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = ATTRIBUTE('rel').exec(tag)?.[1]?.toLowerCase();
    const href = ATTRIBUTE('href').exec(tag)?.[1];
    if (href?.startsWith('/') && (rel === 'modulepreload' || rel === 'stylesheet')) {
      found.add(href.slice(1));
    }
  }
  for (const [, attributes = '', body = ''] of html.matchAll(
    /<script\b([^>]*)>([\s\S]*?)<\/script>/gi,
  )) {
    const src = ATTRIBUTE('src').exec(attributes)?.[1];
    if (src?.startsWith('/')) found.add(src.slice(1));
    // The inline module that boots the app imports the route modules and the entry.
    for (const [, specifier = ''] of body.matchAll(/\bimport\s*\(?\s*"([^"]+)"/g)) {
      if (specifier.startsWith('/')) found.add(specifier.slice(1));
    }
  }
  return [...found];
}

function inlineCss(html: string): string {
  return [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)]
    .map(([, css = '']) => css)
    .join('\n');
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

/** Measures each group over the landing page's files of the build in `clientDir`. */
export function checkBundles(clientDir: string, groups: readonly BundleGroup[]): GroupResult[] {
  const html = readFileSync(path.join(clientDir, 'index.html'), 'utf8');
  const assets = landingAssets(html);
  const sizes = new Map(
    assets.map((file) => [
      file,
      gzipSync(file === INLINE_CSS ? inlineCss(html) : readFileSync(path.join(clientDir, file)))
        .length,
    ]),
  );
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
