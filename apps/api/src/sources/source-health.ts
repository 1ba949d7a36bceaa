import { randomUUID } from 'node:crypto';
import {
  formatOrigin,
  SOURCE_CONDITIONS,
  type LeadOrigin,
  type SourceCondition,
  type SourceHealthAnswer,
  type SourceHealthRow,
} from '@iconia/shared';
import type { Clock } from '../clock.ts';
import type { MailAddress } from '../config.ts';
import type { Logger } from '../logger.ts';
import { addDays, indiaDay, indiaDayStart, indiaTimestamp } from '../format/india-day.ts';
import { formatIndiaTime } from '../format/lead-format.ts';
import { EMAIL_CHANNEL } from '../store/lead-types.ts';
import type { NewMessage } from '../store/outbox-store.ts';
import { SOURCE_ALERT_KIND, type SourceAlertPayload } from '../store/source-health-schema.ts';
import type {
  AlertChange,
  FigureWindow,
  GraphReadFigures,
  RaisedAlert,
  SourceFigures,
  SourceHealthStore,
  StagesBackFigures,
} from './source-health-store.ts';

/** A source goes quiet after this long without a lead… */
export const QUIET_AFTER_MS = 24 * 3_600_000;
/** …if it delivered on at least this many of the last seven India days. */
export const QUIET_MIN_DAYS = 3;
/** A source fails after this many refused requests with no lead accepted since. */
export const REFUSED_IN_A_ROW = 3;
/** Meta fails when a Graph read has been failing this long. */
export const GRAPH_FAILING_MS = 30 * 60_000;
/** A platform fails when sending the buyers' stages back to it has been failing this long. */
export const STAGES_FAILING_MS = 60 * 60_000;
/** A portal fails when it has had no successful poll for this long, and its polls fail. */
export const POLLS_FAILING_MS = 30 * 60_000;

/** A pulled source's polls, as its table keeps them. */
export interface PollFigures {
  lastSuccessAt: number | undefined;
  /** Since when the source has been polled: the clock of "no successful poll" before the first. */
  since: number;
  failingSince: number | undefined;
  lastError: string | undefined;
}

/** A source the managers watch, as the composition root lists it at each check. */
export interface HealthSource {
  origin: LeadOrigin;
  /** A disabled source refuses on purpose: it is listed but raises no alert. */
  disabled?: boolean;
  /** The outbox channel of its Graph reads (Meta). */
  graphChannel?: string;
  /** The outbox channel that sends the buyers' stages back to it (Meta's Conversions API). */
  stagesChannel?: string;
  /** The stages it reads from a feed of ours (Google Ads' scheduled fetch). */
  stagesFeed?: (window: FigureWindow) => StagesBackFigures;
  /** A portal the server polls: how its polls stand. */
  polls?: PollFigures;
}

/** What a source has been sent of the buyers' stages, by whichever way it takes them. */
function stagesOf(
  store: SourceHealthStore,
  source: HealthSource,
  window: FigureWindow,
): StagesBackFigures | undefined {
  if (source.stagesChannel) return store.stagesBack(source.stagesChannel, window);
  return source.stagesFeed?.(window);
}

export interface SourceHealthOptions {
  store: SourceHealthStore;
  clock: Clock;
  logger: Logger;
  /** Every source to watch, read at each check: partners may be added or disabled meanwhile. */
  sources: () => readonly HealthSource[];
  /** Where the alerts go while no manager account is active: the sales inbox. */
  fallbackTo: readonly MailAddress[];
  messageIdDomain: string;
  /** An alert was queued: wake the email worker. */
  onQueued: () => void;
  checkEveryMs?: number;
}

export interface SourceHealth {
  /** Each source's figures and raised alerts, for the desk. */
  report(): SourceHealthAnswer;
  /** Raises and ends alerts as the sources stand now; returns what changed. */
  check(): AlertChange[];
  /** Checks every minute until stopped. */
  start(): void;
  stop(): void;
}

type Wanted = Record<SourceCondition, string | undefined>;

function minutes(ms: number): number {
  return Math.floor(ms / 60_000);
}

/**
 * What should be raised now. A raised alert stays until what it is about has ended (a quiet
 * source stays quiet until its next lead, however the week's figures move meanwhile), so the
 * managers get one email when it starts and one when it ends, never a repeat in between.
 */
