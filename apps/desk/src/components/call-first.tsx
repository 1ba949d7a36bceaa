import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { mobileOrProblem } from '@iconia/shared';
import { api } from '../lib/api.ts';
import { formatDateTime } from '../lib/format.ts';
import { plotAndPlace } from '../lib/labels.ts';
import type { UnansweredAnswer, UnansweredBuyer } from '../lib/types.ts';
import styles from './call-first.module.css';
import { TimeLeft } from './time-left.tsx';

/** How often the list and its time left are read again while the page is open. */
const REFRESH_MS = 30_000;

const REASON_LABELS: Record<UnansweredBuyer['reason'], string> = {
  new: 'New buyer',
  returning: 'Enquired again',
  on_duty: 'Waited for someone on duty',
  reassigned: 'Reassigned to you',
  manual: 'Given to you',
};

/** The signed-in person's own unanswered buyers, the soonest due first. */
export function unansweredLoader(signal: AbortSignal): Promise<UnansweredAnswer> {
  return api<UnansweredAnswer>('/routing/unanswered', { signal });
}

/**
 * "Call these first": the buyers handed to the signed-in person that nobody has called yet, with
 * the working minutes left to the first-response target. Nothing shows when there are none.
 */
export function CallFirst({ initial }: { initial: UnansweredBuyer[] }) {
  // A refresh belongs to the list it refreshed: a new load of the page starts from its own.
  const [refreshed, setRefreshed] = useState<{
    of: UnansweredBuyer[];
    buyers: UnansweredBuyer[];
  }>();
  const buyers = refreshed?.of === initial ? refreshed.buyers : initial;
  useEffect(() => {
    const controller = new AbortController();
    const timer = window.setInterval(() => {
      unansweredLoader(controller.signal).then(
        (answer) => setRefreshed({ of: initial, buyers: answer.buyers }),
        // A failed refresh keeps the list it has; the page's own loads report problems.
        () => undefined,
      );
    }, REFRESH_MS);
    return () => {
      window.clearInterval(timer);
      controller.abort();
    };
  }, [initial]);

  if (buyers.length === 0) return null;
  return (
    <section className={styles.box} aria-labelledby="call-first">
      <h2 id="call-first">Call these first ({buyers.length})</h2>
      <p className={styles.intro}>
        New buyers given to you. A call or WhatsApp from the desk, or a stage change, stops the
        clock.
      </p>
      <ul className={styles.list} aria-label="Call these first">
        {buyers.map(({ lead, reason, dueAt, workingMinutesLeft }) => (
          <li key={lead.buyerId} className={styles.row}>
            <Link to={`/leads/${lead.id}`} className={styles.name}>
              {lead.name}
            </Link>
            <TimeLeft minutes={workingMinutesLeft} />
            <p className={styles.meta}>
              <span>{mobileOrProblem(lead.mobile, lead.problems)}</span>
              <span>
                {plotAndPlace(lead.buyerSaid) ||
                  lead.buyerSaid.message ||
                  'No plot range or location'}
              </span>
              <span>{REASON_LABELS[reason]}</span>
              {dueAt ? (
                <span>
                  Due <time dateTime={dueAt}>{formatDateTime(dueAt)}</time>
                </span>
              ) : null}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
