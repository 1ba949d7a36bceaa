import { Link, useFetcher, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { formatSlotTime, formatVisitDate, VISIT_STATUS_LABELS, type Visit } from '@iconia/shared';
import { ErrorText, Notice } from '../../components/status.tsx';
import { buttonClass, ui } from '../../components/ui.ts';
import { useUser } from '../../lib/session.ts';
import type { VisitActionResult } from './visit-action.ts';
import { addDays, indiaToday } from './visit-days.ts';
import { checkInText, partyText } from './visit-facts.tsx';
import { visitRequests } from './visit-requests.ts';
import styles from './visits.module.css';
import { useResetOnSuccess } from '../../lib/use-reset-on-success.ts';

/** How many days the screen looks ahead, today included. */
const DAYS_AHEAD = 14;

export interface VisitsData {
  today: string;
  visits: Visit[];
}

export async function visitsLoader({ request }: LoaderFunctionArgs): Promise<VisitsData> {
  const today = indiaToday();
  const { visits } = await visitRequests.between(
    today,
    addDays(today, DAYS_AHEAD - 1),
    request.signal,
  );
  return { today, visits: visits.filter((visit) => visit.status !== 'cancelled') };
}

/** Visits grouped by a key, in the order they come (the API sorts by start). */
function groupBy(visits: readonly Visit[], key: (visit: Visit) => string): [string, Visit[]][] {
  const groups = new Map<string, Visit[]>();
  for (const visit of visits) {
    const name = key(visit);
    groups.set(name, [...(groups.get(name) ?? []), visit]);
  }
  return [...groups];
}

/**
 * Today's and the coming two weeks' visits by slot. At the site any agent checks a visitor in
 * (or marks them absent), then writes what came of the visit, which makes it done.
 */
export function VisitsPage() {
  const { today, visits } = useLoaderData<typeof visitsLoader>();
  const user = useUser();
  const todays = visits.filter((visit) => visit.date === today);
  const later = groupBy(
    visits.filter((visit) => visit.date !== today),
    (visit) => visit.date,
  );

  return (
    <>
      <h1>Site visits</h1>
      {user.role === 'manager' ? (
        <p>
          <Link to="/visits/slots">Visit slots and capacity</Link>
        </p>
      ) : null}
      <section className={ui.card} aria-labelledby="visits-today">
        <h2 id="visits-today">Today, {formatVisitDate(today)}</h2>
        {todays.length === 0 ? <p className={ui.muted}>No visits today.</p> : null}
        <Slots visits={todays} today={today} level={3} />
      </section>
      <section className={ui.card} aria-labelledby="visits-upcoming">
        <h2 id="visits-upcoming">Upcoming</h2>
        {later.length === 0 ? (
          <p className={ui.muted}>No visits booked for the next {DAYS_AHEAD - 1} days.</p>
        ) : null}
        {later.map(([day, dayVisits]) => (
          <section key={day} aria-labelledby={`day-${day}`}>
            <h3 id={`day-${day}`}>{formatVisitDate(day)}</h3>
            <Slots visits={dayVisits} today={today} level={4} />
          </section>
        ))}
      </section>
    </>
  );
}

function Slots({
  visits,
  today,
  level,
}: {
  visits: readonly Visit[];
  today: string;
  level: 3 | 4;
}) {
  const Heading = level === 3 ? 'h3' : 'h4';
  return groupBy(visits, (visit) => visit.time).map(([time, slotVisits]) => {
    const heading = `slot-${slotVisits[0]?.date ?? ''}-${time}`;
    const people = slotVisits.reduce((sum, visit) => sum + visit.people, 0);
    return (
      <div key={time} className={styles.slot}>
        <Heading id={heading} className={styles.slotHeading}>
          {formatSlotTime(time)} ·{' '}
          {slotVisits.length === 1 ? '1 visit' : `${slotVisits.length} visits`},{' '}
          {people === 1 ? '1 person' : `${people} people`}
        </Heading>
        <ul className={styles.list} aria-labelledby={heading}>
          {slotVisits.map((visit) => (
            <VisitItem key={visit.id} visit={visit} today={today} />
          ))}
        </ul>
      </div>
    );
  });
}

function VisitItem({ visit, today }: { visit: Visit; today: string }) {
  const name = visit.name || 'Erased buyer';
  return (
    <li className={styles.item}>
      <p className={styles.name}>
        <Link to={`/leads/${visit.leadId}`}>{name}</Link>
      </p>
      <p>
        {partyText(visit)} · {VISIT_STATUS_LABELS[visit.status]} ·{' '}
        {visit.owner ? `Owner: ${visit.owner.name}` : 'Unassigned'}
      </p>
      {visit.notes ? <p className={ui.muted}>{visit.notes}</p> : null}
      {visit.checkIn ? <p className={ui.muted}>{checkInText(visit.checkIn)}</p> : null}
      {visit.outcome ? <p>Outcome: {visit.outcome.text}</p> : null}
      {visit.status === 'scheduled' && visit.date <= today ? (
        <CheckIn visit={visit} name={name} />
      ) : null}
      {visit.status === 'arrived' ? <Outcome visit={visit} /> : null}
    </li>
  );
}

function CheckIn({ visit, name }: { visit: Visit; name: string }) {
  const fetcher = useFetcher<VisitActionResult>({ key: `visit-check-in-${visit.id}` });
  const busy = fetcher.state !== 'idle';
  return (
    <fetcher.Form method="post" action="/visits">
      <input type="hidden" name="intent" value="check-in" />
      <input type="hidden" name="visitId" value={visit.id} />
      <div className={ui.actions}>
        <button
          type="submit"
          name="arrival"
          value="arrived"
          className={buttonClass()}
          disabled={busy}
        >
          Arrived <span className="visually-hidden">({name})</span>
        </button>
        <button
          type="submit"
          name="arrival"
          value="no_show"
          className={buttonClass('secondary')}
          disabled={busy}
        >
          No-show <span className="visually-hidden">({name})</span>
        </button>
      </div>
      <ErrorText>{fetcher.data?.error}</ErrorText>
    </fetcher.Form>
  );
}

function Outcome({ visit }: { visit: Visit }) {
  const fetcher = useFetcher<VisitActionResult>({ key: `visit-outcome-${visit.id}` });
  const busy = fetcher.state !== 'idle';
  const form = useResetOnSuccess(fetcher.data);
  const field = `outcome-${visit.id}`;
  return (
    <fetcher.Form method="post" action="/visits" ref={form}>
      <input type="hidden" name="intent" value="outcome" />
      <input type="hidden" name="visitId" value={visit.id} />
      <div className={ui.field}>
        <label htmlFor={field}>What came of the visit</label>
        <textarea id={field} name="outcome" required />
      </div>
      <button type="submit" className={buttonClass()} disabled={busy}>
        {busy ? 'Saving…' : 'Mark visit done'}
      </button>
      <ErrorText>{fetcher.data?.error}</ErrorText>
      <Notice>{fetcher.data?.message}</Notice>
    </fetcher.Form>
  );
}
