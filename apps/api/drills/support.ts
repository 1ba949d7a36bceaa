/**
 * The parts every drill uses: the built server as a real child process on loopback, a load
 * generator that remembers what each visitor was told, and the checks that compare those
 * replies with the database and the SMTP server's inbox.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { Agent, request } from 'node:http';
import Database from 'better-sqlite3';
import { indianE164 } from '@iconia/shared';
import { createTempDir, type SmtpInbox, type TempDir } from '@iconia/testkit';
import { API_DIR, startServerProcess, type ServerProcess } from '@iconia/api/test-server';
import { DRILL_ENV } from './config.ts';

export class DrillFailure extends Error {}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** A drill's data folder, kept after the run when DRILL_KEEP=1. */
export function tempDir(prefix: string): TempDir {
  return createTempDir(`iconia-drill-${prefix}-`, { keep: DRILL_ENV.keep });
}

/** Builds dist/server.js from the current source, so a drill never runs a stale bundle. */
export async function buildServer(): Promise<void> {
  const child = spawn(process.execPath, ['scripts/build.mjs'], {
    cwd: API_DIR,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new DrillFailure(`building the server failed (exit ${code})`);
}

/** The built server with exactly `env` on 127.0.0.1:`port`; its log echoed when DRILL_VERBOSE=1. */
export async function startDrillServer(
  port: number,
  env: Record<string, string>,
): Promise<ServerProcess> {
  try {
    return await startServerProcess({ port, env, echo: DRILL_ENV.verbose ? 'all' : 'stderr' });
  } catch (error) {
    throw new DrillFailure((error as Error).message, { cause: error });
  }
}

export interface LeadAttempt {
  index: number;
  mobile: string;
  startedAt: number;
  endedAt: number;
  status?: number;
  text?: string;
  /** Set when no reply arrived: the connection was refused, reset or timed out. */
  error?: string;
}

export function leadMobile(drillDigit: number, index: number): string {
  return `9${drillDigit}${String(index).padStart(8, '0')}`;
}

export interface LoadOptions {
  /** Where to send; read for every request, so a restarted server on the same port is found. */
  port: number;
  count: number;
  concurrency: number;
  /** Distinguishes the drills' mobile numbers from one another. */
  drillDigit: number;
  /** Spreads the requests over time instead of sending as fast as replies come. */
  ratePerSecond?: number;
  /** Called after each reply or failure, with how many are done. */
  onDone?: (attempt: LeadAttempt, done: number) => void;
  requestTimeoutMs?: number;
}

/** Sends `count` valid brochure leads, `concurrency` at a time over keep-alive connections. */
export async function sendLeads(options: LoadOptions): Promise<LeadAttempt[]> {
  const { port, count, concurrency, drillDigit } = options;
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const attempts: LeadAttempt[] = [];
  const started = Date.now();
  let next = 0;
  let done = 0;

  const one = (index: number): Promise<LeadAttempt> =>
    new Promise((resolve) => {
      const mobile = leadMobile(drillDigit, index);
      const body = new URLSearchParams({
        name: `Drill Visitor ${index}`,
        mobile,
        plotRange: '200 - 300 Sq. Yds',
        source: 'brochure-modal',
      }).toString();
      const attempt: LeadAttempt = { index, mobile, startedAt: Date.now(), endedAt: 0 };
      const req = request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/send-email',
          agent,
          headers: {
            'Content-Type': 'application/x-www-form-urlencoded',
            'Content-Length': Buffer.byteLength(body),
          },
          timeout: options.requestTimeoutMs ?? 20_000,
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => {
            resolve({ ...attempt, endedAt: Date.now(), status: res.statusCode ?? 0, text });
          });
          res.on('error', (error) =>
            resolve({ ...attempt, endedAt: Date.now(), error: error.message }),
          );
        },
      );
      req.on('timeout', () => req.destroy(new Error('no reply within the timeout')));
      req.on('error', (error: NodeJS.ErrnoException) =>
        resolve({ ...attempt, endedAt: Date.now(), error: error.code ?? error.message }),
      );
      req.end(body);
    });

  const lane = async (): Promise<void> => {
    while (next < count) {
      const index = next;
      next += 1;
      if (options.ratePerSecond) {
        const due = started + (index * 1000) / options.ratePerSecond;
        if (due > Date.now()) await sleep(due - Date.now());
      }
      const attempt = await one(index);
      attempts.push(attempt);
      done += 1;
      options.onDone?.(attempt, done);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
  agent.destroy();
  return attempts.sort((a, b) => a.index - b.index);
}

export interface LeadRow {
  public_id: string;
  message_id: string;
  kind: string;
  name: string;
  mobile: string;
  plot_range: string | null;
  source: string | null;
  status: string;
  attempts: number;
  consent_notice: string | null;
}

export function readLeads(databaseFile: string): { rows: LeadRow[]; integrity: string } {
  const db = new Database(databaseFile, { readonly: true });
  try {
    const integrity = db.pragma('integrity_check', { simple: true }) as string;
    const rows = db
      .prepare<[], LeadRow>(
        `SELECT public_id, message_id, kind, name, mobile, plot_range, source, status, attempts,
           consent_notice FROM lead_rows ORDER BY id`,
      )
      .all();
    return { rows, integrity };
  } finally {
    db.close();
  }
}

export function messageIdOf(raw: string): string | undefined {
  return /^Message-ID:\s*(<[^>\r\n]+>)/im.exec(raw)?.[1];
}

/**
 * Waits until the outbox is empty (every stored lead handed to SMTP, and to the webhook endpoints
 * when configured), or the time is up.
 */
export async function waitForEmptyOutbox(url: string, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const ready = (await (await fetch(`${url}/readyz`)).json()) as {
        pending: number | null;
        webhooks?: { pending: number | null };
      };
      const webhooksPending = ready.webhooks?.pending ?? 0;
      if (ready.pending === 0 && webhooksPending === 0) return true;
    } catch {
      // the server may be restarting
    }
    await sleep(200);
  }
  return false;
}

