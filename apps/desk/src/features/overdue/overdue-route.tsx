import { mobileOrProblem } from '@iconia/shared';
import { Link, useLoaderData, useRevalidator, type LoaderFunctionArgs } from 'react-router';
import { ui } from '../../components/ui.ts';
import { api } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useLiveEvent } from '../../lib/live-events.tsx';
import type { OverdueAnswer } from '../../lib/types.ts';
import styles from './overdue.module.css';

export async function loader({ request }: LoaderFunctionArgs): Promise<OverdueAnswer> {
  return api<OverdueAnswer>('/routing/overdue', { signal: request.signal });
}

const late = (minutes: number) => `${minutes} working minute${minutes === 1 ? '' : 's'} late`;

/**
 * Overdue now, for managers: every buyer past their first-call target, whoever holds them, the
 * latest first. The managers' alert emails link here. A call, a WhatsApp or a stage change
 * logged in the desk takes a buyer off the list.
 */
export function Component() {
  const { buyers } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  // A call logged elsewhere, or a buyer moved on, shows here as it happens.
  useLiveEvent('lead-changed', () => void revalidator.revalidate());
  return (
    <>
      <h1>Overdue now</h1>
      <p>
        Buyers whose first call is past its target, with who holds them now and how many working
        minutes late they are since their first target. A call or WhatsApp logged in the desk, or a
        stage change, takes a buyer off this list.
      </p>
      <section className={ui.card} aria-labelledby="overdue-list">
        <h2 id="overdue-list">Not called in time ({buyers.length})</h2>
        {buyers.length === 0 ? (
          <p className={ui.muted}>Every buyer has been called within the target.</p>
        ) : (
          <ul className={styles.list} aria-labelledby="overdue-list">
            {buyers.map(({ lead, holder, dueAt, workingMinutesLate }) => (
              <li key={lead.buyerId} className={styles.row}>
                <Link to={`/leads/${lead.id}`} className={styles.name}>
                  {lead.name}
                </Link>
                <span className={styles.late}>{late(workingMinutesLate)}</span>
                <p className={styles.meta}>
                  <span>With {holder.name}</span>
                  <span>{mobileOrProblem(lead.mobile, lead.problems)}</span>
                  <span>
                    Was due <time dateTime={dueAt}>{formatDateTime(dueAt)}</time>
                  </span>
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
