import { formatSlotTime, formatVisitDate, VISIT_STATUS_LABELS, type Visit } from '@iconia/shared';
import record from '../../components/record.module.css';
import { formatDateTime } from '../../lib/format.ts';
import styles from './visits.module.css';

/** "Sunday, 22 November 2026 at 11:30 AM", as the buyer's confirmation says it. */
export function visitWhen(visit: Pick<Visit, 'date' | 'time'>): string {
  return `${formatVisitDate(visit.date)} at ${formatSlotTime(visit.time)}`;
}

export function partyText(visit: Pick<Visit, 'people' | 'pickup'>): string {
  const people = visit.people === 1 ? '1 person' : `${visit.people} people`;
  return visit.pickup ? `${people}, pickup needed` : people;
}

/** Who checked the visitor in, or marked them absent, and when. */
export function checkInText(checkIn: NonNullable<Visit['checkIn']>): string {
  const what = checkIn.arrival === 'arrived' ? 'Arrived' : 'Did not come';
  return `${what}: recorded by ${checkIn.by.name}, ${formatDateTime(checkIn.at)}`;
}

/** One visit's facts: when, who and how many, its state and who recorded what. */
export function VisitFacts({ visit }: { visit: Visit }) {
  return (
    <dl className={`${record.facts} ${styles.facts}`}>
      <div className={record.pair}>
        <dt>When</dt>
        <dd>{visitWhen(visit)}</dd>
      </div>
      <div className={record.pair}>
        <dt>Coming</dt>
        <dd>{partyText(visit)}</dd>
      </div>
      <div className={record.pair}>
        <dt>Status</dt>
        <dd>{VISIT_STATUS_LABELS[visit.status]}</dd>
      </div>
      {visit.notes ? (
        <div className={record.pair}>
          <dt>Notes</dt>
          <dd>{visit.notes}</dd>
        </div>
      ) : null}
      {visit.checkIn ? (
        <div className={record.pair}>
          <dt>Check-in</dt>
          <dd>{checkInText(visit.checkIn)}</dd>
        </div>
      ) : null}
      {visit.outcome ? (
        <div className={record.pair}>
          <dt>Outcome</dt>
          <dd>{visit.outcome.text}</dd>
        </div>
      ) : null}
    </dl>
  );
}
