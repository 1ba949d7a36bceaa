import { isLeadSource, type DeskReport, type ReportDays } from '@iconia/shared';
import { addDays, indiaDay, indiaDayStart } from '../format/india-day.ts';
import {
  DEFAULT_TARGET_MINUTES,
  DEFAULT_WORKING_HOURS,
  workingMinutesBetween,
} from '../routing/index.ts';
import type { ReportStore } from './report-store.ts';
import type { VisitReportRow } from './report-queries.ts';
import { buildResponseReport, percentile } from './response-report.ts';
import { STAGE_RANK, STAGES, type Person, type Stage } from '../desk/desk-types.ts';

/** The figures behind the Reports screen, over the last `days` India days including today. */
export function buildReports(
  store: Pick<ReportStore, 'reportRows'>,
  days: ReportDays,
  now: number,
): DeskReport {
  const firstDay = addDays(indiaDay(now), -(days - 1));
  const rows = store.reportRows(indiaDayStart(firstDay));

  const perDay = rows.perDay.map((row) => ({
    day: indiaDay(row.day_number * 86_400_000),
    origin: row.origin,
    form: isLeadSource(row.source) ? row.source : null,
    count: row.count,
  }));

  const byCampaign = rows.byCampaign.map((row) => ({
    origin: row.origin,
    utmSource: row.utm_source,
    utmCampaign: row.utm_campaign,
    leads: row.leads,
    siteVisits: row.site_visits,
    bookings: row.bookings,
  }));

  // A lead counts at every stage up to the furthest it reached, even if it was lost later.
  const funnel = STAGES.map((stage: Stage) => ({
    stage,
    count: rows.furthest
      .filter((row) => (stage === 'lost' ? row.lost === 1 : row.rank >= STAGE_RANK[stage]))
      .reduce((sum, row) => sum + row.count, 0),
  }));

  const settings = rows.responseSettings;
  // Both first-contact times and speed to lead count working minutes, on the same clock.
  const hours = settings
    ? { startMinute: settings.start_minute, endMinute: settings.end_minute }
    : DEFAULT_WORKING_HOURS;

  const byPerson = new Map<number, { user: Person; minutes: number[] }>();
  for (const row of rows.firstContacts) {
    const entry = byPerson.get(row.user_id) ?? {
      user: { id: row.user_id, name: row.user_name },
      minutes: [],
    };
    entry.minutes.push(workingMinutesBetween(row.received_at, row.first_contact_at, hours));
    byPerson.set(row.user_id, entry);
  }
  const firstContact = [...byPerson.values()].map(({ user, minutes }) => {
    const sorted = minutes.sort((a, b) => a - b);
    return {
      user,
      leads: sorted.length,
      medianMinutes: percentile(sorted, 0.5),
      p90Minutes: percentile(sorted, 0.9),
    };
  });

  const bookingsByAgent = rows.bookingsByAgent.map((row) => ({
    user: { id: row.user_id, name: row.user_name },
    bookings: row.bookings,
  }));

  const response = buildResponseReport(
    rows.assignments.map((row) => ({
      buyerId: row.buyer_id,
      userId: row.user_id,
      userName: row.user_name,
      reason: row.reason,
      assignedAt: row.assigned_at,
      dueAt: row.due_at,
      answeredAt: row.answered_at,
      origin: row.origin,
      source: row.source,
      receivedAt: row.received_at,
    })),
    { targetMinutes: settings?.target_minutes ?? DEFAULT_TARGET_MINUTES, hours },
    indiaDayStart(firstDay),
    now,
  );

  const visits = visitReports(rows.visits);

  return {
    days,
    perDay,
    byCampaign,
    funnel,
    firstContact,
    bookingsByAgent,
    response,
    ...visits,
  };
}

interface VisitCounts {
  booked: number;
  visited: number;
  noShows: number;
  cancelled: number;
}

/**
 * The visits booked in the period three ways (by campaign, origin and agent), added up from the
 * same rows so that each way counts every visit once and the totals always agree.
 */
function visitReports(rows: readonly VisitReportRow[]) {
  /** Most booked first; a tie in the order of `nameOf`. */
  function tally<Label>(
    nameOf: (row: VisitReportRow) => string,
    labelOf: (row: VisitReportRow) => Label,
  ) {
    const groups = new Map<string, Label & VisitCounts & { name: string }>();
    for (const row of rows) {
      const key = nameOf(row);
      const group = groups.get(key) ?? {
        ...labelOf(row),
        name: key,
        booked: 0,
        visited: 0,
        noShows: 0,
        cancelled: 0,
      };
      group.booked += row.booked;
      group.visited += row.visited;
      group.noShows += row.no_shows;
      group.cancelled += row.cancelled;
      groups.set(key, group);
    }
    return [...groups.values()]
      .sort((a, b) => b.booked - a.booked || a.name.localeCompare(b.name))
      .map(({ name: _name, ...group }) => group);
  }
  return {
    visitsByCampaign: tally(
      (row) => JSON.stringify([row.origin, row.utm_source, row.utm_campaign]),
      (row) => ({ origin: row.origin, utmSource: row.utm_source, utmCampaign: row.utm_campaign }),
    ),
    visitsByOrigin: tally(
      (row) => JSON.stringify([row.origin]),
      (row) => ({ origin: row.origin }),
    ),
    visitsByAgent: tally(
      (row) => `${row.user_name}\u0000${row.user_id}`,
      (row) => ({ user: { id: row.user_id, name: row.user_name } }),
    ),
  };
}
