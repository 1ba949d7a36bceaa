import { useEffect, useRef, useState } from 'react';
import { displayMobile, readMobile } from '@iconia/shared';
import { useFetcher, type ActionFunctionArgs } from 'react-router';
import { ErrorText, Notice } from '../../components/status.tsx';
import { buttonClass, ui } from '../../components/ui.ts';
import { api, attempt, type ActionResult } from '../../lib/api.ts';
import { textField } from '../../lib/form-fields.ts';
import type { ErasureAnswer, ErasureBody } from '../../lib/types.ts';
import { DialogButtons } from '../../components/dialog-buttons.tsx';
import { useResetOnSuccess } from '../../lib/use-reset-on-success.ts';

export async function erasureAction({ request }: ActionFunctionArgs): Promise<ActionResult> {
  const mobile = textField(await request.formData(), 'mobile');
  return attempt(async () => {
    const { erased } = await api<ErasureAnswer>('/erasures', {
      method: 'POST',
      body: { mobile } satisfies ErasureBody,
    });
    if (erased === 0) return `No lead has the mobile ${displayMobile(mobile)}; nothing was erased.`;
    return erased === 1
      ? `Erased 1 lead of ${displayMobile(mobile)}.`
      : `Erased ${erased} leads of ${displayMobile(mobile)}.`;
  });
}

/**
 * A person may ask for their data to be erased (DPDP Act). The manager types the mobile, then
 * confirms in a dialog, because erasure cannot be undone.
 */
export function ErasurePage() {
  const fetcher = useFetcher<ActionResult>();
  const dialog = useRef<HTMLDialogElement>(null);
  const [mobile, setMobile] = useState('');
  const [inputError, setInputError] = useState('');
  const busy = fetcher.state !== 'idle';
  // The number is not left on screen once its leads are erased.
  const form = useResetOnSuccess(fetcher.data);

  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data) dialog.current?.close();
  }, [fetcher.state, fetcher.data]);

  function review(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = readMobile(textField(new FormData(event.currentTarget), 'mobile'));
    if (parsed === undefined) {
      setInputError(
        'Enter the ten-digit Indian mobile number, for example 98765 43210, or a number from abroad with its country code, for example +44 7911 123456.',
      );
      return;
    }
    setInputError('');
    setMobile(parsed);
    dialog.current?.showModal();
  }

  return (
    <>
      <h1>Erase a person’s data</h1>
      <p>
        When someone asks for their data to be erased, enter their mobile number. Every lead from
        that number loses its personal details; the desk, the CSV export and the command line no
        longer show them. The erasure itself is recorded with your name.
      </p>
      <form
        ref={form}
        className={ui.card}
        onSubmit={review}
        noValidate
        aria-label="Erase by mobile"
      >
        <div className={ui.field}>
          <label htmlFor="erase-mobile">Mobile number</label>
          <input
            id="erase-mobile"
            name="mobile"
            type="tel"
            inputMode="tel"
            autoComplete="off"
            aria-invalid={inputError ? true : undefined}
            aria-describedby={inputError ? 'erase-mobile-error' : undefined}
          />
          {inputError ? (
            <p id="erase-mobile-error" className={ui.alert}>
              {inputError}
            </p>
          ) : null}
        </div>
        <button type="submit" className={buttonClass('danger')}>
          Erase…
        </button>
        <ErrorText>{fetcher.data?.error}</ErrorText>
        <Notice>{fetcher.data?.message}</Notice>
      </form>
      <dialog ref={dialog} aria-labelledby="erase-confirm">
        <h2 id="erase-confirm">Erase every lead of {displayMobile(mobile)}?</h2>
        <p>This cannot be undone.</p>
        <fetcher.Form method="post" className={ui.actions}>
          <input type="hidden" name="mobile" value={mobile} />
          <DialogButtons
            dialog={dialog}
            submit={{ label: 'Erase', busy: 'Erasing…', variant: 'danger' }}
            busy={busy}
          />
        </fetcher.Form>
      </dialog>
    </>
  );
}
