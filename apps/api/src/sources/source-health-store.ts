import type Database from 'better-sqlite3';
import type { SourceCondition } from '@iconia/shared';
import type { NewMessage } from '../store/outbox-store.ts';

/**
 * What the lead sources' health is read from (leads by origin, refused intake requests, the
 * Graph reads in the outbox) and the alerts raised about them. An alert is a row here from the
 * moment its email is queued until its recovery email is: both are written in one transaction
 * with the outbox message, so a restart neither sends an alert twice nor loses one.
 */

/** A source's figures at an instant; every count leaves spam and Google's test leads out. */
export interface SourceFigures {
  leadsToday: number;
  leads7Days: number;
  /** India days of the last seven (today included) on which the source delivered a lead. */
  daysWithLeads: number;
  lastLeadAt: number | undefined;
  refused24Hours: number;
  refused7Days: number;
  /** Refused requests since the source's last lead, counted up to 3. */
  refusedInARow: number;
  /** The most recent refusal's status and reason. */
  lastRefusal: { status: number; reason: string } | undefined;
}

/** The Graph reads of Meta's leads in the outbox. */
export interface GraphReadFigures {
  /** Reads waiting for a retry after a failure. */
  failing: number;
  /** When the oldest of them was queued. */
  failingSince: number | undefined;
  /** Reads given up. */
  givenUp: number;
}

/** A platform's stages sent back through the outbox (Meta's Conversions API). */
export interface StagesBackFigures {
  sentToday: number;
  sent7Days: number;
  /** Stages queued and not yet taken. */
  waiting: number;
  /** When the oldest stage still failing was queued. */
  failingSince: number | undefined;
  /** The last failure or refusal, while a stage waits or was given up this week. */
  lastError: string | undefined;
}

export interface RaisedAlert {
  origin: string;
  condition: SourceCondition;
  raisedAt: number;
  reason: string;
}

export interface FigureWindow {
  now: number;
  /** When today (India) began. */
  todayStart: number;
  /** When the first of the last seven India days began. */
  weekStart: number;
}

export interface ManagerAddress {
  name: string;
  address: string;
}

/** A change of an alert's state, with the message that tells the managers about it. */
export interface AlertChange {
  condition: SourceCondition;
  /** Raised now with this reason, or ended (undefined). */
  raise: { reason: string } | undefined;
  message: NewMessage;
}

export interface SourceHealthStore {
  figures(origin: string, window: FigureWindow): SourceFigures;
  graphReads(channel: string): GraphReadFigures;
  stagesBack(channel: string, window: FigureWindow): StagesBackFigures;
  raisedAlerts(origin?: string): RaisedAlert[];
  /** Managers whose accounts are not disabled: who the alerts go to. */
  managers(): ManagerAddress[];
  /**
   * Reads the source's raised alerts, lets `decide` say what changes, and writes the changes and
   * their messages, all in one write transaction: two instances on the file never both alert.
   */
  settle(
    origin: string,
    now: number,
    decide: (raised: RaisedAlert[]) => AlertChange[],
  ): AlertChange[];
}

interface AlertRow {
  origin: string;
  condition: SourceCondition;
  raised_at: number;
  reason: string;
}

const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** The figures of a platform's stages in the outbox, as the Sources screen shows them. */
function stagesBackFigures(
  db: Database.Database,
): (channel: string, window: FigureWindow) => StagesBackFigures {
  // Sent stages are counted for the week only; the pending ones whatever their age. The error
  // shown is the oldest waiting stage's (the one being tried: a lead's later stages only wait
  // for it), or else the last one given up.
  const stages = db.prepare<
    { channel: string; todayStart: number; weekStart: number },
    { today: number | null; week: number | null; waiting: number | null; since: number | null }
  >(`
    SELECT SUM(status = 'sent' AND sent_at >= @todayStart) AS today,
      SUM(status = 'sent') AS week, SUM(status = 'pending') AS waiting,
      MIN(CASE WHEN status = 'pending' AND last_error IS NOT NULL THEN queued_at END) AS since
    FROM deliveries
    WHERE channel = @channel AND (status = 'pending' OR sent_at >= @weekStart
      OR (status = 'dead' AND queued_at >= @weekStart))`);
  const lastStageError = db.prepare<{ channel: string; weekStart: number }, { error: string }>(`
    SELECT last_error AS error FROM deliveries
    WHERE channel = @channel AND last_error IS NOT NULL
      AND (status = 'pending' OR (status = 'dead' AND queued_at >= @weekStart))
    ORDER BY status = 'pending' DESC, CASE status WHEN 'pending' THEN id ELSE -id END
    LIMIT 1`);
  return (channel, { todayStart, weekStart }) => {
    const row = stages.get({ channel, todayStart, weekStart });
    return {
      sentToday: row?.today ?? 0,
      sent7Days: row?.week ?? 0,
      waiting: row?.waiting ?? 0,
      failingSince: row?.since ?? undefined,
      lastError: lastStageError.get({ channel, weekStart })?.error,
    };
  };
}

