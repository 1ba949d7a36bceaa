import { startTransition, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Dialog, type DialogCloseReason } from '../../components/ui/dialog.tsx';
import { BROCHURE_MODAL } from '../../content/forms.ts';
import { captureAttribution } from '../../lib/attribution.ts';
import {
  BrochureModalContext,
  type BrochureModal,
  type BrochureVariant,
} from './brochure-modal-context.ts';
import { LeadForm } from './lead-form.tsx';

interface ModalState {
  open: boolean;
  variant: BrochureVariant | null;
  /** Changing it gives the modal a new, empty form. */
  session: number;
  /** The form is done with (sent, or closed by its close button): the next opening starts empty. */
  spent: boolean;
}

/**
 * Hosts the one "Download Brochure" modal of the site and lets any part of the page open it.
 * Mounted once around the routes (inside the router), it also records the campaign of the
 * visitor's landing page, since it is the first thing that runs in the browser.
 */
export function BrochureModalProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<ModalState>({
    open: false,
    variant: null,
    session: 0,
    spent: true,
  });
  useEffect(() => {
    captureAttribution();
  }, []);

  const openBrochure = useCallback((variant: BrochureVariant) => {
    // Rendering the form and showing the modal is the costly part of a tap; as a transition it
    // comes just after the next paint, so the tap's own feedback (a menu closing) is not held up.
    startTransition(() =>
      setState((current) => {
        if (current.open) return current;
        // A visitor who dismissed the modal by Escape or a tap outside finds what they typed.
        const fresh = current.spent || current.variant !== variant;
        return {
          open: true,
          variant,
          session: fresh ? current.session + 1 : current.session,
          spent: false,
        };
      }),
    );
  }, []);

  const close = useCallback((reason: DialogCloseReason | 'submitted') => {
    setState((current) =>
      current.open
        ? {
            ...current,
            open: false,
            spent: reason === 'close-button' || reason === 'submitted',
          }
        : current,
    );
  }, []);

  const handleSent = useCallback(() => close('submitted'), [close]);

  const modal = useMemo<BrochureModal>(() => ({ openBrochure }), [openBrochure]);

  return (
    <BrochureModalContext value={modal}>
      {children}
      <Dialog
        id="brochure-dialog"
        open={state.open}
        onClose={close}
        title={BROCHURE_MODAL.title}
        size="sm"
      >
        {state.variant && (
          <LeadForm
            key={`${state.variant}-${state.session}`}
            variant={state.variant}
            onSent={handleSent}
          />
        )}
      </Dialog>
    </BrochureModalContext>
  );
}
