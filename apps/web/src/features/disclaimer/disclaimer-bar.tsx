import { Info, X } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { Dialog } from '../../components/ui/dialog.tsx';
import { buttonClass } from '../../components/ui/button.ts';
import { DISCLAIMER } from '../../content/site.ts';
import { useBrowserValue } from '../../lib/use-browser-value.ts';
import { createDisclaimerStore, type DisclaimerStore } from './disclaimer-storage.ts';
import styles from './disclaimer-bar.module.css';

function browserStorage(): Storage | undefined {
  return typeof window === 'undefined' ? undefined : window.localStorage;
}

export interface DisclaimerBarProps {
  /** Where acceptance is kept; the browser's localStorage by default. */
  store?: DisclaimerStore;
}

/**
 * Shown until the visitor accepts. Accept remembers it in the browser; Close hides it for this
 * view only. The prerendered HTML always contains the bar; a head script hides it before the
 * first paint for visitors who accepted earlier, and this component then leaves it out.
 */
export function DisclaimerBar({ store: givenStore }: DisclaimerBarProps) {
  const store = useMemo(() => givenStore ?? createDisclaimerStore(browserStorage), [givenStore]);
  // The prerendered value (not accepted) keeps hydration identical to the prerendered HTML.
  const acceptedEarlier = useBrowserValue(
    useCallback(() => store.isAccepted(), [store]),
    false,
  );
  const [dismissed, setDismissed] = useState(false);
  const [modalOpen, setModalOpen] = useState(false);

  function accept() {
    store.accept();
    setModalOpen(false);
    setDismissed(true);
  }

  if (acceptedEarlier || dismissed) return null;

  return (
    <section className={styles.bar} aria-label={DISCLAIMER.regionLabel}>
      <div className={styles.inner}>
        <Info aria-hidden="true" size={18} className={styles.icon} />
        <p className={styles.text}>
          {DISCLAIMER.barText}{' '}
          <button type="button" className={styles.link} onClick={() => setModalOpen(true)}>
            {DISCLAIMER.barLinkLabel}
          </button>
        </p>
        <div className={styles.actions}>
          <button
            type="button"
            className={buttonClass({ variant: 'accent', size: 'small' })}
            onClick={accept}
          >
            {DISCLAIMER.accept}
          </button>
          <button
            type="button"
            className={styles.close}
            onClick={() => setDismissed(true)}
            aria-label={DISCLAIMER.closeLabel}
          >
            <X aria-hidden="true" size={20} />
          </button>
        </div>
      </div>
      <Dialog
        id="disclaimer-dialog"
        open={modalOpen}
        onClose={() => setModalOpen(false)}
        title={DISCLAIMER.modalTitle}
      >
        <div className={styles.modalText}>
          {DISCLAIMER.modalParagraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
        <button type="button" className={buttonClass({ block: true })} onClick={accept}>
          {DISCLAIMER.accept}
        </button>
      </Dialog>
    </section>
  );
}
