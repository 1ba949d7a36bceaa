import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createTempDir } from '../test/test-server.ts';

const apiDir = fileURLToPath(new URL('..', import.meta.url));

/** Runs src/server.ts the way `pnpm dev` does, with exactly the given environment. */
function startServer(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiDir,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function collect(stream: NodeJS.ReadableStream | null): { text: () => string } {
  let text = '';
  stream?.setEncoding('utf8');
  stream?.on('data', (chunk: string) => (text += chunk));
  return { text: () => text };
}

describe('the server process', () => {
  let temp: ReturnType<typeof createTempDir> | undefined;
  let child: ChildProcess | undefined;

  afterEach(() => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    temp?.remove();
    child = undefined;
    temp = undefined;
  });

  it('when the configuration is invalid, then it lists every bad variable and exits non-zero', async () => {
    child = startServer({ PORT: 'eighty', MAIL_TO: 'nobody', LOG_LEVEL: 'loud' });
    const stderr = collect(child.stderr);

    const [code] = (await once(child, 'exit')) as [number];

    expect(code).toBe(1);
    expect(stderr.text()).toContain('Invalid configuration:');
    expect(stderr.text()).toContain('PORT must be a whole number from 0 to 65535 (got "eighty").');
    expect(stderr.text()).toContain('MAIL_TO must be one or more email addresses');
    expect(stderr.text()).toContain('LOG_LEVEL must be one of');
  });

  it('when NODE_ENV=production and SMTP_URL is unset, then it refuses to start, naming SMTP_URL and ALLOW_FILE_INBOX', async () => {
    temp = createTempDir();
    child = startServer({ NODE_ENV: 'production', PORT: '0', DATA_DIR: temp.dir });
    const stderr = collect(child.stderr);

    const [code] = (await once(child, 'exit')) as [number];

    expect(code).toBe(1);
    expect(stderr.text()).toContain('SMTP_URL must be set when NODE_ENV=production');
    expect(stderr.text()).toContain('Set ALLOW_FILE_INBOX=true');
    expect(stderr.text()).toContain('The server did not start.');
  });

  it('when it runs and gets SIGTERM, then it serves, finishes a lead, and exits 0', async () => {
    temp = createTempDir();
    child = startServer({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: temp.dir, WEB_DIST: temp.dir });
    const stdout = collect(child.stdout);
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no listening line:\n${stdout.text()}`)),
        10_000,
      );
      child!.stdout!.on('data', () => {
        const match = /"port":(\d+)/.exec(stdout.text());
        if (match) {
          clearTimeout(timer);
          resolve(Number(match[1]));
        }
      });
    });

    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    const lead = await fetch(`http://127.0.0.1:${port}/send-email`, {
      method: 'POST',
      body: new URLSearchParams({ name: 'Ravi', mobile: '9876543210' }),
    });
    expect(await health.text()).toBe('ok');
    expect(await lead.text()).toBe('success');

    // The worker was woken by the lead; wait until the outbox is empty before stopping.
    for (let tries = 0; tries < 50; tries += 1) {
      const ready = (await (await fetch(`http://127.0.0.1:${port}/readyz`)).json()) as {
        pending: number;
      };
      if (ready.pending === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    child.kill('SIGTERM');
    const [code] = (await once(child, 'exit')) as [number];

    expect(code).toBe(0);
    expect(stdout.text()).toContain('"msg":"stopped"');
    expect(stdout.text()).toContain('"msg":"lead emailed"');
  });
});
