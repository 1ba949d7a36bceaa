/**
 * Runs what the container runs, without Docker: the image's CMD from the repository root (the
 * image keeps the repository's layout under its WORKDIR), with the environment the app service
 * gets under `docker compose up` and no `.env`. Only the places differ: a temp folder stands for
 * the /data volume, a free port for 8080, and a real SMTP server on loopback for Mailpit.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startSmtpInbox, type SmtpInbox } from '@iconia/testkit';
import { healthCheck, stopSignal } from './dockerfile.ts';
import {
  inCheckout,
  runtime,
  startContainerCommand,
  waitUntilAnswering,
  type RunningProcess,
} from './processes.ts';
import { COMPOSE_FILE, REPO_ROOT, containerEnv, imageEnv, readRepoFile, repoPath } from './repo.ts';

const SERVER_BUNDLE = repoPath('apps/api/dist/server.js');
const built = existsSync(SERVER_BUNDLE);
if (!built) {
  console.warn(
    'deploy: apps/api/dist/server.js is missing, so the image start command was not run. ' +
      'Run `pnpm build` first (`pnpm test` does).',
  );
}

const probe = healthCheck(runtime)?.command ?? [];

/**
 * Runs the HEALTHCHECK exactly as Docker does: exec form, in the container's environment. A
 * probe still running after 20 s is killed, and its status is then null, not an exit code.
 */
function runHealthCheck(port: number): { status: number | null; signal: NodeJS.Signals | null } {
  const [executable = 'node', ...args] = probe;
  const result = spawnSync(executable, args, {
    env: { ...imageEnv(), PORT: String(port), PATH: process.env.PATH ?? '' },
    timeout: 20_000,
  });
  return { status: result.status, signal: result.signal };
}

describe.skipIf(!built)('the image start command, run here with the compose environment', () => {
  let inbox: SmtpInbox;
  let dataDir: string;
  let port: number;
  let server: RunningProcess;

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    dataDir = await mkdtemp(path.join(tmpdir(), 'iconia-volume-'));
    port = await freePort();
    const composeEnv = containerEnv([COMPOSE_FILE], {});
    server = startContainerCommand({
      ...composeEnv,
      PORT: String(port),
      DATA_DIR: dataDir,
      WEB_DIST: inCheckout(composeEnv.WEB_DIST ?? ''),
      SMTP_URL: inbox.url,
      PATH: process.env.PATH ?? '',
    });
    await waitUntilAnswering(server, `http://127.0.0.1:${port}/healthz`);
  });

  afterAll(async () => {
    await server?.stop();
    await inbox?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('when Docker runs the HEALTHCHECK against the running server, then it passes', () => {
    expect(runHealthCheck(port).status).toBe(0);
  });

  it('when nothing answers on the port, then the HEALTHCHECK fails rather than hangs', async () => {
    const { status, signal } = runHealthCheck(await freePort());
    // It exited by itself with a failure, rather than being killed for hanging.
    expect(signal).toBeNull();
    expect(status).toBe(1);
  });

  it('when the mail server is up, then /readyz reports ready, as Compose waits for', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/readyz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ready', db: 'ok', smtp: 'ok' });
  });

  it('when a visitor asks for the site, then it is served from WEB_DIST', async () => {
    const webDist = inCheckout(imageEnv().WEB_DIST ?? '');
    if (!existsSync(path.join(webDist, 'index.html'))) {
      console.warn(`deploy: no site build in ${webDist}; run \`pnpm build\` to check the site`);
      return;
    }
    const response = await fetch(`http://127.0.0.1:${port}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
  });

  it('when a lead is posted, then it is stored on the volume and emailed through SMTP_URL', async () => {
    const name = 'Volume Check';
    const response = await fetch(`http://127.0.0.1:${port}/send-email`, {
      method: 'POST',
      body: new URLSearchParams({ name, mobile: '98765 43210', plotRange: '200 - 300 Sq. Yds' }),
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('success');
    expect(existsSync(path.join(dataDir, 'leads.sqlite'))).toBe(true);
    const [mail] = await inbox.waitFor(1, 10_000);
    expect(mail?.parsed.subject).toContain(name);
  });

  it('when an operator runs `leads export` in the container, then the CSV lists the lead from the volume', () => {
    const target = /^exec node (\S+) "\$@"$/m.exec(readRepoFile('deploy/leads.sh'))?.[1] ?? '';
    const result = spawnSync('node', [inCheckout(target), 'export', '--format', 'csv'], {
      cwd: REPO_ROOT,
      env: { ...imageEnv(), DATA_DIR: dataDir, PATH: process.env.PATH ?? '' },
      encoding: 'utf8',
    });
    expect(result.status, result.stderr).toBe(0);
    const [header, ...rows] = result.stdout.trim().split(/\r?\n/);
    expect(header).toMatch(/\bname\b/);
    expect(rows.some((row) => row.includes('Volume Check'))).toBe(true);
  });

  // That the grace period outlasts the server's own shutdown is config-agreement.test.ts's check;
  // here, that the server exits by itself, cleanly, with no connection left open to wait out.
  it('when Docker stops the container with its STOPSIGNAL, then the server exits 0 by itself', async () => {
    server.child.kill((stopSignal(runtime) ?? 'SIGTERM') as NodeJS.Signals);
    const { code, signal } = await server.exited;
    expect(signal).toBeNull();
    expect(code, server.output()).toBe(0);
    expect(server.output()).toMatch(/"msg":"stopped"/);
  });
});

describe.skipIf(!built)('the image start command with a bad setting', () => {
  it('when a variable is invalid, then the container exits non-zero and names it', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'iconia-volume-'));
    try {
      const server = startContainerCommand({
        ...containerEnv([COMPOSE_FILE], { MAIL_TO: 'not an address', RATE_LIMIT_MAX: 'ten' }),
        DATA_DIR: dataDir,
        // Should the settings be accepted after all, the server must not take a real port.
        PORT: '0',
        PATH: process.env.PATH ?? '',
      });
      const { code } = await server.exited;
      expect(code).not.toBe(0);
      expect(server.output()).toMatch(/MAIL_TO/);
      expect(server.output()).toMatch(/RATE_LIMIT_MAX/);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
