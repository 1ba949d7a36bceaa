import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cp, mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureProductionBuild, snapshotSite, WEB_DIST } from '@iconia/web/e2e/site-build';
import { resolveChromium, startSmtpInbox } from '@iconia/testkit';
import { startSiteServer, type ServerProcess } from '@iconia/api/test-server';
import { ACCOUNTS, DESK_ENV } from './support/desk-env.ts';

const DESK_DIR = fileURLToPath(new URL('../', import.meta.url));
const REPO_DIR = path.resolve(DESK_DIR, '../..');
/** Server log copied here after the run, beside Playwright's traces. */
const LOG_COPY = path.join(DESK_DIR, 'test-results/e2e-server.log');

/** Runs a pnpm command from the repository root, failing with its output. */
function pnpm(args: string[], options: { env?: NodeJS.ProcessEnv; input?: string } = {}) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn('pnpm', args, {
      cwd: REPO_DIR,
      env: { ...process.env, ...options.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    child.stdin.end(options.input ?? '');
    let output = '';
    const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000));
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`\`pnpm ${args.join(' ')}\` failed (exit ${code}):\n${output}`)),
    );
  });
}

/**
 * Builds the API, the site and the desk, then starts the production server on a throwaway data
 * folder with an SMTP server standing in for the sales inbox, and creates a manager and an agent
 * in its database. Returns Playwright's global teardown.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  resolveChromium();
  await ensureProductionBuild();
  // The desk builds in about a second; always building it keeps the tests on the current code.
  await pnpm(['--filter', '@iconia/desk', 'build']);

  const tempDir = await mkdtemp(path.join(os.tmpdir(), 'iconia-desk-e2e-'));
  const site = path.join(tempDir, 'site');
  await snapshotSite(WEB_DIST, site);
  const mailDir = path.join(tempDir, 'mail');
  const dataDir = path.join(tempDir, 'data');
  await mkdir(mailDir);
  await mkdir(dataDir);
  const inbox = await startSmtpInbox({ mailDir, parse: false });
  const logFile = path.join(tempDir, 'server.log');

  // The server serves the desk from apps/desk/dist, beside its own bundle, as in production.
  let server: ServerProcess;
  try {
    server = await startSiteServer({
      webDist: site,
      dataDir,
      smtpUrl: inbox.url,
      logFile,
    });
  } catch (error) {
    await inbox.close();
    throw error;
  }

  // The running server has created the database; accounts are added as an operator does, with
  // the password on standard input.
  const password = randomBytes(12).toString('base64url');
  try {
    for (const account of Object.values(ACCOUNTS)) {
      await pnpm(
        [
          '-s',
          'leads',
          'users',
          'add',
          account.email,
          '--name',
          account.name,
          '--role',
          account.role,
        ],
        { env: { DATA_DIR: dataDir }, input: `${password}\n` },
      );
    }
  } catch (error) {
    await server.stop();
    await inbox.close();
    throw error;
  }

  process.env[DESK_ENV.baseUrl] = server.url;
  process.env[DESK_ENV.mailDir] = mailDir;
  process.env[DESK_ENV.password] = password;

  return async () => {
    await server.stop();
    await inbox.close();
    await mkdir(path.dirname(LOG_COPY), { recursive: true });
    await cp(logFile, LOG_COPY).catch(() => undefined);
    await rm(tempDir, { recursive: true, force: true });
  };
}
