import { useState, type ReactNode } from 'react';
import { Link, useFetcher, useLoaderData } from 'react-router';
import { BuyerPlots } from '../../components/buyer-plots.tsx';
import record from '../../components/record.module.css';
import { ErrorText, Notice } from '../../components/status.tsx';
import { buttonClass, ui } from '../../components/ui.ts';
import {
  displayMobile,
  mobileOrProblem,
  telHref,
  VISIT_STAGES,
  whatsAppHref,
} from '@iconia/shared';
import { formatDateTime, toDateTimeLocal } from '../../lib/format.ts';
import {
  EMAIL_STATE_LABELS,
  enquirySourceLabel,
  FORM_LABELS,
  OUTBOX_STATUS_LABELS,
  WEBHOOK_STATE_LABELS,
  STAGE_LABELS,
} from '../../lib/labels.ts';
import {
  STAGES,
  type ContactChannel,
  type LeadDetail,
  type Person,
  type Plot,
  type Stage,
} from '../../lib/types.ts';
import { useUser } from '../../lib/session.ts';
import type { leadLoader, LeadActionResult, LeadIntent } from './lead-route.ts';
import { BuyerSummary } from './buyer-summary.tsx';
import { MergeBuyerCard } from './merge-buyer.tsx';
import styles from './lead.module.css';
import { useResetOnSuccess } from '../../lib/use-reset-on-success.ts';

/** A form posting one intent to the lead's action, with its own pending state and message. */
function useLeadForm(intent: LeadIntent) {
  const fetcher = useFetcher<LeadActionResult>({ key: `lead-${intent}` });
  const result = fetcher.data?.intent === intent ? fetcher.data : undefined;
  return { fetcher, busy: fetcher.state !== 'idle', result };
}

function FormResult({ result }: { result: LeadActionResult | undefined }) {
  return (
    <>
      <ErrorText>{result?.error}</ErrorText>
      <Notice>{result?.message}</Notice>
    </>
  );
}

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
          <section className={ui.card} aria-labelledby="timeline">
            <h2 id="timeline">Timeline</h2>
            <ol className={record.timeline}>
              {timeline.map((entry, index) => (
                <li key={index}>
                  <p className={record.when}>
                    <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                    {entry.actor ? ` · ${entry.actor.name}` : ''}
                  </p>
                  <p>{entry.text}</p>
                  {enquiries.length > 1 ? (
                    <p className={ui.muted}>{enquiryName(enquiries, entry.leadId)}</p>
                  ) : null}
                </li>
              ))}
            </ol>
          </section>
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

/**
 * One tap opens the phone's dialler or WhatsApp; the same tap records the contact attempt, which
 * times the first contact for the manager's report.
 */
function ContactButtons({ lead, record }: { lead: LeadDetail; record: boolean }) {
  const { fetcher, result } = useLeadForm('contact');
  const recordContact = (channel: ContactChannel) => {
    if (record) void fetcher.submit({ intent: 'contact', channel }, { method: 'post' });
  };
  if (lead.mobile === '') {
    return (
      <p className={styles.noNumber} role="note">
        {mobileOrProblem(lead.mobile, lead.problems)}: no number to call or message.{' '}
        {lead.emailAddress ? (
          <>
            Write to <a href={`mailto:${lead.emailAddress}`}>{lead.emailAddress}</a>, or ask a
            manager to merge them with the buyer they turn out to be.
          </>
        ) : (
          'Ask a manager to merge them with the buyer they turn out to be.'
        )}
      </p>
    );
  }
  return (
    <>
      <div className={styles.contact}>
        <a
          className={buttonClass()}
          href={telHref(lead.mobile)}
          onClick={() => recordContact('call')}
        >
          Call <span className="visually-hidden">{displayMobile(lead.mobile)}</span>
        </a>
        <a
          className={buttonClass('whatsapp')}
          href={whatsAppHref(lead.mobile)}
          target="_blank"
          rel="noopener noreferrer"
          onClick={() => recordContact('whatsapp')}
        >
          WhatsApp
        </a>
      </div>
      <FormResult result={result} />
    </>
  );
}

/**
 * Stages that follow a record, never set by hand: the site visit stages come from the visits,
 * Booked from an approved booking.
 */
const RECORDED_STAGES: ReadonlySet<Stage> = new Set<Stage>([...VISIT_STAGES, 'booked']);

function StageCard({ lead, plots }: { lead: LeadDetail; plots: readonly Plot[] }) {
  const booked = plots.find((plot) => plot.booking?.status === 'approved');
  return booked ? <BookedStage plot={booked} /> : <StageForm lead={lead} />;
}