function wantedAlerts(
  figures: SourceFigures,
  source: HealthSource,
  graph: GraphReadFigures | undefined,
  stages: StagesBackFigures | undefined,
  raised: ReadonlyMap<SourceCondition, RaisedAlert>,
  now: number,
): Wanted {
  const { lastLeadAt } = figures;
  const quietAlert = raised.get('quiet');
  let quiet: string | undefined;
  if (quietAlert) {
    if (lastLeadAt === undefined || lastLeadAt <= quietAlert.raisedAt) quiet = quietAlert.reason;
  } else if (
    figures.daysWithLeads >= QUIET_MIN_DAYS &&
    lastLeadAt !== undefined &&
    now - lastLeadAt >= QUIET_AFTER_MS
  ) {
    quiet = `No lead for ${Math.floor((now - lastLeadAt) / 3_600_000)} hours (the last at ${formatIndiaTime(lastLeadAt)}), after leads on ${figures.daysWithLeads} of the last 7 days.`;
  }

  const failures: string[] = [];
  if (figures.refusedInARow >= REFUSED_IN_A_ROW) {
    failures.push(
      `${REFUSED_IN_A_ROW} requests in a row were refused, with no lead accepted since${lastLeadAt === undefined ? '' : ` the last at ${formatIndiaTime(lastLeadAt)}`}${figures.lastRefusal ? ` (the last refusal: ${figures.lastRefusal.status}, ${figures.lastRefusal.reason})` : ''}.`,
    );
  }
  if (graph?.failingSince !== undefined && now - graph.failingSince >= GRAPH_FAILING_MS) {
    failures.push(
      `Reading leads from Meta's Graph API has failed for ${minutes(now - graph.failingSince)} minutes (${graph.failing} waiting).`,
    );
  }
  if (stages?.failingSince !== undefined && now - stages.failingSince >= STAGES_FAILING_MS) {
    failures.push(
      `Sending the buyers' stages back to the platform has failed for ${minutes(now - stages.failingSince)} minutes (${stages.waiting} waiting${stages.lastError ? `; the last error: ${stages.lastError}` : ''}).`,
    );
  }
  const polls = source.polls;
  const lastGoodPoll = polls && (polls.lastSuccessAt ?? polls.since);
  if (polls?.failingSince !== undefined && now - lastGoodPoll! >= POLLS_FAILING_MS) {
    failures.push(
      `No successful poll of the portal for ${minutes(now - lastGoodPoll!)} minutes${polls.lastError ? ` (the last error: ${polls.lastError})` : ''}.`,
    );
  }
  const failingAlert = raised.get('failing');
  const failing = failures.length === 0 ? undefined : (failingAlert?.reason ?? failures.join(' '));
  return { quiet, failing };
}

function recoveryReason(
  condition: SourceCondition,
  figures: SourceFigures,
  source: HealthSource,
): string {
  const last = figures.lastLeadAt === undefined ? '' : formatIndiaTime(figures.lastLeadAt);
  if (condition === 'quiet') return `A lead arrived at ${last}.`;
  if (source.polls) {
    return `The portal answers the polls again${last ? ` (the last lead at ${last})` : ''}.`;
  }
  const accepted = `Requests are accepted again${last ? ` (the last lead at ${last})` : ''}`;
  const also = [
    source.graphChannel &&
      `no Graph read has been failing for ${minutes(GRAPH_FAILING_MS)} minutes`,
    (source.stagesChannel || source.stagesFeed) &&
      `no stage has been failing to reach the platform for ${minutes(STAGES_FAILING_MS)} minutes`,
  ].filter(Boolean);
  return also.length > 0 ? `${accepted}, and ${also.join(', and ')}.` : `${accepted}.`;
}

const figureWindow = (now: number): FigureWindow => {
  const today = indiaDay(now);
  return {
    now,
    todayStart: indiaDayStart(today),
    weekStart: indiaDayStart(addDays(today, -6)),
  };
};