export function createSourceHealthStore(
  db: Database.Database,
  queue: (message: NewMessage) => void,
): SourceHealthStore {
  // Spam (the site's honeypot) and test leads (Google's is_test) are not the source's leads.
  const leadFigures = db.prepare<
    { origin: string; todayStart: number; weekStart: number },
    { today: number | null; week: number; days: number }
  >(`
    SELECT SUM(received_at >= @todayStart) AS today, COUNT(*) AS week,
      COUNT(DISTINCT (received_at + ${IST_OFFSET_MS}) / ${DAY_MS}) AS days
    FROM leads
    WHERE origin = @origin AND received_at >= @weekStart AND status NOT IN ('test', 'spam')`);
  const lastLead = db.prepare<[string], { at: number | null }>(`
    SELECT MAX(received_at) AS at FROM leads WHERE origin = ? AND status NOT IN ('test', 'spam')`);
  const refusals = db.prepare<
    { source: string; dayAgo: number; weekAgo: number },
    { day: number | null; week: number }
  >(`
    SELECT SUM(at >= @dayAgo) AS day, COUNT(*) AS week
    FROM intake_refusals WHERE source = @source AND at >= @weekAgo`);
  const refusedSince = db.prepare<[string, number], { count: number }>(`
    SELECT COUNT(*) AS count FROM (
      SELECT 1 FROM intake_refusals WHERE source = ? AND at > ? LIMIT 3)`);
  const lastRefusal = db.prepare<[string], { status: number; reason: string }>(`
    SELECT status, reason FROM intake_refusals WHERE source = ? ORDER BY at DESC LIMIT 1`);
  const graph = db.prepare<[string], { failing: number; since: number | null }>(`
    SELECT COUNT(*) AS failing, MIN(queued_at) AS since FROM deliveries
    WHERE channel = ? AND status = 'pending' AND last_error IS NOT NULL`);
  const graphDead = db.prepare<[string], { count: number }>(
    `SELECT COUNT(*) AS count FROM deliveries WHERE channel = ? AND status = 'dead'`,
  );
  const alerts = db.prepare<[], AlertRow>(
    `SELECT origin, condition, raised_at, reason FROM source_alerts ORDER BY origin, condition`,
  );
  const alertsOf = db.prepare<[string], AlertRow>(
    `SELECT origin, condition, raised_at, reason FROM source_alerts WHERE origin = ?`,
  );
  const raise = db.prepare<[string, string, number, string]>(
    `INSERT INTO source_alerts (origin, condition, raised_at, reason) VALUES (?, ?, ?, ?)`,
  );
  const end = db.prepare<[string, string]>(
    `DELETE FROM source_alerts WHERE origin = ? AND condition = ?`,
  );
  const managers = db.prepare<[], ManagerAddress>(`
    SELECT name, email AS address FROM desk_users
    WHERE role = 'manager' AND disabled_at IS NULL ORDER BY id`);

  const toAlert = (row: AlertRow): RaisedAlert => ({
    origin: row.origin,
    condition: row.condition,
    raisedAt: row.raised_at,
    reason: row.reason,
  });

  const settle = db.transaction(
    (origin: string, decide: (raised: RaisedAlert[]) => AlertChange[], now: number) => {
      const changes = decide(alertsOf.all(origin).map(toAlert));
      for (const change of changes) {
        if (change.raise) raise.run(origin, change.condition, now, change.raise.reason);
        else end.run(origin, change.condition);
        queue(change.message);
      }
      return changes;
    },
  );

  return {
    figures(origin, { now, todayStart, weekStart }) {
      const leads = leadFigures.get({ origin, todayStart, weekStart });
      const last = lastLead.get(origin)?.at ?? undefined;
      const refused = refusals.get({
        source: origin,
        dayAgo: now - 24 * HOUR_MS,
        weekAgo: now - 7 * DAY_MS,
      });
      return {
        leadsToday: leads?.today ?? 0,
        leads7Days: leads?.week ?? 0,
        daysWithLeads: leads?.days ?? 0,
        lastLeadAt: last,
        refused24Hours: refused?.day ?? 0,
        refused7Days: refused?.week ?? 0,
        refusedInARow: refusedSince.get(origin, last ?? Number.MIN_SAFE_INTEGER)?.count ?? 0,
        lastRefusal: lastRefusal.get(origin),
      };
    },
    graphReads(channel) {
      const row = graph.get(channel);
      return {
        failing: row?.failing ?? 0,
        failingSince: row?.since ?? undefined,
        givenUp: graphDead.get(channel)?.count ?? 0,
      };
    },
    stagesBack: stagesBackFigures(db),
    raisedAlerts: (origin) =>
      (origin === undefined ? alerts.all() : alertsOf.all(origin)).map(toAlert),
    managers: () => managers.all(),
    settle: (origin, now, decide) => settle.immediate(origin, decide, now),
  };
}
