import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { createServer } from 'node:net';

export interface ProductionServerOptions {
  /** The bundled API entry, `apps/api/dist/server.js`. */
  entry: string;
  webDist: string;
  dataDir: string;
  smtpUrl: string;
  /** Where the server's own log goes, for reading after a failed run. */
  logFile: string;
}

export interface ProductionServer {
  origin: string;
  stop(): Promise<void>;
}

const READY_TIMEOUT_MS = 30_000;
const STOP_GRACE_MS = 5_000;

/** Asks the OS for a port nobody listens on. */
export async function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts the server exactly as `pnpm start` runs it (node on the bundled entry), with a throwaway
 * data folder, the test SMTP server and rate limits loose enough for a whole suite from one IP.
 */
export async function startProductionServer(
  options: ProductionServerOptions,
): Promise<ProductionServer> {
  const port = await findFreePort();
  const origin = `http://127.0.0.1:${port}`;
  const log = createWriteStream(options.logFile, { flags: 'a' });
  const child = spawn(process.execPath, [options.entry], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: options.dataDir,
      SMTP_URL: options.smtpUrl,
      MAIL_TO: 'sales@iconia.test',
      MAIL_FROM: '"Elegant Iconia website" <no-reply@iconia.test>',
      WEB_DIST: options.webDist,
      RATE_LIMIT_MAX: '100000',
      RATE_LIMIT_WINDOW_MS: '60000',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(log);
  child.stderr.pipe(log);

  try {
    await waitUntilReady(child, origin, options.logFile);
  } catch (error) {
    await stopChild(child);
    throw error;
  }
  return { origin, stop: () => stopChild(child) };
}

async function waitUntilReady(child: ChildProcess, origin: string, logFile: string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`The production server exited with code ${child.exitCode}; see ${logFile}.`);
    }
    try {
      const response = await fetch(`${origin}/readyz`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The production server at ${origin} was not ready in time; see ${logFile}.`);
}

/** Graceful stop first (the server drains its mail queue), then a hard one if it hangs. */
async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
  await exited;
  clearTimeout(timer);
}