/** The API refuses any stage change while a plot stays booked for the buyer: nothing to choose. */
function BookedStage({ plot }: { plot: Plot }) {
  return (
    <section className={ui.card} aria-labelledby="stage-heading">
      <h2 id="stage-heading">Pipeline stage</h2>
      <p>
        Stage: <strong>{STAGE_LABELS.booked}</strong>
      </p>
      <p className={ui.muted}>
        <Link to={`/plots/${plot.id}`}>Plot {plot.number}</Link> is booked for this buyer; the stage
        changes only after a manager cancels the booking on the plot’s page.
      </p>
    </section>
  );
}

function StageForm({ lead }: { lead: LeadDetail }) {
  const { fetcher, busy, result } = useLeadForm('stage');
  const [stage, setStage] = useState<Stage>(lead.stage);
  // A stage saved here or set elsewhere (a booked visit) becomes the selection. Not by remounting
  // the card with a key: the stage form's fetcher would unmount with it, and React Router drops
  // an unmounted fetcher's answer, taking "Stage saved." away as soon as the page reloads.
  const [shownStage, setShownStage] = useState<Stage>(lead.stage);
  if (lead.stage !== shownStage) {
    setShownStage(lead.stage);
    setStage(lead.stage);
  }
  return (
    <section className={ui.card} aria-labelledby="stage-heading">
      <h2 id="stage-heading">Pipeline stage</h2>
      <fetcher.Form method="post">
        <input type="hidden" name="intent" value="stage" />
        <div className={ui.field}>
          <label htmlFor="stage">Stage</label>
          <select
            id="stage"
            name="stage"
            aria-describedby="stage-hint"
            value={stage}
            onChange={(event) => setStage(event.target.value as Stage)}
          >
            {STAGES.filter((value) => value === lead.stage || !RECORDED_STAGES.has(value)).map(
              (value) => (
                <option key={value} value={value}>
                  {STAGE_LABELS[value]}
                </option>
              ),
            )}
          </select>
          <p id="stage-hint" className={ui.hint}>
            The site visit stages follow the visits booked on this page; Booked follows an approved
            plot booking.
          </p>
        </div>
        {stage === 'lost' ? (
          <div className={ui.field}>
            <label htmlFor="lostReason">Why was it lost?</label>
            <textarea
              id="lostReason"
              name="lostReason"
              required
              defaultValue={lead.lostReason ?? ''}
            />
          </div>
        ) : null}
        <button type="submit" className={buttonClass()} disabled={busy}>
          {busy ? 'Saving…' : 'Save stage'}
        </button>
        <FormResult result={result} />
      </fetcher.Form>
    </section>
  );
}

function FollowUpCard({ lead }: { lead: LeadDetail }) {
  const { fetcher, busy, result } = useLeadForm('follow-up');
  return (
    <section className={ui.card} aria-labelledby="follow-up-heading">
      <h2 id="follow-up-heading">Follow-up</h2>
      <p className={ui.muted}>
        {lead.followUpAt ? `Due ${formatDateTime(lead.followUpAt)}` : 'No follow-up set.'}
      </p>
      <fetcher.Form method="post">
        <input type="hidden" name="intent" value="follow-up" />
        <div className={ui.field}>
          <label htmlFor="followUpAt">Follow-up date and time</label>
          <input
            id="followUpAt"
            name="followUpAt"
            type="datetime-local"
            key={lead.followUpAt}
            defaultValue={lead.followUpAt ? toDateTimeLocal(lead.followUpAt) : ''}
          />
        </div>
        <div className={ui.actions}>
          <button type="submit" className={buttonClass()} disabled={busy}>
            Save follow-up
          </button>
          {lead.followUpAt ? (
            <button
              type="submit"
              name="clear"
              value="1"
              className={buttonClass('secondary')}
              disabled={busy}
            >
              Clear follow-up
            </button>
          ) : null}
        </div>
        <FormResult result={result} />
      </fetcher.Form>
    </section>
  );
}

