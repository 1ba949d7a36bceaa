import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { freePort } from '@iconia/testkit';

/** The API package's folder. */
export const API_DIR = fileURLToPath(new URL('..', import.meta.url));
/** What `pnpm start` runs: the bundled server, which also serves the built site and desk. */
export const API_SERVER_ENTRY = path.join(API_DIR, 'dist/server.js');

/** `node dist/server.js` as in production, or `src/server.ts` through tsx as `pnpm dev` runs it. */
export const BUILT_SERVER: readonly string[] = [API_SERVER_ENTRY];
export const SOURCE_SERVER: readonly string[] = ['--import', 'tsx', 'src/server.ts'];

export interface LogEntry {
  level: number;
  msg: string;
  [key: string]: unknown;
}

export interface ServerProcessOptions {
  /** Node's arguments, run in the API's folder; the built server by default. */
  entry?: readonly string[];
  /** The server's environment besides PATH, HOST and PORT: nothing of this process's leaks in. */
  env?: Record<string, string>;
  /** The port to listen on, such as one a restarted server must take again; a free one by default. */
  port?: number;
  /** The path polled until it answers 2xx; `false` for a process expected to exit on its own. */
  readyPath?: string | false;
  readyTimeoutMs?: number;
  /** Also appends everything the server prints to this file, to read after a failed run. */
  logFile?: string;
  /** Echoes the server's output to this process's as it comes: every line, or stderr only. */
  echo?: 'all' | 'stderr' | 'none';
}

/** The built server (or any entry of the API) as a child process on loopback. */
export interface ServerProcess {
  child: ChildProcess;
  port: number;
  /** `http://127.0.0.1:port` */
  url: string;
  /** Every log line the process wrote to stdout, parsed (a line that is not JSON becomes `msg`). */
  logs: LogEntry[];
  /** Everything it wrote to stdout and stderr, in order. */
  output(): string;
  /** What it wrote to stderr. */
  stderr(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGTERM, as an orchestrator stops it (the server drains its outbox), then SIGKILL after `graceMs`. */
  stop(graceMs?: number): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGKILL: the process dies between any two instructions, as in a power cut. */
  kill(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const STOP_GRACE_MS = 15_000;

/**
 * Starts the server as production runs it (`node apps/api/dist/server.js` by default) with
 * exactly the given environment, and resolves once it answers on `readyPath`. Builds nothing:
 * a missing bundle fails at once with the command that makes it.
 */
export async function startServerProcess(
  options: ServerProcessOptions = {},
): Promise<ServerProcess> {
  const entry = options.entry ?? BUILT_SERVER;
  if (entry === BUILT_SERVER && !existsSync(API_SERVER_ENTRY)) {
    throw new Error(
      `${API_SERVER_ENTRY} is missing: run \`pnpm --filter @iconia/api build\` first.`,
    );
  }
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const echo = options.echo ?? 'none';
  const child = spawn(process.execPath, [...entry], {
    cwd: API_DIR,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: String(port), ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = once(child, 'exit').then(([code, signal]) => ({
    code: code as number | null,
    signal: signal as NodeJS.Signals | null,
  }));

  const logs: LogEntry[] = [];
  let output = '';
  let stderr = '';
  const file = options.logFile ? createWriteStream(options.logFile, { flags: 'a' }) : undefined;
  let pending = '';
  child.stdout?.setEncoding('utf8');
  child.stdout?.on('data', (chunk: string) => {
    output += chunk;
    file?.write(chunk);
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      if (echo === 'all') process.stdout.write(`  [server] ${line}\n`);
      try {
        logs.push(JSON.parse(line) as LogEntry);
      } catch {
        logs.push({ level: 30, msg: line });
      }
    }
  });
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    output += chunk;
    stderr += chunk;
    file?.write(chunk);
    if (echo !== 'none') process.stderr.write(`  [server stderr] ${chunk}`);
  });
  void exited.then(() => file?.end());

  const signal = async (name: NodeJS.Signals, graceMs: number) => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill(name);
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    }
    return exited;
  };
  const running: ServerProcess = {
    child,
    port,
    url,
    logs,
    output: () => output,
    stderr: () => stderr,
    exited,
    stop: (graceMs = STOP_GRACE_MS) => signal('SIGTERM', graceMs),
    kill: () => signal('SIGKILL', 0),
  };

  if (options.readyPath === false) return running;
  try {
    await waitUntilReady(
      running,
      options.readyPath ?? '/healthz',
      options.readyTimeoutMs ?? 60_000,
    );
  } catch (error) {
    await running.kill();
    const where = options.logFile ? `see ${options.logFile}` : `it printed:\n${output}`;
    throw new Error(`${(error as Error).message}; ${where}`, { cause: error });
  }
  return running;
}

async function waitUntilReady(server: ServerProcess, readyPath: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) {
      throw new Error(`the server exited with code ${server.child.exitCode}`);
    }
    try {
      if ((await fetch(`${server.url}${readyPath}`)).ok) return;
    } catch {
      // Not listening yet.
    }
    // eslint-disable-next-line no-restricted-syntax -- the interval between readiness probes
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the server at ${server.url} did not answer ${readyPath} within ${timeoutMs} ms`);
}

export interface SiteServerOptions {
  /** The built site to serve (a copy of `apps/web/build/client`, so a rebuild cannot disturb it). */
  webDist: string;
  dataDir: string;
  /** The test inbox; without one, lead emails become files in the data folder, as a bench wants. */
  smtpUrl?: string;
  logFile?: string;
  /** Settings on top of the defaults below. */
  env?: Record<string, string>;
}

/**
 * The built server exactly as production runs it (NODE_ENV=production, compression, caching and
 * security headers), serving a built site on loopback for the browser suites and the web bench:
 * a throwaway data folder, the test inbox, a rate limit loose enough for a whole suite from one
 * address, and its own address as SITE_URL, so the emails' desk links lead back to it. Resolves
 * once /readyz answers.
 */
export async function startSiteServer(options: SiteServerOptions): Promise<ServerProcess> {
  const mail: Record<string, string> = options.smtpUrl
    ? {
        SMTP_URL: options.smtpUrl,
        MAIL_TO: 'sales@iconia.test',
        MAIL_FROM: '"Elegant Iconia website" <no-reply@iconia.test>',
      }
    : { ALLOW_FILE_INBOX: 'true' };
  if (!existsSync(path.join(options.webDist, 'index.html'))) {
    throw new Error(
      `${options.webDist} holds no built site: run \`pnpm --filter @iconia/web build\`.`,
    );
  }
  const port = await freePort();
  return startServerProcess({
    port,
    env: {
      NODE_ENV: 'production',
      SITE_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: options.dataDir,
      WEB_DIST: options.webDist,
      RATE_LIMIT_MAX: '100000',
      RATE_LIMIT_WINDOW_MS: '60000',
      LOG_LEVEL: 'info',
      ...mail,
      ...options.env,
    },
    readyPath: '/readyz',
    ...(options.logFile ? { logFile: options.logFile } : {}),
  });
}
