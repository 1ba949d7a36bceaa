import {
  isLeadSource,
  type LeadSource,
  type ResponseFigures,
  type ResponseReport,
} from '@iconia/shared';
import { workingMinutesBetween, type WorkingHours } from '../routing/index.ts';

/** Nearest-rank percentile of sorted values, one decimal. */
export function percentile(sorted: readonly number[], fraction: number): number {
  const index = Math.max(0, Math.ceil(fraction * sorted.length) - 1);
  return Math.round((sorted[index] ?? 0) * 10) / 10;
}

/** One row of buyer_assignments with what the report groups it by; ordered by buyer, then id. */
export interface AssignmentRecord {
  buyerId: number;
  userId: number;
  userName: string;
  reason: string;
  assignedAt: number;
  /** Null for a hand-over nobody is timed on (a manager's own choice). */
  dueAt: number | null;
  answeredAt: number | null;
  /** Of the enquiry that started it; null once that lead is gone. */
  origin: string | null;
  source: string | null;
  receivedAt: number | null;
}

export interface ResponseSettings {
  targetMinutes: number;
  hours: WorkingHours;
}

/** One timing towards a row: answered after `minutes`, or not (yet). */
interface Timing {
  minutes: number | null;
  withinTarget: boolean;
  /** Answered, or past its target: it counts towards the share within the target. */
  decided: boolean;
  reassigned: boolean;
}

function figures(timings: readonly Timing[]): ResponseFigures {
  const minutes = timings
    .flatMap((timing) => (timing.minutes === null ? [] : [timing.minutes]))
    .sort((a, b) => a - b);
  const decided = timings.filter((timing) => timing.decided);
  return {
    buyers: timings.length,
    answered: minutes.length,
    medianMinutes: minutes.length === 0 ? null : percentile(minutes, 0.5),
    p90Minutes: minutes.length === 0 ? null : percentile(minutes, 0.9),
    withinTargetPercent:
      decided.length === 0
        ? null
        : Math.round(
            (100 * decided.filter((timing) => timing.withinTarget).length) / decided.length,
          ),
    reassigned: timings.filter((timing) => timing.reassigned).length,
  };
}

/**
 * A buyer's enquiry and the hand-overs it took: the first assignment, then each reassignment of
 * it. Any other hand-over (a new enquiry, a manager's choice) starts a new chain.
 */
function chainsOf(records: readonly AssignmentRecord[]): AssignmentRecord[][] {
  const chains: AssignmentRecord[][] = [];
  let current: AssignmentRecord[] | undefined;
  for (const record of records) {
    if (current?.[0]?.buyerId === record.buyerId && record.reason === 'reassigned') {
      current.push(record);
    } else {
      current = [record];
      chains.push(current);
    }
  }
  return chains;
}

function grouped<K, R>(
  entries: ReadonlyArray<[K, Timing]>,
  row: (key: K, timings: Timing[]) => R,
): R[] {
  const groups = new Map<K, Timing[]>();
  for (const [key, timing] of entries) groups.set(key, [...(groups.get(key) ?? []), timing]);
  return [...groups].map(([key, timings]) => row(key, timings));
}

/**
 * Speed to lead over the enquiries first assigned from `since`: per agent, timed from their own
 * assignment against its due time; per origin and per form, timed from the enquiry's arrival
 * (waiting for someone on duty counts) against the target. Minutes are working minutes.
 */
export function buildResponseReport(
  records: readonly AssignmentRecord[],
  settings: ResponseSettings,
  since: number,
  now: number,
): ResponseReport {
  const { targetMinutes, hours } = settings;
  const chains = chainsOf(records).filter(
    ([first]) => first !== undefined && first.dueAt !== null && first.assignedAt >= since,
  );

  const perAgent: Array<[number, Timing]> = [];
  const names = new Map<number, string>();
  const perEnquiry: Array<[AssignmentRecord, Timing]> = [];
  for (const chain of chains) {
    chain.forEach((assignment, index) => {
      names.set(assignment.userId, assignment.userName);
      const movedOn = index < chain.length - 1;
      const dueAt = assignment.dueAt ?? assignment.assignedAt + targetMinutes * 60_000;
      const answeredAt = assignment.answeredAt;
      perAgent.push([
        assignment.userId,
        {
          minutes:
            answeredAt === null
              ? null
              : workingMinutesBetween(assignment.assignedAt, answeredAt, hours),
          withinTarget: answeredAt !== null && answeredAt <= dueAt,
          decided: answeredAt !== null || movedOn || now >= dueAt,
          reassigned: movedOn,
        },
      ]);
    });
    const first = chain[0] as AssignmentRecord;
    const start = first.receivedAt ?? first.assignedAt;
    const answeredAt = chain.find((assignment) => assignment.answeredAt !== null)?.answeredAt;
    const minutes =
      answeredAt === undefined || answeredAt === null
        ? null
        : workingMinutesBetween(start, answeredAt, hours);
    perEnquiry.push([
      first,
      {
        minutes,
        withinTarget: minutes !== null && minutes <= targetMinutes,
        decided: minutes !== null || workingMinutesBetween(start, now, hours) > targetMinutes,
        reassigned: chain.length > 1,
      },
    ]);
  }

  const known = perEnquiry.filter(([first]) => first.origin !== null);
  const byAgent = grouped(perAgent, (id, timings) => ({
    user: { id, name: names.get(id) ?? '' },
    ...figures(timings),
  })).sort((a, b) => a.user.name.localeCompare(b.user.name) || a.user.id - b.user.id);
  const byOrigin = grouped(
    known.map(([first, timing]): [string, Timing] => [first.origin ?? '', timing]),
    (origin, timings) => ({ origin, ...figures(timings) }),
  ).sort((a, b) => a.origin.localeCompare(b.origin));
  const bySource = grouped(
    known.map(([first, timing]): [LeadSource | null, Timing] => [
      first.source !== null && isLeadSource(first.source) ? first.source : null,
      timing,
    ]),
    (source, timings) => ({ source, ...figures(timings) }),
  ).sort((a, b) => (a.source ?? '\uffff').localeCompare(b.source ?? '\uffff'));

  return { targetMinutes, byAgent, byOrigin, bySource };
}
