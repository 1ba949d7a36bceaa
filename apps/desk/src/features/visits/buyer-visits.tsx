import { useEffect, useRef, type ReactNode } from 'react';
import { useFetcher, type LoaderFunctionArgs } from 'react-router';
import {
  MAX_VISIT_PEOPLE,
  VISIT_STATUS_LABELS,
  visitConfirmationText,
  whatsAppLink,
  type Visit,
  type VisitsAnswer,
} from '@iconia/shared';
import { ErrorText, Notice } from '../../components/status.tsx';
import { buttonClass, ui } from '../../components/ui.ts';
import { CalendarFileLink } from './calendar-file.tsx';
import { SlotFields } from './slot-fields.tsx';
import type { VisitActionResult, VisitIntent } from './visit-action.ts';
import { VisitFacts, visitWhen } from './visit-facts.tsx';
import { calendarFilePath, visitRequests } from './visit-requests.ts';
import styles from './visits.module.css';
import { DialogButtons } from '../../components/dialog-buttons.tsx';

/** The buyer's visits, booked from any of their enquiries. */
export function buyerVisitsLoader({ params, request }: LoaderFunctionArgs): Promise<VisitsAnswer> {
  return visitRequests.ofLead(params.id ?? '', request.signal);
}

const isUpcoming = (visit: Visit) => visit.status === 'scheduled' || visit.status === 'arrived';

/** A form posting one intent to the visits action, with its own pending state and message. */
function useVisitForm(intent: VisitIntent, key: string) {
  const fetcher = useFetcher<VisitActionResult>({ key: `visit-${intent}-${key}` });
  const result = fetcher.data?.intent === intent ? fetcher.data : undefined;
  return { fetcher, busy: fetcher.state !== 'idle', result };
}

/** A native dialog that closes itself once its form's request succeeded. */
function useDialog(result: VisitActionResult | undefined, idle: boolean) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    if (idle && result?.ok) dialog.current?.close();
  }, [idle, result]);
  return dialog;
}

/**
 * The buyer page's site visit: book one, then send the buyer the confirmation (WhatsApp and a
 * calendar file), move it or cancel it. Each change is on the buyer's timeline.
 */
