import { useRef, useState, type FormEvent } from 'react';
import { DialogButtons } from '../../components/dialog-buttons.tsx';
import { ErrorText } from '../../components/status.tsx';
import { buttonClass, ui } from '../../components/ui.ts';
import { api, errorMessage } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format.ts';

/**
 * A buyer who opted out gets nothing from the desk: the page says so and since when. A manager
 * clears it only on the buyer's written request, recorded as the reason, in a native dialog.
 */
export function OptedOut(props: {
  leadId: number;
  since: string;
  manager: boolean;
  cleared: () => void;
}) {
  const { leadId, since, manager, cleared } = props;
  const dialog = useRef<HTMLDialogElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const reason = new FormData(event.currentTarget).get('reason');
    setBusy(true);
    setError('');
    try {
      await api(`/leads/${leadId}/whatsapp/opt-out/clear`, { method: 'POST', body: { reason } });
      dialog.current?.close();
      cleared();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <p className={ui.notice}>
        The buyer opted out of WhatsApp messages on {formatDateTime(since)}: nothing can be sent to
        them.
      </p>
      {manager ? (
        <>
          <button
            type="button"
            className={buttonClass('secondary')}
            onClick={() => dialog.current?.showModal()}
          >
            Clear opt-out
          </button>
          <dialog ref={dialog} aria-labelledby="opt-out-title" className={ui.formDialog}>
            <h2 id="opt-out-title">Clear the WhatsApp opt-out</h2>
            <form onSubmit={(event) => void submit(event)}>
              <div className={ui.field}>
                <label htmlFor="opt-out-reason">The buyer’s written request</label>
                <textarea id="opt-out-reason" name="reason" required maxLength={2000} />
                <p className={ui.hint}>
                  Quote or describe where the buyer asked in writing to get messages again.
                </p>
              </div>
              <ErrorText>{error}</ErrorText>
              <div className={ui.actions}>
                <DialogButtons
                  dialog={dialog}
                  submit={{ label: 'Clear opt-out', busy: 'Clearing…' }}
                  busy={busy}
                />
              </div>
            </form>
          </dialog>
        </>
      ) : null}
    </>
  );
}
