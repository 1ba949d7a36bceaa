import type { RefObject } from 'react';
import { buttonClass } from './ui.ts';

/**
 * A dialog form's two buttons: the one that does it, named for what it does (and for what it is
 * doing while it runs), and the one that closes the dialog without doing it.
 */
export function DialogButtons(props: {
  dialog: RefObject<HTMLDialogElement | null>;
  submit: { label: string; busy: string; variant?: 'danger' };
  busy: boolean;
  /** The closing button's words: Cancel unless the dialog says otherwise. */
  close?: string;
}) {
  const { dialog, submit, busy } = props;
  return (
    <>
      <button type="submit" className={buttonClass(submit.variant)} disabled={busy}>
        {busy ? submit.busy : submit.label}
      </button>
      <button
        type="button"
        className={buttonClass('secondary')}
        onClick={() => dialog.current?.close()}
      >
        {props.close ?? 'Cancel'}
      </button>
    </>
  );
}
