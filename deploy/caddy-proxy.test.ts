/**
 * The production path without Docker: a real Caddy runs deploy/Caddyfile in front of the image's
 * start command, which gets the environment of the production override. Only what Docker would
 * supply changes: the upstream `app:8080` becomes the server's loopback port, and the site is
 * served over plain HTTP on a free port (no certificate can be obtained here). Skipped, with a
 * note, where no `caddy` binary is installed (Debian: `apt-get install caddy`).
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startSmtpInbox, type SmtpInbox } from '@iconia/testkit';
import {
  startContainerCommand,
  startProcess,
  waitUntilAnswering,
  type RunningProcess,
} from './processes.ts';
import { COMPOSE_FILE, COMPOSE_PROD_FILE, containerEnv, readRepoFile, repoPath } from './repo.ts';

const caddyInstalled = spawnSync('caddy', ['version']).status === 0;
const built = existsSync(repoPath('apps/api/dist/server.js'));
if (!caddyInstalled) {
  console.warn('deploy: no `caddy` on PATH, so the reverse-proxy test was skipped.');
}

/** A small limit so the test reaches it quickly; everything else is the production stack's. */
const RATE_LIMIT_MAX = 3;

interface Reply {
  status: number;
  body: string;
}

/** POSTs a form from a chosen loopback address, as a distinct visitor would. */
function postForm(
  url: string,
  fields: Record<string, string>,
  options: { from: string; headers?: Record<string, string> },
): Promise<Reply> {
  const body = new URLSearchParams(fields).toString();
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        localAddress: options.from,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': Buffer.byteLength(body),
          ...options.headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe.skipIf(!caddyInstalled || !built)(
  'Caddy in front of the app (production override)',
  () => {
    let inbox: SmtpInbox;
    let workDir: string;
    let app: RunningProcess;
    let caddy: RunningProcess;
    let siteUrl: string;
    let bareUrl: string;

    beforeAll(async () => {
      inbox = await startSmtpInbox();
      workDir = await mkdtemp(path.join(tmpdir(), 'iconia-caddy-'));
      const appPort = await freePort();
      const caddyPort = await freePort();
      siteUrl = `http://127.0.0.1:${caddyPort}`;
      bareUrl = `http://localhost:${await freePort()}`;

      const env = containerEnv([COMPOSE_FILE, COMPOSE_PROD_FILE], {
        SMTP_URL: inbox.url,
        MAIL_TO: 'sales@example.com',
        MAIL_FROM: 'no-reply@example.com',
        SITE_DOMAIN: 'www.example.com',
        RATE_LIMIT_MAX: String(RATE_LIMIT_MAX),
        // Over the limit is 429 at once, not held: the test is about whose address counts.
        HELD_PER_ADDRESS_PER_HOUR: '0',
      });
      app = startContainerCommand({
        ...env,
        HOST: '127.0.0.1',
        PORT: String(appPort),
        DATA_DIR: path.join(workDir, 'data'),
        WEB_DIST: repoPath('apps/web/build/client'),
        PATH: process.env.PATH ?? '',
      });
      await waitUntilAnswering(app, `http://127.0.0.1:${appPort}/healthz`);

      // Docker's service name becomes the loopback port; the admin API stays off to need no port.
      // Plain HTTP here, so the redirect names the site's origin as it is served.
      const caddyfile = readRepoFile('deploy/Caddyfile')
        .replace(/reverse_proxy app:\d+/, `reverse_proxy 127.0.0.1:${appPort}`)
        .replace('https://{$SITE_DOMAIN}', '{$SITE_DOMAIN}');
      const config = path.join(workDir, 'Caddyfile');
      await writeFile(config, `{\n\tadmin off\n}\n\n${caddyfile}`);
      caddy = startProcess(['caddy', 'run', '--config', config, '--adapter', 'caddyfile'], {
        cwd: workDir,
        env: {
          SITE_DOMAIN: siteUrl,
          BARE_DOMAIN: bareUrl,
          HOME: workDir,
          XDG_DATA_HOME: path.join(workDir, 'caddy-data'),
          XDG_CONFIG_HOME: path.join(workDir, 'caddy-config'),
          PATH: process.env.PATH ?? '',
        },
      });
      await waitUntilAnswering(caddy, `${siteUrl}/healthz`);
    });

    afterAll(async () => {
      await caddy?.stop('SIGTERM');
      await app?.stop('SIGTERM');
      await inbox?.close();
      if (workDir) await rm(workDir, { recursive: true, force: true });
    });

    it('when a visitor opens the site through Caddy, then the prerendered page arrives', async () => {
      const response = await fetch(`${siteUrl}/`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      // The app's own security headers pass through the proxy.
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    });

    it('when a visitor opens the bare domain, then Caddy redirects to the site with the same path and query', async () => {
      const response = await fetch(`${bareUrl}/location-highlights?utm_source=print`, {
        redirect: 'manual',
      });
      expect(response.status).toBe(301);
      expect(response.headers.get('location')).toBe(
        `${siteUrl}/location-highlights?utm_source=print`,
      );
    });

    it('when a lead is sent through Caddy, then the app answers success and the email goes out', async () => {
      const reply = await postForm(
        `${siteUrl}/send-email`,
        { name: 'Proxy Check', mobile: '9876500001', plotRange: '165 - 200 Sq. Yds' },
        { from: '127.0.0.1' },
      );
      expect(reply).toEqual({ status: 200, body: 'success' });
      const [mail] = await inbox.waitFor(1, 10_000);
      expect(mail?.parsed.subject).toContain('Proxy Check');
    });

    it('when one visitor reaches the rate limit, then another visitor is still served: the app sees each address, not Caddy’s', async () => {
      const enquiry = (mobile: string) => ({ name: 'Limit Check', mobile, location: 'Kukatpally' });
      for (let index = 0; index < RATE_LIMIT_MAX; index += 1) {
        const reply = await postForm(`${siteUrl}/contact-form`, enquiry(`98765100${index}0`), {
          from: '127.0.0.1',
        });
        expect(reply.status).toBe(200);
      }
      const limited = await postForm(`${siteUrl}/contact-form`, enquiry('9876510099'), {
        from: '127.0.0.1',
      });
      expect(limited.status).toBe(429);

      const other = await postForm(`${siteUrl}/contact-form`, enquiry('9876520000'), {
        from: '127.0.0.2',
      });
      expect(other).toEqual({ status: 200, body: 'success' });
    });

    it('when a limited visitor forges X-Forwarded-For, then the limit still holds', async () => {
      const reply = await postForm(
        `${siteUrl}/contact-form`,
        { name: 'Forged Check', mobile: '9876530000' },
        { from: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.7' } },
      );
      expect(reply.status).toBe(429);
    });
  },
);
