/*
 * Checks every page of a build with the W3C Nu HTML Checker (the `vnu-jar` package, a Java
 * program) and fails on any error it reports, apart from the newer features it does not know yet.
 *
 *   pnpm --filter @iconia/web check:html [--build <dir>]
 */
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { argument, clientDirOf } from '../bench/budget-file.ts';

/** Debian's package that brings `java`; CI installs it when the machine has no Java. */
export const JAVA_PACKAGE = 'default-jre-headless';

/**
 * Errors the checker reports for standards newer than itself, which browsers implement. Each
 * pattern matches one exact message, so any other error still fails the check.
 */
const NOT_YET_KNOWN: readonly RegExp[] = [
  // CSS Transitions Level 2: the entry state of the dialogs and the gallery overlay.
  /^CSS: Unrecognized at-rule “@starting-style”\.?$/,
  // The Element Timing API: marks the main image the page scripts wait for (page-scripts.ts).
  /^Attribute “elementtiming” not allowed on element “img” at this point\.?$/,
];

export interface HtmlError {
  file: string;
  /** Where in the file, as `line:column`, when the checker says. */
  at: string | undefined;
  message: string;
}

interface VnuMessage {
  type?: string;
  subType?: string;
  url?: string;
  lastLine?: number;
  lastColumn?: number;
  message?: string;
}

/** The errors in the checker's JSON report that are not about a newer standard. */
export function parseVnuReport(json: string): HtmlError[] {
  const report = JSON.parse(json) as { messages?: VnuMessage[] };
  return (report.messages ?? [])
    .filter((entry) => entry.type === 'error' || entry.subType === 'fatal')
    .map((entry) => ({
      file: entry.url ? decodeURI(entry.url.replace(/^file:/, '')) : '(unknown file)',
      at: entry.lastLine === undefined ? undefined : `${entry.lastLine}:${entry.lastColumn ?? 1}`,
      message: entry.message ?? '(no message)',
    }))
    .filter((error) => !NOT_YET_KNOWN.some((pattern) => pattern.test(error.message)));
}

/**
 * React Router's shell for rendering in the browser alone. The server never answers a path with
 * it (an unknown path gets 404.html), and it has no page of its own, so no title.
 */
const SPA_FALLBACK = '__spa-fallback.html';

/** Every page of a build: its HTML files, sorted. */
export function htmlFilesIn(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter(
      (entry) => entry.isFile() && entry.name.endsWith('.html') && entry.name !== SPA_FALLBACK,
    )
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

export class JavaMissingError extends Error {
  constructor() {
    super(
      `The HTML check needs Java to run the Nu HTML Checker, and \`java\` is not on PATH. ` +
        `Install it (Debian and Ubuntu: \`apt-get install ${JAVA_PACKAGE}\`) and run the check again.`,
    );
    this.name = 'JavaMissingError';
  }
}

function assertJava(): void {
  const probe = spawnSync('java', ['-version'], { stdio: 'ignore' });
  if (probe.error || probe.status !== 0) throw new JavaMissingError();
}

/** Runs the checker over `files` and returns its errors, apart from the newer standards. */
export async function checkHtml(files: readonly string[]): Promise<HtmlError[]> {
  assertJava();
  const jar = String(createRequire(import.meta.url)('vnu-jar'));
  const child = spawn('java', ['-jar', jar, '--errors-only', '--format', 'json', ...files], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let report = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => {
    report += chunk;
  });
  const status = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
  // The checker exits 1 when it found errors; the report says which.
  if (status !== 0 && status !== 1) {
    throw new Error(`The Nu HTML Checker stopped with status ${status}: ${report.trim()}`);
  }
  return parseVnuReport(report);
}

async function main(): Promise<number> {
  const clientDir = clientDirOf(argument(process.argv.slice(2), 'build'));
  const files = htmlFilesIn(clientDir);
  if (files.length === 0) {
    console.error(`No HTML files in ${clientDir}: build the site first (pnpm build).`);
    return 1;
  }
  let errors: HtmlError[];
  try {
    errors = await checkHtml(files);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    return 1;
  }
  for (const { file, at, message } of errors) {
    console.error(`${path.relative(clientDir, file)}${at ? `:${at}` : ''}: ${message}`);
  }
  if (errors.length > 0) {
    console.error(`\n${errors.length} HTML error(s) in the pages of ${clientDir}.`);
    return 1;
  }
  console.log(`${files.length} pages of ${clientDir} are valid HTML (Nu HTML Checker).`);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main();
}
