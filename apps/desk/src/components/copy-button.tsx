import { useState } from 'react';
import { Notice } from './status.tsx';
import { buttonClass } from './ui.ts';

interface CopyButtonProps {
  /** What lands on the clipboard. */
  text: string;
  /** The button's words, e.g. "Copy password". */
  label: string;
  /** Said once it is copied, e.g. what to do with it next. */
  copied: string;
  /** Said when the browser refuses, naming what to select by hand. */
  failed: string;
}

/** Copies a value shown once (a temporary password, a partner's secret) and says so. */
export function CopyButton({ text, label, copied, failed }: CopyButtonProps) {
  const [said, setSaid] = useState('');
  return (
    <>
      <button
        type="button"
        className={buttonClass('secondary')}
        onClick={() => {
          // Outside a secure context the browser has no clipboard at all.
          Promise.resolve()
            .then(() => navigator.clipboard.writeText(text))
            .then(
              () => setSaid(copied),
              () => setSaid(failed),
            );
        }}
      >
        {label}
      </button>
      <Notice>{said}</Notice>
    </>
  );
}
