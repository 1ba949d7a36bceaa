/**
 * The repository's secret check (scripts/check-secrets.mjs), run as CI runs it, inside throwaway
 * git repositories. Fake credentials are assembled from pieces so this file never trips it.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTempDir } from '@iconia/testkit';

const SCRIPT = fileURLToPath(new URL('../../../../scripts/check-secrets.mjs', import.meta.url));
const PEM = ['-----BEGIN ', 'RSA PRIVATE KEY-----'].join('');
const AWS_KEY = ['AKIA', 'QWERTYUIOPASDFGH'].join('');
const SMTP_PASSWORD = ['Sup3r', 'S3cret7'].join('');
const API_KEY = ['a8f5f167f44f', '4964e6c998dee827110c'].join('');
const GITHUB_TOKEN = ['ghp', '_', 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8'].join('');

describe('scripts/check-secrets.mjs', () => {
  let temp: ReturnType<typeof createTempDir>;

  beforeEach(() => {
    temp = createTempDir('iconia-secrets-');
    execFileSync('git', ['init', '-q'], { cwd: temp.dir });
  });
  afterEach(() => temp.remove());

  function commit(files: Record<string, string>): void {
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(temp.dir, name)), { recursive: true });
      writeFileSync(path.join(temp.dir, name), text);
    }
    execFileSync('git', ['add', '.'], { cwd: temp.dir });
  }

  function check(...args: string[]) {
    const result = spawnSync(process.execPath, [SCRIPT, ...args], {
      cwd: temp.dir,
      encoding: 'utf8',
    });
    return { code: result.status, out: `${result.stdout}${result.stderr}` };
  }

  it('when only documented placeholders are committed, then the check passes', () => {
    commit({
      '.env.example': '# SMTP_URL=smtps://leads:app-password@smtp.gmail.com:465\n',
      'src/config.test.ts': `loadConfig({ SMTP_URL: 'smtps://user:pass@smtp.example.com:465' });\n`,
      'deploy/test.ts': `const env = { SMTP_URL: 'smtps://leads%40example.com:s3cret-9@smtp.example.com:465' };\n`,
      'docs/operations.md': `DKIM_PRIVATE_KEY='${PEM}\\nMIIEvQIBADAN…\\n-----END PRIVATE KEY-----'\n`,
      'src/types.ts': 'interface Auth { token: string; password?: string }\n',
    });

    const { code, out } = check();

    expect(out).toContain('nothing that looks like a secret');
    expect(code).toBe(0);
  });

  it('when real-looking keys, tokens and passwords are committed, then each is reported by file and line and the check fails', () => {
    commit({
      'deploy/dkim.pem': `${PEM}\nMIIEowIBAAKCAQEA7\n-----END RSA PRIVATE KEY-----\n`,
      'scripts/upload.sh': `export AWS_ACCESS_KEY_ID=${AWS_KEY}\n`,
      'README.md': `clone with https://${GITHUB_TOKEN}@github.com/acme/site\n`,
      '.env.production': `SMTP_URL=smtps://leads:${SMTP_PASSWORD}@smtp.gmail.com:465\n`,
      'src/analytics.ts': `const apiKey = "${API_KEY}";\n`,
    });

    const { code, out } = check();

    expect(code).toBe(1);
    expect(out).toContain('deploy/dkim.pem:1  private key');
    expect(out).toContain('scripts/upload.sh:1  AWS access key id');
    expect(out).toContain('README.md:1  GitHub token');
    expect(out).toContain('.env.production:1  password in a URL');
    expect(out).toContain('src/analytics.ts:1  password or token assigned');
    // The report shows where, not the secret itself.
    expect(out).not.toContain(AWS_KEY);
    expect(out).not.toContain(SMTP_PASSWORD);
  });

  it('when a line is marked as an allowed fixture, then it is not reported', () => {
    commit({
      'test/fixture.ts': `const key = '${AWS_KEY}'; // secret-scan: allow (a fake key for the parser test)\n`,
    });

    expect(check().code).toBe(0);
  });

  it('when a secret is only in a new untracked file, then --untracked finds it before it is committed', () => {
    commit({ 'src/app.ts': 'export {};\n' });
    writeFileSync(path.join(temp.dir, 'notes.txt'), `token ${GITHUB_TOKEN}\n`);

    expect(check().code).toBe(0);
    expect(check('--untracked').code).toBe(1);
  });
});