export function BuyerVisits({ leadId, visits }: { leadId: number; visits: readonly Visit[] }) {
  const upcoming = visits.filter(isUpcoming);
  const earlier = visits.filter((visit) => !isUpcoming(visit));
  const book = useVisitForm('book', String(leadId));
  const cancel = useVisitForm('cancel', String(leadId));
  const reschedule = useVisitForm('reschedule', String(leadId));
  const message = [book, reschedule, cancel].find((form) => form.result?.ok)?.result?.message;

  return (
    <section className={ui.card} aria-labelledby="visit-heading">
      <h2 id="visit-heading">Site visit</h2>
      {upcoming.length === 0 ? <p className={ui.muted}>No visit booked.</p> : null}
      {upcoming.map((visit) => (
        <div key={visit.id} className={styles.visit}>
          <VisitFacts visit={visit} />
          <div className={ui.actions}>
            <a
              className={buttonClass('whatsapp')}
              href={whatsAppLink(visit.mobile, visitConfirmationText(visit))}
              target="_blank"
              rel="noopener noreferrer"
            >
              Send confirmation on WhatsApp
            </a>
            <CalendarFileLink
              path={calendarFilePath(visit.id)}
              fileName={`site-visit-${visit.date}.ics`}
            />
          </div>
          {visit.status === 'scheduled' ? (
            <div className={ui.actions}>
              <RescheduleDialog visit={visit} form={reschedule} />
              <CancelDialog visit={visit} form={cancel} />
            </div>
          ) : null}
        </div>
      ))}
      {upcoming.length === 0 ? <BookDialog leadId={leadId} form={book} /> : null}
      <Notice>{message}</Notice>
      {earlier.length > 0 ? (
        <details>
          <summary>Earlier visits ({earlier.length})</summary>
          <ul className={styles.earlier}>
            {earlier.map((visit) => (
              <li key={visit.id}>
                {visitWhen(visit)}: {VISIT_STATUS_LABELS[visit.status]}
                {visit.outcome ? `. ${visit.outcome.text}` : ''}
                {visit.cancelled?.reason ? `. ${visit.cancelled.reason}` : ''}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </section>
  );
}

type VisitForm = ReturnType<typeof useVisitForm>;

interface VisitDialogProps {
  form: VisitForm;
  /** The button that opens the dialog. */
  opener: string;
  openerVariant?: 'secondary';
  id: string;
  heading: string;
  /** Hidden fields naming what the form is about. */
  fields: Record<string, string | number>;
  submit: { label: string; busy: string; variant?: 'danger' };
  close: string;
  children: ReactNode;
}

/**
 * A button opening a native dialog with one visit form inside; the dialog closes once the
 * request succeeded, and shows the API's sentence when it did not.
 */
function VisitDialog(props: VisitDialogProps) {
  const { fetcher, busy, result } = props.form;
  const dialog = useDialog(result, !busy);
  return (
    <>
      <button
        type="button"
        className={buttonClass(props.openerVariant)}
        onClick={() => dialog.current?.showModal()}
      >
        {props.opener}
      </button>
      <dialog ref={dialog} aria-labelledby={props.id} className={ui.formDialog}>
        <h2 id={props.id}>{props.heading}</h2>
        <fetcher.Form method="post" action="/visits">
          {Object.entries(props.fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          {props.children}
          <ErrorText>{result?.error}</ErrorText>
          <div className={ui.actions}>
            <DialogButtons dialog={dialog} submit={props.submit} busy={busy} close={props.close} />
          </div>
        </fetcher.Form>
      </dialog>
    </>
  );
}

function BookDialog({ leadId, form }: { leadId: number; form: VisitForm }) {
  return (
    <VisitDialog
      form={form}
      opener="Book a visit…"
      id="book-visit"
      heading="Book a site visit"
      fields={{ intent: 'book', leadId }}
      submit={{ label: 'Book visit', busy: 'Booking…' }}
      close="Close"
    >
      <SlotFields idPrefix="book" />
      <div className={ui.field}>
        <label htmlFor="book-people">People coming</label>
        <input
          id="book-people"
          name="people"
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_VISIT_PEOPLE}
          defaultValue={2}
          required
        />
      </div>
      <div className={`${ui.field} ${styles.check}`}>
        <input id="book-pickup" name="pickup" type="checkbox" />
        <label htmlFor="book-pickup">Needs pickup</label>
      </div>
      <div className={ui.field}>
        <label htmlFor="book-notes">Notes</label>
        <textarea id="book-notes" name="notes" />
      </div>
    </VisitDialog>
  );
}

function RescheduleDialog({ visit, form }: { visit: Visit; form: VisitForm }) {
  const id = `reschedule-${visit.id}`;
  return (
    <VisitDialog
      form={form}
      opener="Reschedule…"
      openerVariant="secondary"
      id={id}
      heading={`Move the visit of ${visitWhen(visit)}`}
      fields={{ intent: 'reschedule', visitId: visit.id }}
      submit={{ label: 'Move visit', busy: 'Moving…' }}
      close="Close"
    >
      <SlotFields idPrefix={id} date={visit.date} />
    </VisitDialog>
  );
}

function CancelDialog({ visit, form }: { visit: Visit; form: VisitForm }) {
  const id = `cancel-${visit.id}`;
  return (
    <VisitDialog
      form={form}
      opener="Cancel visit…"
      openerVariant="secondary"
      id={id}
      heading={`Cancel the visit of ${visitWhen(visit)}?`}
      fields={{ intent: 'cancel', visitId: visit.id }}
      submit={{ label: 'Cancel visit', busy: 'Cancelling…', variant: 'danger' }}
      close="Keep the visit"
    >
      <div className={ui.field}>
        <label htmlFor={`${id}-reason`}>Why (optional)</label>
        <textarea id={`${id}-reason`} name="reason" />
      </div>
    </VisitDialog>
  );
}
