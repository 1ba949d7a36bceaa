import type { ReactNode } from 'react';
import { Link, useLoaderData } from 'react-router';
import { BuyerPlots } from '../../components/buyer-plots.tsx';
import record from '../../components/record.module.css';
import { ui } from '../../components/ui.ts';
import { formatDateTime } from '../../lib/format.ts';
import { enquirySourceLabel, STAGE_LABELS } from '../../lib/labels.ts';
import { useUser } from '../../lib/session.ts';
import { BuyerSummary } from './buyer-summary.tsx';
import { ContactButtons } from './contact-buttons.tsx';
import { FollowUpCard } from './follow-up-card.tsx';
import { LeadFields } from './lead-fields.tsx';
import type { leadLoader } from './lead-route.ts';
import { LeadTimeline } from './lead-timeline.tsx';
import styles from './lead.module.css';
import { MergeBuyerCard } from './merge-buyer.tsx';
import { NoteCard } from './note-card.tsx';
import { OwnerCard } from './owner-card.tsx';
import { StageCard } from './stage-card.tsx';

/** `children`: the cards other features add to the buyer page (composed in app/). */
export function LeadPage({ children }: { children?: ReactNode }) {
  const { lead, enquiries, timeline, people, plots, responseTarget } =
    useLoaderData<typeof leadLoader>();
  const user = useUser();
  const canWork = user.role === 'manager' || !lead.owner || lead.owner.id === user.id;
  // The first screen is the buyer's, whichever enquiry opened it: named as they last wrote, and
  // called on the newest number they gave.
  const newest = enquiries.at(-1) ?? lead;
  const reachable = enquiries.findLast((enquiry) => enquiry.mobile !== '') ?? newest;

  return (
    <>
      <p>
        <Link to="/">← Inbox</Link>
      </p>
      <div className={styles.head}>
        <h1>{lead.erased ? 'Erased lead' : newest.name}</h1>
        <p className={ui.muted}>
          {STAGE_LABELS[lead.stage]} · {lead.owner ? `Owner: ${lead.owner.name}` : 'Unassigned'} ·{' '}
          {enquiries.length > 1
            ? `${enquiries.length} enquiries, the latest ${formatDateTime(enquiries.at(-1)?.receivedAt ?? lead.receivedAt)}`
            : `received ${formatDateTime(lead.receivedAt)}`}
        </p>
        {lead.held && !lead.erased ? (
          <p className={ui.notice}>
            Held: more leads than allowed came from this visitor’s internet address, so it was not
            emailed. If it is genuine, a manager releases it on the Held screen (or the server’s
            operator with <code>pnpm leads release {lead.publicId.slice(0, 8)}</code>).
          </p>
        ) : null}
        {lead.erased ? null : (
          <>
            <BuyerSummary enquiries={enquiries} responseTarget={responseTarget} />
            <ContactButtons lead={reachable} record={canWork} />
          </>
        )}
      </div>
      <div className={record.columns}>
        <div>
          {lead.erased ? null : children}
          {lead.erased ? (
            <p className={ui.card}>This person’s data was erased at their request.</p>
          ) : canWork ? (
            <>
              <StageCard lead={lead} plots={plots} />
              <FollowUpCard lead={lead} />
              <OwnerCard lead={lead} people={people} />
              <NoteCard />
              {user.role === 'manager' ? <MergeBuyerCard lead={lead} /> : null}
            </>
          ) : (
            <p className={ui.card}>
              {lead.owner?.name} owns this lead; only they or a manager can change it.
            </p>
          )}
          {lead.erased ? null : <BuyerPlots leadId={lead.id} name={lead.name} plots={plots} />}
          <LeadTimeline timeline={timeline} enquiries={enquiries} />
        </div>
        <div>
          {enquiries.length > 1 ? (
            <section className={ui.card} aria-labelledby="enquiries">
              <h2 id="enquiries">Enquiries ({enquiries.length})</h2>
              <p className={ui.muted}>
                Everyone behind this mobile is one buyer: stage, owner and follow-up are theirs.
              </p>
              {enquiries.map((enquiry, index) => (
                <details key={enquiry.id} open={enquiry.id === lead.id}>
                  <summary>
                    Enquiry {index + 1}: {enquirySourceLabel(enquiry)},{' '}
                    {formatDateTime(enquiry.receivedAt)}
                  </summary>
                  <LeadFields lead={enquiry} headingId={`fields-${enquiry.id}`} />
                </details>
              ))}
            </section>
          ) : (
            <LeadFields lead={lead} headingId="fields" />
          )}
        </div>
      </div>
    </>
  );
}
