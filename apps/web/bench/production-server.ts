import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The API's production entry point, which also serves the built site. */
export const API_SERVER_ENTRY = fileURLToPath(new URL('../../api/dist/server.js', import.meta.url));

export interface ProductionServer {
  origin: string;
  /** Everything the server printed, for the error message when it will not start. */
  output(): string;
  stop(): Promise<void>;
}

/** A port nobody listens on right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('no port assigned'));
      });
    });
  });
}

async function waitForHealth(origin: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      const reply = await fetch(`${origin}/healthz`);
      if (reply.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server did not answer /healthz within ${timeoutMs} ms`);
}

/**
 * Starts `node apps/api/dist/server.js` the way production runs it — compression, caching and
 * security headers included — on a free loopback port, with a throwaway data directory and the
 * rate limit off. Builds nothing: the API must be built and `clientDir` must hold the site.
 */
export async function startProductionServer(clientDir: string): Promise<ProductionServer> {
  if (!existsSync(API_SERVER_ENTRY)) {
    throw new Error(
      `${API_SERVER_ENTRY} is missing: run \`pnpm --filter @iconia/api build\` first.`,
    );
  }
  if (!existsSync(path.join(clientDir, 'index.html'))) {
    throw new Error(
      `${clientDir} holds no built site: run \`pnpm --filter @iconia/web build\` first.`,
    );
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'iconia-bench-'));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  let log = '';
  const child = spawn(process.execPath, [API_SERVER_ENTRY], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      WEB_DIST: clientDir,
      RATE_LIMIT_MAX: '0',
      LOG_LEVEL: 'warn',
      SMTP_URL: '',
      // Lead emails become files: a bench measures pages, it emails no one.
      ALLOW_FILE_INBOX: 'true',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));

  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await rm(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForHealth(origin, child, 15_000);
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n${log}`, { cause: error });
  }
  return { origin, output: () => log, stop };
}
