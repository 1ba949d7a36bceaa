import record from '../../components/record.module.css';
import { TimeLeft } from '../../components/time-left.tsx';
import { formatShortDateTime } from '../../lib/format.ts';
import { campaignLabel, enquirySourceLabel } from '../../lib/labels.ts';
import type { LeadDetail, LeadView } from '../../lib/types.ts';
import styles from './lead.module.css';

/** More enquiries than this are counted, not listed: the call comes first. */
const ENQUIRIES_LISTED = 3;

function cameFrom(lead: LeadDetail): string {
  const source = enquirySourceLabel(lead);
  return lead.origin === 'site' ? `Website, ${source}` : source;
}

/**
 * What one enquiry asked for, in their words where they wrote any, and its campaign. The form it
 * came through, named above it, says whether they asked for the brochure or a call back.
 */
function saidIn(lead: LeadDetail): [string, string][] {
  const rows: [string, string | null][] = [
    ['Plot range', lead.plotRange],
    ['Location', lead.location],
    ['Message', lead.message],
    ...lead.answers.map(({ question, answer }): [string, string] => [question, answer]),
    ['Campaign', campaignLabel(lead)],
  ];
  return rows.filter((row): row is [string, string] => Boolean(row[1]));
}

/**
 * The first thing on a buyer's page, for the agent about to call: how long they have, and what
 * each of the buyer's enquiries said and where it came from, newest first. It reads the same
 * whichever enquiry the page was opened from.
 */
export function BuyerSummary({
  enquiries,
  responseTarget,
}: Pick<LeadView, 'enquiries' | 'responseTarget'>) {
  const newestFirst = [...enquiries].reverse();
  const unlisted = newestFirst.length - ENQUIRIES_LISTED;
  return (
    <section className={styles.summary} aria-labelledby="before-the-call">
      <h2 id="before-the-call" className={styles.summaryHeading}>
        Before you call
      </h2>
      {responseTarget ? (
        <dl className={record.facts}>
          <div className={record.pair}>
            <dt>First answer</dt>
            <dd>
              <TimeLeft minutes={responseTarget.workingMinutesLeft} /> (due{' '}
              <time dateTime={responseTarget.dueAt}>
                {formatShortDateTime(responseTarget.dueAt)}
              </time>
              )
            </dd>
          </div>
        </dl>
      ) : null}
      <ol className={styles.said} aria-label="What they sent, newest first">
        {newestFirst.slice(0, ENQUIRIES_LISTED).map((enquiry) => {
          const said = saidIn(enquiry);
          return (
            <li key={enquiry.id}>
              <h3 className={styles.saidHeading}>
                {cameFrom(enquiry)} ·{' '}
                <time dateTime={enquiry.receivedAt}>{formatShortDateTime(enquiry.receivedAt)}</time>
              </h3>
              {said.length > 0 ? (
                <dl className={record.facts}>
                  {said.map(([label, value], index) => (
                    <div key={index} className={record.pair}>
                      <dt>{label}</dt>
                      <dd>{value}</dd>
                    </div>
                  ))}
                </dl>
              ) : null}
            </li>
          );
        })}
      </ol>
      {unlisted > 0 ? (
        <p className={styles.saidMore}>
          {unlisted === 1 ? '1 older enquiry' : `${unlisted} older enquiries`} under Enquiries
        </p>
      ) : null}
    </section>
  );
}
