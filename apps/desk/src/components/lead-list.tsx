import { Link } from 'react-router';
import { mobileOrProblem } from '@iconia/shared';
import { formatAge, formatDateTime, formatDay } from '../lib/format.ts';
import { campaignLabel, enquirySourceLabel, plotAndPlace, STAGE_LABELS } from '../lib/labels.ts';
import type { LeadRow } from '../lib/types.ts';
import { useNow } from '../lib/use-now.ts';
import styles from './lead-list.module.css';

interface LeadListProps {
  leads: readonly LeadRow[];
  /** What to say when there is nothing to show. */
  empty: string;
  /** Leads that arrived while the page was open, marked so the eye finds them. */
  fresh?: ReadonlySet<number>;
  /** Show the follow-up time on each row (the Today lists). */
  showFollowUp?: boolean;
  label: string;
}

/**
 * Buyers as rows a thumb can tap: name, mobile, what they want (the newest plot range, location
 * and message of any of their enquiries), form and age of their latest enquiry (and how many
 * they sent), the campaigns that brought them, owner and stage.
 */
export function LeadList({ leads, empty, fresh, showFollowUp, label }: LeadListProps) {
  const now = useNow();
  if (leads.length === 0) return <p className={styles.empty}>{empty}</p>;
  return (
    <ul className={styles.list} aria-label={label}>
      {leads.map((lead) => (
        <li
          key={lead.buyerId}
          className={`${styles.row} ${fresh?.has(lead.id) ? styles.fresh : ''}`}
        >
          <div className={styles.top}>
            <Link to={`/leads/${lead.id}`} className={styles.name}>
              {lead.erased ? 'Erased lead' : lead.name}
            </Link>
            <span className={styles.badges}>
              {lead.held ? (
                <span className={styles.held} title="Over the limit for one address; not emailed">
                  Held
                </span>
              ) : null}
              {lead.whatsappWaiting > 0 ? (
                <span className={styles.waiting}>
                  <span aria-hidden="true">WhatsApp {lead.whatsappWaiting}</span>
                  <span className="visually-hidden">
                    {lead.whatsappWaiting === 1
                      ? '1 WhatsApp message waiting for a reply'
                      : `${lead.whatsappWaiting} WhatsApp messages waiting for a reply`}
                  </span>
                </span>
              ) : null}
              <span className={styles.stage} data-stage={lead.stage}>
                {STAGE_LABELS[lead.stage]}
              </span>
            </span>
          </div>
          <p className={styles.meta}>
            <span>{lead.erased ? '—' : mobileOrProblem(lead.mobile, lead.problems)}</span>
            {plotAndPlace(lead.buyerSaid) || !lead.buyerSaid.message ? (
              <span>{plotAndPlace(lead.buyerSaid) || 'No plot range or location'}</span>
            ) : null}
          </p>
          {lead.buyerSaid.message ? (
            <p className={styles.message}>“{lead.buyerSaid.message}”</p>
          ) : null}
          <p className={styles.meta}>
            <span>
              {enquirySourceLabel(lead)}
              {lead.enquiries > 1 ? ` · ${lead.enquiries} enquiries` : ''}
            </span>
            {lead.buyerSaid.campaigns.length > 0 ? (
              <span>
                {lead.buyerSaid.campaigns.length > 1 ? 'Campaigns' : 'Campaign'}:{' '}
                {lead.buyerSaid.campaigns.map(campaignLabel).join(', ')}
              </span>
            ) : null}
            <time dateTime={lead.receivedAt} title={formatDateTime(lead.receivedAt)}>
              {formatAge(lead.receivedAt, now)}
            </time>
            <span>{lead.owner ? `Owner: ${lead.owner.name}` : 'Unassigned'}</span>
            {lead.brokerClaim ? (
              <span>
                Broker: {lead.brokerClaim.firm}
                {lead.brokerClaim.proven
                  ? ', proven'
                  : `, until ${formatDay(lead.brokerClaim.until)}`}
              </span>
            ) : null}
            {showFollowUp && lead.followUpAt ? (
              <span>Follow up {formatDateTime(lead.followUpAt)}</span>
            ) : null}
          </p>
        </li>
      ))}
    </ul>
  );
}
