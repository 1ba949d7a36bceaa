import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_DIR, API_SERVER_ENTRY } from '@iconia/api/test-server';
import { PAGE_PATHS } from '../../src/app/site-paths.ts';
import { BROCHURE_URL } from '../../src/content/site.ts';

const WEB_DIR = fileURLToPath(new URL('../../', import.meta.url));
const REPO_DIR = path.resolve(WEB_DIR, '../..');
const SHARED_SRC = path.join(REPO_DIR, 'packages/shared/src');

export const WEB_DIST = path.join(WEB_DIR, 'build/client');

/** Outside git, ESLint and Prettier; node_modules above it resolves the site's packages. */
const CACHE_DIR = path.join(WEB_DIR, 'node_modules/.cache/iconia-e2e');
const ANALYTICS_SITE = path.join(CACHE_DIR, 'analytics-site');
const ANALYTICS_STAMP = path.join(CACHE_DIR, 'analytics-site.json');

/** What a copy of the site needs to build; outputs, caches and test files stay behind. */
const NOT_COPIED = new Set([
  'node_modules',
  'build',
  'e2e',
  'test-results',
  'playwright-report',
  '.react-router',
  'playwright.config.ts',
]);

const WEB_INPUTS = [
  path.join(WEB_DIR, 'src'),
  path.join(WEB_DIR, 'public'),
  path.join(WEB_DIR, 'scripts'),
  path.join(WEB_DIR, 'react-router.config.ts'),
  path.join(WEB_DIR, 'vite.config.ts'),
  path.join(WEB_DIR, 'package.json'),
  SHARED_SRC,
];
const API_INPUTS = [
  path.join(API_DIR, 'src'),
  path.join(API_DIR, 'scripts'),
  path.join(API_DIR, 'package.json'),
  SHARED_SRC,
];

/** Unit tests live beside the code but never change what a build produces. */
const NOT_AN_INPUT = /\.test\.tsx?$|(^|\/)(node_modules|build|dist|\.react-router)(\/|$)/;

async function newestMtime(paths: readonly string[]): Promise<number> {
  let newest = 0;
  async function visit(file: string): Promise<void> {
    if (NOT_AN_INPUT.test(file)) return;
    let info;
    try {
      info = await stat(file);
    } catch {
      return;
    }
    if (info.isDirectory()) {
      for (const entry of await readdir(file)) await visit(path.join(file, entry));
    } else {
      newest = Math.max(newest, info.mtimeMs);
    }
  }
  for (const file of paths) await visit(file);
  return newest;
}

async function isFresh(output: string, inputs: readonly string[]): Promise<boolean> {
  try {
    return (await stat(output)).mtimeMs >= (await newestMtime(inputs));
  } catch {
    return false;
  }
}

function run(
  command: string,
  args: string[],
  cwd: string = REPO_DIR,
  env: NodeJS.ProcessEnv = {},
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-20_000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`\`${command} ${args.join(' ')}\` failed (exit ${code}):\n${output}`));
    });
  });
}

/** The web and API builds the server needs, built again when their sources are newer. */
export async function ensureProductionBuild(): Promise<void> {
  if (!(await isFresh(API_SERVER_ENTRY, API_INPUTS))) {
    console.log('e2e: building the API (apps/api/dist)…');
    await run('pnpm', ['--filter', '@iconia/api', 'build']);
  }
  if (!(await isFresh(path.join(WEB_DIST, 'index.html'), WEB_INPUTS))) {
    console.log('e2e: building the site (apps/web/build/client)…');
    await run('pnpm', ['--filter', '@iconia/web', 'build']);
  }
}

/**
 * A second build of the site made with analytics IDs, kept apart from the normal one. The site's
 * `react-router.config.ts` has no build-directory setting, so a copy of the site is built in a
 * cache folder; the normal `build/` is never touched. Rebuilt only when the sources change.
 */
export async function ensureAnalyticsBuild(ids: { gtmId: string; gaId: string }): Promise<string> {
  const client = path.join(ANALYTICS_SITE, 'build/client');
  const stamp = JSON.stringify(ids);
  const stampMatches =
    existsSync(ANALYTICS_STAMP) && (await readFile(ANALYTICS_STAMP, 'utf8')) === stamp;
  if (stampMatches && (await isFresh(path.join(client, 'index.html'), WEB_INPUTS))) return client;

  console.log('e2e: building a copy of the site with test analytics IDs…');
  await rm(ANALYTICS_SITE, { recursive: true, force: true });
  await rm(ANALYTICS_STAMP, { force: true });
  await mkdir(ANALYTICS_SITE, { recursive: true });
  for (const entry of await readdir(WEB_DIR)) {
    if (NOT_COPIED.has(entry)) continue;
    await cp(path.join(WEB_DIR, entry), path.join(ANALYTICS_SITE, entry), { recursive: true });
  }
  // The copy sits two levels deeper than the site, so its tsconfig finds the base by absolute path.
  const tsconfigPath = path.join(ANALYTICS_SITE, 'tsconfig.json');
  const tsconfig = JSON.parse(await readFile(tsconfigPath, 'utf8')) as { extends?: string };
  if (tsconfig.extends) tsconfig.extends = path.resolve(WEB_DIR, tsconfig.extends);
  await writeFile(tsconfigPath, JSON.stringify(tsconfig, null, 2));
  await symlink(path.join(WEB_DIR, 'node_modules'), path.join(ANALYTICS_SITE, 'node_modules'));

  await run('pnpm', ['run', 'build'], ANALYTICS_SITE, {
    VITE_GTM_ID: ids.gtmId,
    VITE_GA_ID: ids.gaId,
  });
  await writeFile(ANALYTICS_STAMP, stamp);
  return client;
}

/**
 * Copies a built site for one run to serve. Someone may be rebuilding it in the working tree at
 * this very moment; the copy is then retried until that build has finished.
 */
export async function snapshotSite(from: string, to: string): Promise<void> {
  let lastError: unknown;
  for (let attempt = 0; attempt < 20; attempt += 1) {
    try {
      await rm(to, { recursive: true, force: true });
      await cp(from, to, { recursive: true });
      assertCompleteSite(to);
      return;
    } catch (error) {
      lastError = error;
      await sleep(3_000);
    }
  }
  throw lastError;
}

/**
 * Every prerendered page, the 404 page and the brochure are in `dir`. A build that another
 * process is rewriting at this moment fails here with a clear message instead of as 404s later.
 */
export function assertCompleteSite(dir: string): void {
  const expected = [
    ...PAGE_PATHS.map((page) => path.join(page, 'index.html')),
    '404.html',
    BROCHURE_URL,
  ];
  const missing = expected.filter((file) => !existsSync(path.join(dir, file)));
  if (missing.length > 0) {
    throw new Error(
      `The site build in ${dir} is incomplete (missing ${missing.join(', ')}). ` +
        'Was it being rebuilt at the same time? Run `pnpm build` and try again.',
    );
  }
}