export interface Accounting {
  sent: number;
  success: number;
  refused: number;
  noReply: number;
  stored: number;
  /** Leads whose visitor got no reply (the process died) but which were stored whole. */
  storedWithoutReply: number;
  /** Replies of success whose lead is not in the database. */
  successNotStored: number;
  /** Rows that break the lead's shape: what a torn write would leave. */
  halfStored: number;
  /** Leads that got an error reply yet are in the database. */
  refusedButStored: number;
  /** Stored leads whose email never reached the SMTP server. */
  undelivered: number;
  messages: number;
  distinctMessageIds: number;
  /** The same Message-ID received again (a resend after a crash; the inbox can tell). */
  resent: number;
  /** Messages whose Message-ID matches no stored lead. */
  strangers: number;
  lost: number;
}

/** Compares what visitors were told with what the database holds and what SMTP received. */
export function account(
  attempts: readonly LeadAttempt[],
  rows: readonly LeadRow[],
  inbox: Pick<SmtpInbox, 'messages'>,
): Accounting {
  // Stored in E.164; the drill's visitors typed ten digits.
  const rowsByMobile = new Map(rows.map((row) => [row.mobile, row]));
  const stored = (attempt: LeadAttempt) => rowsByMobile.has(indianE164(attempt.mobile));
  const idsReceived = inbox.messages.map((mail) => messageIdOf(mail.raw));
  const countById = new Map<string, number>();
  for (const id of idsReceived) if (id) countById.set(id, (countById.get(id) ?? 0) + 1);
  const storedIds = new Set(rows.map((row) => row.message_id));

  const success = attempts.filter((a) => a.status === 200 && a.text === 'success');
  const noReply = attempts.filter((a) => a.error !== undefined);
  const refused = attempts.filter((a) => a.error === undefined && a.status !== 200);
  const halfStored = rows.filter(
    (row) =>
      !row.name.startsWith('Drill Visitor ') ||
      !/^\+91\d{10}$/.test(row.mobile) ||
      row.kind !== 'brochure' ||
      row.plot_range !== '200 - 300 Sq. Yds' ||
      row.source !== 'brochure-modal' ||
      row.consent_notice !== 'brochure-consent-v1' ||
      !/^<lead-[\w-]+@[^>]+>$/.test(row.message_id),
  ).length;
  const successNotStored = success.filter((a) => !stored(a)).length;
  const undelivered = rows.filter(
    (row) => row.status !== 'spam' && row.status !== 'duplicate' && !countById.has(row.message_id),
  ).length;
  const resent = [...countById.values()].reduce((total, count) => total + count - 1, 0);
  const strangers = [...countById.keys()].filter((id) => !storedIds.has(id)).length;
  return {
    sent: attempts.length,
    success: success.length,
    refused: refused.length,
    noReply: noReply.length,
    stored: rows.length,
    storedWithoutReply: noReply.filter(stored).length,
    successNotStored,
    halfStored,
    refusedButStored: refused.filter(stored).length,
    undelivered,
    messages: inbox.messages.length,
    distinctMessageIds: countById.size,
    resent,
    strangers,
    lost: successNotStored + undelivered,
  };
}

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

export function latencies(attempts: readonly LeadAttempt[]): { p50: number; p99: number } {
  const ms = attempts.filter((a) => a.status !== undefined).map((a) => a.endedAt - a.startedAt);
  return { p50: percentile(ms, 50), p99: percentile(ms, 99) };
}

/** A two-column table of named figures, aligned for a terminal and pasteable into Markdown. */
export function printFigures(title: string, figures: Record<string, string | number>): void {
  const width = Math.max(...Object.keys(figures).map((key) => key.length));
  process.stdout.write(`\n${title}\n`);
  for (const [key, value] of Object.entries(figures)) {
    process.stdout.write(`  ${key.padEnd(width)}  ${String(value)}\n`);
  }
}
