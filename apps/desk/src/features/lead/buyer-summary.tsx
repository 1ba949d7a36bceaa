import record from '../../components/record.module.css';
import { TimeLeft } from '../../components/time-left.tsx';
import { formatShortDateTime } from '../../lib/format.ts';
import { enquirySourceLabel } from '../../lib/labels.ts';
import type { LeadDetail, LeadView } from '../../lib/types.ts';
import styles from './lead.module.css';

/** More than this many other enquiries are counted, not listed: the call comes first. */
const OTHERS_LISTED = 3;

const WANTED: Record<LeadDetail['kind'], string> = {
  brochure: 'The brochure',
  contact: 'A call back',
  enquiry: 'An enquiry',
};

function cameFrom(lead: LeadDetail): string {
  const source = enquirySourceLabel(lead);
  return lead.origin === 'site' ? `Website, ${source}` : source;
}

/** What they asked for, in their words where they wrote any. */
function askedFor(lead: LeadDetail): [string, string][] {
  const rows: [string, string | null][] = [
    ['Wants', WANTED[lead.kind]],
    ['Plot range', lead.plotRange],
    ['Location', lead.location],
    ['Message', lead.message],
    ...lead.answers.map(({ question, answer }): [string, string] => [question, answer]),
  ];
  return rows.filter((row): row is [string, string] => Boolean(row[1]));
}

/**
 * The first thing on a buyer's page, for the agent about to call: how long they have, what the
 * buyer asked for, where they came from, and what else they sent.
 */
export function BuyerSummary({
  lead,
  enquiries,
  responseTarget,
}: Pick<LeadView, 'lead' | 'enquiries' | 'responseTarget'>) {
  const others = enquiries.filter((enquiry) => enquiry.id !== lead.id).reverse();
  const campaign = [lead.utmSource, lead.utmCampaign].filter(Boolean).join(' / ');
  return (
    <section className={styles.summary} aria-labelledby="before-the-call">
      <h2 id="before-the-call" className={styles.summaryHeading}>
        Before you call
      </h2>
      <dl className={record.facts}>
        {responseTarget ? (
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
        ) : null}
        {askedFor(lead).map(([label, value], index) => (
          <div key={index} className={record.pair}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
        <div className={record.pair}>
          <dt>Came from</dt>
          <dd>{cameFrom(lead)}</dd>
        </div>
        <div className={record.pair}>
          <dt>Campaign</dt>
          <dd>{campaign || 'None recorded'}</dd>
        </div>
        <div className={record.pair}>
          <dt>Other enquiries</dt>
          <dd>
            {others.length === 0 ? (
              'None'
            ) : (
              <ul className={styles.others}>
                {others.slice(0, OTHERS_LISTED).map((enquiry) => (
                  <li key={enquiry.id}>
                    {enquirySourceLabel(enquiry)}
                    {enquiry.plotRange ? `, ${enquiry.plotRange}` : ''},{' '}
                    <time dateTime={enquiry.receivedAt}>
                      {formatShortDateTime(enquiry.receivedAt)}
                    </time>
                  </li>
                ))}
                {others.length > OTHERS_LISTED ? (
                  <li>{others.length - OTHERS_LISTED} more under Enquiries</li>
                ) : null}
              </ul>
            )}
          </dd>
        </div>
      </dl>
    </section>
  );
}
