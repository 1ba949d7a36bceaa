import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTempDir, START_TIME } from '@iconia/testkit';
import { openLeadStore } from '../store/lead-store.ts';

const run = promisify(execFile);
const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const bundle = path.join(repoRoot, 'apps/api/dist/leads.js');

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

async function spawnCli(command: string, args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run(command, args, {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      timeout: 240_000,
    });
    return { code: 0, stdout, stderr } satisfies Outcome;
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return {
      code: typeof failed.code === 'number' ? failed.code : -1,
      stdout: failed.stdout ?? '',
      stderr: failed.stderr ?? '',
    } satisfies Outcome;
  }
}

function storeOneLead(dataDir: string): string {
  const store = openLeadStore(path.join(dataDir, 'leads.sqlite'));
  const publicId = randomUUID();
  try {
    store.insertLead(
      {
        publicId,
        messageId: `<lead-${publicId}@iconia.test>`,
        kind: 'brochure',
        name: 'Ravi Kumar',
        mobile: '9876543210',
        plotRange: '200 - 300 Sq. Yds',
        attribution: { source: 'brochure-modal', utm_campaign: 'villa-plots' },
        receivedAt: START_TIME,
        spam: false,
      },
      0,
    );
  } finally {
    store.close();
  }
  return publicId;
}

// Each test starts pnpm or node and waits for it: deadlines for a hang on a machine whose cores are
// all busy, never figures.
describe('pnpm leads at the repository root', { timeout: 300_000 }, () => {
  // Under var/ at the root, the folder `pnpm start` uses by default (and git ignores).
  const relativeDir = path.join('var', `cli-test-${randomUUID()}`);
  const dataDir = path.join(repoRoot, relativeDir);
  let publicId: string;

  beforeAll(() => {
    publicId = storeOneLead(dataDir);
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('when DATA_DIR is relative, then it is read from the root, as `pnpm start` reads it, and the CSV is clean', async () => {
    const { code, stdout } = await spawnCli(
      'pnpm',
      ['--silent', 'leads', 'export', '--format', 'csv'],
      { DATA_DIR: relativeDir },
    );

    expect(code).toBe(0);
    const lines = stdout.split('\r\n');
    expect(lines[0]).toMatch(/^id,receivedAt,kind,status,name,mobile,/);
    expect(lines[1]).toContain(`${publicId},2026-11-21T15:45:00+05:30,brochure,pending,Ravi Kumar`);
    expect(lines[1]).toContain('villa-plots');
    expect(lines[2]).toBe('');
  });

  it('when an option is wrong, then the exit code says so through pnpm', async () => {
    const { code, stderr } = await spawnCli('pnpm', ['--silent', 'leads', 'list', '--kind', 'x'], {
      DATA_DIR: relativeDir,
    });
    expect(code).toBe(2);
    expect(stderr).toContain('--kind must be brochure or contact (got "x").');
  });
});

describe.skipIf(!existsSync(bundle))('the built CLI, as the Docker image runs it', () => {
  let temp: ReturnType<typeof createTempDir>;
  let publicId: string;

  beforeAll(() => {
    temp = createTempDir('iconia-cli-bundle-');
    publicId = storeOneLead(temp.dir);
  });
  afterAll(() => temp.remove());

  it('when `node apps/api/dist/leads.js list` runs with DATA_DIR set, then it lists the leads', async () => {
    const { code, stdout } = await spawnCli(process.execPath, [bundle, 'list'], {
      DATA_DIR: temp.dir,
    });

    expect(code).toBe(0);
    expect(stdout).toMatch(
      new RegExp(
        `^${publicId.slice(0, 8)}\\s+21 Nov 2026, 3:45 pm\\s+brochure\\s+pending\\s+Ravi Kumar`,
        'm',
      ),
    );
  });
});
