import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTempDir, type TempDir } from '@iconia/testkit';
import { SOURCE_SERVER, startServerProcess, type ServerProcess } from '@iconia/api/test-server';

describe('the server process', () => {
  let temp: TempDir | undefined;
  let server: ServerProcess | undefined;

  afterEach(async () => {
    await server?.kill();
    temp?.remove();
    server = undefined;
    temp = undefined;
  });

  it('when the configuration is invalid, then it lists every bad variable and exits non-zero', async () => {
    server = await startServerProcess({
      entry: SOURCE_SERVER,
      env: { PORT: 'eighty', MAIL_TO: 'nobody', LOG_LEVEL: 'loud' },
      readyPath: false,
    });

    const { code } = await server.exited;

    expect(code).toBe(1);
    expect(server.stderr()).toContain('Invalid configuration:');
    expect(server.stderr()).toContain(
      'PORT must be a whole number from 0 to 65535 (got "eighty").',
    );
    expect(server.stderr()).toContain('MAIL_TO must be one or more email addresses');
    expect(server.stderr()).toContain('LOG_LEVEL must be one of');
  });

  it('when NODE_ENV=production and SMTP_URL is unset, then it refuses to start, naming SMTP_URL and ALLOW_FILE_INBOX', async () => {
    temp = createTempDir();
    server = await startServerProcess({
      entry: SOURCE_SERVER,
      env: { NODE_ENV: 'production', DATA_DIR: temp.dir },
      readyPath: false,
    });

    const { code } = await server.exited;

    expect(code).toBe(1);
    expect(server.stderr()).toContain('SMTP_URL must be set when NODE_ENV=production');
    expect(server.stderr()).toContain('Set ALLOW_FILE_INBOX=true');
    expect(server.stderr()).toContain('The server did not start.');
  });

  it('when NODE_ENV=production and SITE_URL is unset, then it refuses to start, naming SITE_URL', async () => {
    temp = createTempDir();
    server = await startServerProcess({
      entry: SOURCE_SERVER,
      env: { NODE_ENV: 'production', DATA_DIR: temp.dir, SMTP_URL: 'smtp://127.0.0.1:1' },
      readyPath: false,
    });

    const { code } = await server.exited;

    expect(code).toBe(1);
    expect(server.stderr()).toContain('Invalid configuration:');
    expect(server.stderr()).toContain('SITE_URL must be set when NODE_ENV=production');
    expect(server.stderr()).not.toContain('SMTP_URL must be set');
  });

  it('when WEB_DIST holds a built site without its manifest, then it refuses to start and says to build it again, with no stack trace', async () => {
    temp = createTempDir();
    writeFileSync(path.join(temp.dir, 'index.html'), '<!doctype html><script>start()</script>');
    server = await startServerProcess({
      entry: SOURCE_SERVER,
      env: { DATA_DIR: temp.dir, WEB_DIST: temp.dir },
      readyPath: false,
    });

    const { code } = await server.exited;

    expect(code).toBe(1);
    expect(server.stderr()).toContain(
      `The server could not start: The site in ${temp.dir} cannot be served: it has no .site-manifest.json.`,
    );
    expect(server.stderr()).toContain('`pnpm build` writes .site-manifest.json beside the pages');
    expect(server.stderr()).not.toMatch(/\n\s+at /);
  });

  it('when it runs and gets SIGTERM, then it serves, finishes a lead, and exits 0', async () => {
    temp = createTempDir();
    server = await startServerProcess({
      entry: SOURCE_SERVER,
      env: { DATA_DIR: temp.dir, WEB_DIST: temp.dir },
    });

    const health = await fetch(`${server.url}/healthz`);
    const lead = await fetch(`${server.url}/send-email`, {
      method: 'POST',
      body: new URLSearchParams({ name: 'Ravi', mobile: '9876543210' }),
    });
    expect(await health.text()).toBe('ok');
    expect(await lead.text()).toBe('success');

    // The worker was woken by the lead; wait until the outbox is empty before stopping.
    const readyz = `${server.url}/readyz`;
    await expect
      .poll(async () => ((await (await fetch(readyz)).json()) as { pending: number }).pending, {
        timeout: 10_000,
      })
      .toBe(0);
    const { code } = await server.stop();

    expect(code).toBe(0);
    expect(server.output()).toContain('"msg":"stopped"');
    expect(server.output()).toContain('"msg":"lead emailed"');
  });
});