function OwnerCard({ lead, people }: { lead: LeadDetail; people: readonly Person[] }) {
  const user = useUser();
  const { fetcher, busy, result } = useLeadForm('owner');
  return (
    <section className={ui.card} aria-labelledby="owner-heading">
      <h2 id="owner-heading">Owner</h2>
      <fetcher.Form method="post">
        <input type="hidden" name="intent" value="owner" />
        {user.role === 'manager' ? (
          <>
            <div className={ui.field}>
              <label htmlFor="ownerId">Assign to</label>
              <select
                id="ownerId"
                name="ownerId"
                defaultValue={lead.owner?.id ?? ''}
                key={lead.owner?.id}
              >
                <option value="">Nobody (unassigned)</option>
                {people.map((person) => (
                  <option key={person.id} value={person.id}>
                    {person.name}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className={buttonClass()} disabled={busy}>
              Save owner
            </button>
          </>
        ) : lead.owner ? (
          <p>You own this lead.</p>
        ) : (
          <>
            <input type="hidden" name="ownerId" value={user.id} />
            <p className={ui.muted}>Nobody owns this lead yet.</p>
            <button type="submit" className={buttonClass()} disabled={busy}>
              Claim this lead
            </button>
          </>
        )}
        <FormResult result={result} />
      </fetcher.Form>
    </section>
  );
}

function NoteCard() {
  const { fetcher, busy, result } = useLeadForm('note');
  const form = useResetOnSuccess(result);
  // A saved note leaves the box empty for the next one; a failed one keeps the words.
  return (
    <section className={ui.card} aria-labelledby="note-heading">
      <h2 id="note-heading">Add a note</h2>
      <fetcher.Form method="post" ref={form}>
        <input type="hidden" name="intent" value="note" />
        <div className={ui.field}>
          <label htmlFor="note">Note</label>
          <textarea id="note" name="text" required />
        </div>
        <button type="submit" className={buttonClass()} disabled={busy}>
          {busy ? 'Adding…' : 'Add note'}
        </button>
        <FormResult result={result} />
      </fetcher.Form>
    </section>
  );
}

/** Names an enquiry on a timeline of several: its number and form. */
function enquiryName(enquiries: readonly LeadDetail[], leadId: number): string {
  const index = enquiries.findIndex((enquiry) => enquiry.id === leadId);
  const enquiry = enquiries[index];
  return enquiry ? `Enquiry ${index + 1} (${enquirySourceLabel(enquiry)})` : '';
}

function LeadFields({ lead, headingId }: { lead: LeadDetail; headingId: string }) {
  const fields: [string, string | number | null][] = [
    ['Name', lead.erased ? null : lead.name],
    ['Mobile', lead.erased ? null : mobileOrProblem(lead.mobile, lead.problems)],
    ['Email', lead.emailAddress],
    ['Plot range', lead.plotRange],
    ['Location', lead.location],
    ['Message', lead.message],
    ...lead.answers.map(({ question, answer }): [string, string] => [question, answer]),
    // A site post that named no form reads as it does everywhere: "Website, no form named".
    ['Came from', lead.origin === 'site' && lead.form ? 'Website' : enquirySourceLabel(lead)],
    ['Form', lead.origin === 'site' && lead.form ? FORM_LABELS[lead.form] : null],
    ['Kind', lead.kind === 'brochure' ? 'Brochure request' : 'Enquiry'],
    ['Page', lead.page],
    ['Received', formatDateTime(lead.receivedAt)],
    ['Reference', lead.publicId],
    [
      'Consent notice',
      lead.consentNotice
        ? `${lead.consentNotice.text} (version ${lead.consentNotice.version})`
        : null,
    ],
    ['Campaign source', lead.utmSource],
    ['Campaign medium', lead.utmMedium],
    ['Campaign name', lead.utmCampaign],
    ['Campaign term', lead.utmTerm],
    ['Campaign content', lead.utmContent],
    ['Google click ID', lead.gclid],
    ['Meta click ID', lead.fbclid],
    ['Landing page', lead.landingPage],
    ['Referrer', lead.referrer],
    ['Email to sales', EMAIL_STATE_LABELS[lead.email.state]],
    ['Email attempts', lead.email.attempts],
    ['Email sent', lead.email.sentAt ? formatDateTime(lead.email.sentAt) : null],
    ['Last email error', lead.email.lastError],
    ...lead.webhooks.flatMap((webhook, index): [string, string | number | null][] => {
      const name = lead.webhooks.length > 1 ? `CRM webhook ${index + 1}` : 'CRM webhook';
      return [
        [name, WEBHOOK_STATE_LABELS[webhook.state]],
        [`${name} attempts`, webhook.attempts],
        [`${name} sent`, webhook.sentAt ? formatDateTime(webhook.sentAt) : null],
        [`${name} last error`, webhook.lastError],
      ];
    }),
    ['Outbox status', OUTBOX_STATUS_LABELS[lead.status]],
    ['First contact', lead.firstContactAt ? formatDateTime(lead.firstContactAt) : null],
    ['Follow-up', lead.followUpAt ? formatDateTime(lead.followUpAt) : null],
    ['Lost reason', lead.lostReason],
  ];
  return (
    <section className={ui.card} aria-labelledby={headingId}>
      <h2 id={headingId}>Everything stored</h2>
      <dl className={record.facts}>
        {fields.map(([label, value]) => (
          <div key={label} className={record.pair}>
            <dt>{label}</dt>
            <dd>{value === null || value === '' ? '—' : value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
