import { Router } from 'express';
import type { Clock } from '../clock.ts';
import type { Logger } from '../logger.ts';
import type { LeadStore } from '../store/lead-store.ts';
import { methodNotAllowed, sendText } from './replies.ts';

export interface ReadinessReport {
  status: 'ready' | 'not ready';
  db: 'ok' | 'unwritable';
  smtp: 'ok' | 'unreachable';
  pending: number | null;
  oldestPendingAgeSeconds: number | null;
  /**
   * The backlog of every webhook endpoint together, when any is configured. Reported only: a CRM
   * that is down does not make the site unready, as leads still reach the inbox.
   */
  webhooks?: WebhookBacklog;
}

export interface WebhookBacklog {
  /** Posts waiting for a first attempt or a retry; null when the database could not be read. */
  pending: number | null;
  oldestPendingAgeSeconds: number | null;
  /** Posts given up after a day of failures or refused with 410. */
  dead: number | null;
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
  /** The outbox channels of the webhook endpoints, if any. */
  webhookChannels?: readonly string[];
}

export function createReadinessCheck(options: ReadinessOptions): () => Promise<ReadinessReport> {
  const { store, verifyMail, clock, pendingAlertMs, smtpTimeoutMs } = options;
  const webhookChannels = options.webhookChannels ?? [];
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

  const webhookBacklog = (now: number): WebhookBacklog => {
    try {
      let pending = 0;
      let dead = 0;
      let oldest = Number.POSITIVE_INFINITY;
      for (const channel of webhookChannels) {
        const summary = store.pendingSummary(channel, now);
        pending += summary.count;
        oldest = Math.min(oldest, summary.oldestReceivedAt ?? oldest);
        dead += store.deadCount(channel);
      }
      const oldestPendingAgeSeconds = Number.isFinite(oldest)
        ? Math.max(0, Math.round((now - oldest) / 1000))
        : null;
      return { pending, oldestPendingAgeSeconds, dead };
    } catch {
      return { pending: null, oldestPendingAgeSeconds: null, dead: null };
    }
  };

  return async () => {
    const now = clock.now();
    let db: ReadinessReport['db'] = 'ok';
    let pending: number | null = null;
    let oldestPendingAgeSeconds: number | null = null;
    let backlogTooOld = false;
    try {
      if (!store.isWritable()) db = 'unwritable';
      const summary = store.pendingSummary(undefined, now);
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
    return {
      status: ready ? 'ready' : 'not ready',
      db,
      smtp,
      pending,
      oldestPendingAgeSeconds,
      ...(webhookChannels.length > 0 ? { webhooks: webhookBacklog(now) } : {}),
    };
  };
}

/**
 * `/healthz` and `/readyz`. A probe polls every few seconds, so readiness is logged when it
 * changes, once: going not ready at warn with the report that says why, coming back at info.
 */
export function createHealthRouter(
  readiness: () => Promise<ReadinessReport>,
  logger: Logger,
): Router {
  const router = Router();
  let lastStatus: ReadinessReport['status'] | undefined;
  const noteChange = (report: ReadinessReport) => {
    const changed = report.status !== lastStatus;
    const wasKnown = lastStatus !== undefined;
    lastStatus = report.status;
    if (!changed) return;
    if (report.status === 'not ready') logger.warn({ readiness: report }, 'not ready');
    else if (wasKnown) logger.info({ readiness: report }, 'ready again');
  };
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
      noteChange(report);
      res
        .status(report.status === 'ready' ? 200 : 503)
        .set('Cache-Control', 'no-store')
        .json(report);
    })
    .all(onlyGet);

  return router;
}
