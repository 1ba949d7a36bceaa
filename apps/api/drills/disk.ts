/**
 * The database's disk fills up under a running server: leads are refused with `500 error` (the
 * visitor sees the catalogue message and can try again), the process stays up and says so on
 * /readyz, and leads are taken again as soon as space is freed. Then the disk is read-only when
 * the server starts: it refuses to start with a clear message, and starts once it is writable.
 * (Linux will not remount a file system read-only while files on it are open for writing, so a
 * running server cannot be given a read-only disk without kernel fault injection.) Uses a small
 * tmpfs mounted for the drill, so it needs root; it never touches a real disk.
 */
import { execFileSync } from 'node:child_process';
import { closeSync, mkdirSync, openSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import { freePort, startSmtpInbox } from '@iconia/testkit';
import { startServerProcess, type ServerProcess } from '@iconia/api/test-server';
import type { DrillResult } from './drill.ts';
import {
  account,
  DrillFailure,
  readLeads,
  sendLeads,
  startDrillServer,
  tempDir,
  waitForEmptyOutbox,
  type LeadAttempt,
} from './support.ts';

const LEADS_PER_PHASE = 30;

/** Writes until the file system says it is full. */
function fillUp(file: string): number {
  const fd = openSync(file, 'w');
  let written = 0;
  try {
    for (const size of [1024 * 1024, 4096, 512, 1]) {
      const chunk = Buffer.alloc(size, 0x55);
      for (;;) {
        try {
          written += writeSync(fd, chunk);
        } catch {
          break;
        }
      }
    }
  } finally {
    closeSync(fd);
  }
  return written;
}

/** Starts the server where it should refuse to start; its exit code and what it said. */
async function startExpectingFailure(
  port: number,
  env: Record<string, string>,
): Promise<{ code: number | null; stderr: string }> {
  const server = await startServerProcess({ port, env, readyPath: false });
  const timer = setTimeout(() => void server.kill(), 15_000);
  const { code } = await server.exited;
  clearTimeout(timer);
  return { code, stderr: server.stderr() };
}

async function probe(server: ServerProcess): Promise<string> {
  const health = await fetch(`${server.url}/healthz`);
  const ready = await fetch(`${server.url}/readyz`);
  const body = (await ready.json()) as { db: string };
  return `healthz ${health.status}, readyz ${ready.status} db ${body.db}`;
}

export async function diskDrill(): Promise<DrillResult> {
  const temp = tempDir('disk');
  const mountPoint = path.join(temp.dir, 'disk');
  mkdirSync(mountPoint);
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=16m', 'tmpfs', mountPoint], {
      stdio: 'pipe',
    });
  } catch (error) {
    temp.remove();
    throw new DrillFailure(
      `a 16 MB tmpfs could not be mounted for the drill (needs root): ${String(error)}`,
    );
  }
  const dataDir = path.join(mountPoint, 'data');
  const filler = path.join(mountPoint, 'filler');
  const inbox = await startSmtpInbox({ parse: false });
  const port = await freePort();
  const env = {
    DATA_DIR: dataDir,
    SMTP_URL: inbox.url,
    RATE_LIMIT_MAX: '0',
    WEB_DIST: path.join(temp.dir, 'no-site'),
    LOG_LEVEL: 'warn',
  };
  let server = await startDrillServer(port, env);
  const remount = (mode: 'ro' | 'rw') =>
    execFileSync('mount', ['-o', `remount,${mode}`, mountPoint], { stdio: 'pipe' });
  try {
    const all: LeadAttempt[] = [];
    const phases: Array<{ phase: string; replies: string; health: string }> = [];
    let digit = 5;
    const phase = async (name: string): Promise<LeadAttempt[]> => {
      const attempts = await sendLeads({
        port,
        count: LEADS_PER_PHASE,
        concurrency: 5,
        drillDigit: digit,
      });
      digit += 1;
      all.push(...attempts);
      const counts = new Map<string, number>();
      for (const a of attempts) {
        const key = a.error ?? `${a.status} ${a.text}`;
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      phases.push({
        phase: name,
        replies: [...counts].map(([reply, count]) => `${count}× ${reply}`).join(', '),
        health: await probe(server),
      });
      return attempts;
    };

    const before = await phase('disk fine');
    const filled = fillUp(filler);
    const whenFull = await phase('disk full');
    rmSync(filler);
    const afterFree = await phase('disk freed');
    const aliveThroughout = server.child.exitCode === null;

    server.child.kill('SIGTERM');
    const firstExit = await server.exited;
    remount('ro');
    const readOnlyStart = await startExpectingFailure(port, env);
    remount('rw');
    server = await startDrillServer(port, env);
    const afterWritable = await phase('writable again, restarted');

    // Emails sent while the disk was full could not be marked sent; the restarted server, alone
    // on the database, takes back their leases and sends them again with the same Message-ID.
    const drained = await waitForEmptyOutbox(server.url, 100_000);
    server.child.kill('SIGTERM');
    const { code } = await server.exited;
    const { rows, integrity } = readLeads(path.join(dataDir, 'leads.sqlite'));
    const figures = account(all, rows, inbox);

    const allSuccess = (attempts: LeadAttempt[]) => attempts.every((a) => a.text === 'success');
    const refusedAs500 = (attempts: LeadAttempt[]) =>
      attempts.filter((a) => a.status === 500 && a.text === 'error').length;
    const failures: string[] = [];
    if (!allSuccess(before) || !allSuccess(afterFree) || !allSuccess(afterWritable)) {
      failures.push('a lead was refused while the disk was writable');
    }
    if (refusedAs500(whenFull) === 0) failures.push('the full disk never caused a 500 error');
    if (whenFull.some((a) => a.status !== 500 && a.text !== 'success')) {
      failures.push('a lead got something other than success or 500 error');
    }
    if (firstExit.code !== 0) failures.push(`exit ${firstExit.code} on SIGTERM with a full disk`);
    if (
      readOnlyStart.code === 0 ||
      !/could not be opened for reading and writing/.test(readOnlyStart.stderr)
    ) {
      failures.push('on a read-only disk the server did not refuse to start with a clear message');
    }
    if (!aliveThroughout) failures.push('the process died');
    if (figures.refusedButStored > 0) failures.push('a lead answered 500 was stored');
    if (!drained) failures.push('the outbox did not empty once the disk was writable');
    if (code !== 0) failures.push(`the server exited with ${code} on SIGTERM`);
    return {
      name: 'disk',
      load: `5 phases × ${LEADS_PER_PHASE} leads, 5 connections`,
      faults: `16 MB tmpfs filled (${Math.round(filled / 1024)} KB of filler), then freed; restart on the disk read-only, then read-write`,
      lost: figures.lost,
      failures,
      figures: {
        ...figures,
        ...Object.fromEntries(phases.map((p) => [`${p.phase}`, `${p.replies}; ${p.health}`])),
        'process up while the disk was full': String(aliveThroughout),
        'start on a read-only disk': `exit ${readOnlyStart.code}: ${readOnlyStart.stderr.trim().split('\n')[0]?.slice(0, 160) ?? ''}`,
        integrity_check: integrity,
      },
    };
  } finally {
    if (server.child.exitCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    await inbox.close();
    try {
      execFileSync('umount', [mountPoint], { stdio: 'pipe' });
    } catch {
      // Left mounted only if something still holds it; the temp folder says where.
    }
    temp.remove();
  }
}
