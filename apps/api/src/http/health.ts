import { Router } from 'express';
import type { Clock } from '../clock.ts';
import type { LeadStore } from '../store/lead-store.ts';
import { methodNotAllowed, sendText } from './replies.ts';

export interface ReadinessReport {
  status: 'ready' | 'not ready';
  db: 'ok' | 'unwritable';
  smtp: 'ok' | 'unreachable';
  pending: number | null;
  oldestPendingAgeSeconds: number | null;
}

export interface ReadinessOptions {
  store: LeadStore;
  /** Rejects when the sales inbox cannot take mail right now. */
  verifyMail: () => Promise<void>;
  clock: Clock;
  pendingAlertMs: number;
  /** Upper bound for one SMTP check, so a probe never hangs. */
  smtpTimeoutMs: number;
  /** Load balancers probe every few seconds; the SMTP server should not see each probe. */
  smtpCacheMs?: number;
}

export function createReadinessCheck(options: ReadinessOptions): () => Promise<ReadinessReport> {
  const { store, verifyMail, clock, pendingAlertMs, smtpTimeoutMs } = options;
  const smtpCacheMs = options.smtpCacheMs ?? 5_000;
  let smtpCache: { at: number; result: Promise<boolean> } | undefined;

  const smtpReachable = (): Promise<boolean> => {
    const now = clock.now();
    if (smtpCache && now - smtpCache.at < smtpCacheMs) return smtpCache.result;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), smtpTimeoutMs);
      timer.unref();
    });
    const result = Promise.race([
      verifyMail().then(
        () => true,
        () => false,
      ),
      timeout,
    ]).finally(() => clearTimeout(timer));
    smtpCache = { at: now, result };
    return result;
  };

  return async () => {
    const now = clock.now();
    let db: ReadinessReport['db'] = 'ok';
    let pending: number | null = null;
    let oldestPendingAgeSeconds: number | null = null;
    let backlogTooOld = false;
    try {
      if (!store.isWritable()) db = 'unwritable';
      const summary = store.pendingSummary();
      pending = summary.count;
      if (summary.oldestReceivedAt !== undefined) {
        const age = now - summary.oldestReceivedAt;
        oldestPendingAgeSeconds = Math.max(0, Math.round(age / 1000));
        backlogTooOld = age > pendingAlertMs;
      }
    } catch {
      db = 'unwritable';
    }
    const smtp = (await smtpReachable()) ? 'ok' : 'unreachable';
    const ready = db === 'ok' && smtp === 'ok' && !backlogTooOld;
    return { status: ready ? 'ready' : 'not ready', db, smtp, pending, oldestPendingAgeSeconds };
  };
}

export function createHealthRouter(readiness: () => Promise<ReadinessReport>): Router {
  const router = Router();
  const onlyGet = (_req: unknown, res: Parameters<typeof sendText>[0]) => {
    res.set('Allow', 'GET, HEAD');
    sendText(res, 405, methodNotAllowed(['GET', 'HEAD']));
  };

  router
    .route('/healthz')
    .get((_req, res) => sendText(res, 200, 'ok'))
    .all(onlyGet);

  router
    .route('/readyz')
    .get(async (_req, res) => {
      const report = await readiness();
      res
        .status(report.status === 'ready' ? 200 : 503)
        .set('Cache-Control', 'no-store')
        .json(report);
    })
    .all(onlyGet);

  return router;
}