/** Each source's figures and raised alerts, as the desk shows them. */
function healthReport(
  store: SourceHealthStore,
  sources: readonly HealthSource[],
  now: number,
): SourceHealthAnswer {
  const window = figureWindow(now);
  const raised = store.raisedAlerts();
  const time = (at: number | undefined) => (at === undefined ? null : indiaTimestamp(at));
  const rows = sources.map((source): SourceHealthRow => {
    const figures = store.figures(source.origin, window);
    const graph = source.graphChannel ? store.graphReads(source.graphChannel) : undefined;
    const stages = stagesOf(store, source, window);
    return {
      origin: source.origin,
      label: formatOrigin(source.origin),
      disabled: source.disabled === true,
      leadsToday: figures.leadsToday,
      leads7Days: figures.leads7Days,
      lastLeadAt: time(figures.lastLeadAt),
      refused24Hours: figures.refused24Hours,
      refused7Days: figures.refused7Days,
      graphReads: graph
        ? {
            failing: graph.failing,
            failingSince: time(graph.failingSince),
            givenUp: graph.givenUp,
          }
        : null,
      stagesBack: stages
        ? {
            sentToday: stages.sentToday,
            sent7Days: stages.sent7Days,
            waiting: stages.waiting,
            failingSince: time(stages.failingSince),
            lastError: stages.lastError ?? null,
          }
        : null,
      polls: source.polls
        ? {
            lastSuccessAt: time(source.polls.lastSuccessAt),
            failingSince: time(source.polls.failingSince),
            lastError: source.polls.lastError ?? null,
          }
        : null,
      alerts: raised
        .filter((alert) => alert.origin === source.origin)
        .map((alert) => ({
          condition: alert.condition,
          since: indiaTimestamp(alert.raisedAt),
          reason: alert.reason,
        })),
    };
  });
  return { sources: rows, checkedAt: indiaTimestamp(now) };
}

/** The managers' email about an alert raised or ended, queued in the outbox due now. */
function alertMessage(payload: SourceAlertPayload, messageIdDomain: string): NewMessage {
  return {
    messageId: `<source-alert-${randomUUID()}@${messageIdDomain}>`,
    channel: EMAIL_CHANNEL,
    kind: SOURCE_ALERT_KIND,
    payload,
    dueAt: payload.at,
  };
}

/**
 * Watches every lead source: its figures for the desk, and one email to the managers through
 * the outbox when a source goes quiet or fails, and one when it recovers. The alert's state is a
 * row written with its message, so a restart neither repeats nor loses one.
 */
export function createSourceHealth(options: SourceHealthOptions): SourceHealth {
  const { store, clock, sources, messageIdDomain } = options;
  const checkEveryMs = options.checkEveryMs ?? 60_000;
  const logger = options.logger.child({ component: 'source-health' });
  let timer: NodeJS.Timeout | undefined;

  const message = (payload: SourceAlertPayload) => alertMessage(payload, messageIdDomain);

  function checkSource(source: HealthSource, now: number): AlertChange[] {
    return store.settle(source.origin, now, (raisedList) => {
      const raised = new Map(raisedList.map((alert) => [alert.condition, alert]));
      const window = figureWindow(now);
      const figures = store.figures(source.origin, window);
      const graph = source.graphChannel ? store.graphReads(source.graphChannel) : undefined;
      const stages = stagesOf(store, source, window);
      const wanted = wantedAlerts(figures, source, graph, stages, raised, now);
      const managers = store.managers();
      const to = managers.length > 0 ? managers : [...options.fallbackTo];
      return SOURCE_CONDITIONS.flatMap((condition): AlertChange[] => {
        const before = raised.get(condition);
        const reason = wanted[condition];
        if (Boolean(before) === (reason !== undefined)) return [];
        const base = {
          to,
          origin: source.origin,
          label: formatOrigin(source.origin),
          condition,
          at: now,
          lastLeadAt: figures.lastLeadAt ?? null,
        };
        if (reason !== undefined) {
          return [
            {
              condition,
              raise: { reason },
              message: message({ ...base, recovered: false, reason, raisedAt: now }),
            },
          ];
        }
        return [
          {
            condition,
            raise: undefined,
            message: message({
              ...base,
              recovered: true,
              reason: recoveryReason(condition, figures, source),
              raisedAt: before?.raisedAt ?? now,
            }),
          },
        ];
      });
    });
  }

  function check(): AlertChange[] {
    const now = clock.now();
    const changes = sources()
      .filter((source) => !source.disabled)
      .flatMap((source) => {
        const changed = checkSource(source, now);
        for (const change of changed) {
          const context = { source: source.origin, condition: change.condition };
          if (change.raise)
            logger.warn({ ...context, reason: change.raise.reason }, 'source alert');
          else logger.info(context, 'source recovered');
        }
        return changed;
      });
    if (changes.length > 0) options.onQueued();
    return changes;
  }

  function runCheck(): void {
    try {
      check();
    } catch (error) {
      logger.error({ err: error }, 'could not check the lead sources; will try again');
    }
  }

  return {
    report: () => healthReport(store, sources(), clock.now()),
    check,
    start() {
      if (timer) return;
      timer = setInterval(runCheck, checkEveryMs);
      timer.unref();
      runCheck();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
    },
  };
}
