import { X } from 'lucide-react';
import { useEffect, useRef, type MouseEvent, type ReactNode, type SyntheticEvent } from 'react';
import styles from './dialog.module.css';

export type DialogSize = 'sm' | 'md' | 'lg';

/** How the visitor closed the dialog; owners may treat the explicit close button differently. */
export type DialogCloseReason = 'close-button' | 'escape' | 'backdrop' | 'browser';

export interface DialogProps {
  /** Unique on the page: the dialog's title is `<id>-title`. */
  id: string;
  open: boolean;
  /** Called when the visitor asks to close: the close button, Escape or (if enabled) the backdrop. */
  onClose: (reason: DialogCloseReason) => void;
  title: ReactNode;
  children: ReactNode;
  className?: string;
  size?: DialogSize;
  /** Close when the visitor clicks outside the dialog box. */
  closeOnBackdrop?: boolean;
  /** Accessible name of the header close button. */
  closeLabel?: string;
}

/**
 * A modal on the native `<dialog>`: the browser keeps focus inside and makes the page inert.
 * The component adds what the platform leaves to pages: the open state follows `open`, the
 * page behind does not scroll, and focus goes back to the control that opened it.
 */
export function Dialog({
  id,
  open,
  onClose,
  title,
  children,
  className,
  size = 'md',
  closeOnBackdrop = true,
  closeLabel = 'Close',
}: DialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const pressStartedOnBackdrop = useRef(false);
  const titleId = `${id}-title`;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!open || !dialog) return;
    const opener = document.activeElement;
    if (!dialog.open) dialog.showModal();

    const root = document.documentElement;
    const previousOverflow = root.style.overflow;
    root.style.overflow = 'hidden';

    return () => {
      root.style.overflow = previousOverflow;
      if (dialog.open) dialog.close();
      // Browsers differ on restoring focus after a modal closes; do it explicitly.
      if (opener instanceof HTMLElement && opener !== document.body && opener.isConnected) {
        opener.focus();
      }
    };
  }, [open]);

  function handleCancel(event: SyntheticEvent<HTMLDialogElement>) {
    // Escape: keep the dialog open until the owner's state says otherwise.
    event.preventDefault();
    onClose('escape');
  }

  function handleNativeClose() {
    // Some browsers close a modal on a repeated Escape without a cancel event; keep state in step.
    if (open) onClose('browser');
  }

  function handlePointerDown(event: MouseEvent<HTMLDialogElement>) {
    pressStartedOnBackdrop.current = event.target === event.currentTarget;
  }

  function handleClick(event: MouseEvent<HTMLDialogElement>) {
    // The box has no padding of its own, so a click on the dialog element itself is a click on
    // the backdrop. A drag that began inside (selecting text) does not count.
    const onBackdrop = event.target === event.currentTarget && pressStartedOnBackdrop.current;
    pressStartedOnBackdrop.current = false;
    if (closeOnBackdrop && onBackdrop) onClose('backdrop');
  }

  return (
    <dialog
      ref={dialogRef}
      id={id}
      aria-labelledby={titleId}
      className={[styles.dialog, styles[size], className].filter(Boolean).join(' ')}
      onCancel={handleCancel}
      onClose={handleNativeClose}
      onPointerDown={handlePointerDown}
      onClick={handleClick}
    >
      <div className={styles.box}>
        {/* A <div>, not <header>: inside a dialog a header would still count as a page banner. */}
        <div className={styles.header}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          <button
            type="button"
            className={styles.close}
            onClick={() => onClose('close-button')}
            aria-label={closeLabel}
          >
            <X aria-hidden="true" focusable="false" size={22} />
          </button>
        </div>
        <div className={styles.body}>{children}</div>
      </div>
    </dialog>
  );
}
