import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { Form } from 'react-router';
import { DialogButtons } from '../../components/dialog-buttons.tsx';
import { ErrorText } from '../../components/status.tsx';
import { buttonClass, ui } from '../../components/ui.ts';
import { REFUSAL_MAX_LENGTH, type Plot } from '../../lib/types.ts';
import { useBusy, useResult } from './plot-action-state.tsx';

/**
 * A manager's decision that needs a reason, asked for in a native dialog that closes once the
 * answer is a success: refusing a booking, cancelling one.
 */
function ReasonDialog({
  dialog,
  intent,
  title,
  children,
  submit,
  close,
}: {
  dialog: RefObject<HTMLDialogElement | null>;
  intent: 'refuse' | 'cancel';
  title: string;
  /** What the decision does, in a sentence or two. */
  children: ReactNode;
  submit: { label: string; busy: string };
  close?: string;
}) {
  const busy = useBusy(intent);
  const result = useResult(intent);
  useEffect(() => {
    if (result?.ok) dialog.current?.close();
  }, [dialog, result]);
  return (
    <dialog ref={dialog} aria-labelledby={`${intent}-title`}>
      <h2 id={`${intent}-title`}>{title}</h2>
      <p>{children}</p>
      <Form method="post" preventScrollReset>
        <input type="hidden" name="intent" value={intent} />
        <div className={ui.field}>
          <label htmlFor={`${intent}-reason`}>Reason</label>
          <textarea id={`${intent}-reason`} name="reason" maxLength={REFUSAL_MAX_LENGTH} required />
        </div>
        <div className={ui.actions}>
          <DialogButtons
            dialog={dialog}
            submit={{ ...submit, variant: 'danger' }}
            busy={busy}
            {...(close !== undefined ? { close } : {})}
          />
        </div>
        <ErrorText>{result?.error}</ErrorText>
      </Form>
    </dialog>
  );
}

export function DecisionCard({ manager }: { manager: boolean }) {
  const approving = useBusy('approve');
  const dialog = useRef<HTMLDialogElement>(null);
  if (!manager) {
    return (
      <section className={ui.card} aria-labelledby="plot-decision">
        <h2 id="plot-decision">Booking requested</h2>
        <p className={ui.muted}>A manager approves or refuses the booking; the hold stays.</p>
      </section>
    );
  }
  return (
    <section className={ui.card} aria-labelledby="plot-decision">
      <h2 id="plot-decision">Booking requested</h2>
      <div className={ui.actions}>
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value="approve" />
          <button type="submit" className={buttonClass()} disabled={approving}>
            {approving ? 'Approving…' : 'Approve booking'}
          </button>
        </Form>
        <button
          type="button"
          className={buttonClass('secondary')}
          onClick={() => dialog.current?.showModal()}
        >
          Refuse booking…
        </button>
      </div>
      <ReasonDialog
        dialog={dialog}
        intent="refuse"
        title="Refuse this booking?"
        submit={{ label: 'Refuse booking', busy: 'Refusing…' }}
      >
        The plot stays held for the buyer; the agent sees your reason in its history.
      </ReasonDialog>
    </section>
  );
}

/** A manager's way back from an approved booking: the buyer withdrew, say. */
export function CancelBookingCard({ plot }: { plot: Plot }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const buyer = plot.booking?.buyer.name || 'the buyer';
  return (
    <section className={ui.card} aria-labelledby="plot-booked">
      <h2 id="plot-booked">Booked</h2>
      <p className={ui.muted}>
        If {buyer} withdraws, cancel the booking: the plot becomes available and the buyer leaves
        Booked.
      </p>
      <button
        type="button"
        className={buttonClass('secondary')}
        onClick={() => dialog.current?.showModal()}
      >
        Cancel booking…
      </button>
      <ReasonDialog
        dialog={dialog}
        intent="cancel"
        title="Cancel this booking?"
        submit={{ label: 'Cancel booking', busy: 'Cancelling…' }}
        close="Keep booking"
      >
        Plot {plot.number} becomes available to hold again, and {buyer}’s stage leaves Booked. Your
        reason is kept in the plot’s history and on the buyer’s timeline.
      </ReasonDialog>
    </section>
  );
}
