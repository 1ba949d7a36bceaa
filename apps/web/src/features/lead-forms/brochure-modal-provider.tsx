import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Dialog, type DialogCloseReason } from '../../components/ui/dialog.tsx';
import {
  BROCHURE_MODAL,
  LOCATION_THANK_YOU_DELAY_MS,
  THANK_YOU_PATH,
} from '../../content/forms.ts';
import { captureAttribution } from '../../lib/attribution.ts';
import {
  BrochureModalContext,
  type BrochureModal,
  type BrochureVariant,
} from './brochure-modal-context.ts';
import { LocationBrochureForm } from './location-brochure-form.tsx';
import { NavigationBrochureForm } from './navigation-brochure-form.tsx';

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
  const navigate = useNavigate();
  const [state, setState] = useState<ModalState>({
    open: false,
    variant: null,
    session: 0,
    spent: true,
  });
  const pendingNavigation = useRef<number | undefined>(undefined);

  useEffect(() => {
    captureAttribution();
    return () => window.clearTimeout(pendingNavigation.current);
  }, []);

  const openBrochure = useCallback((variant: BrochureVariant) => {
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
    });
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

  function handleSubmitted() {
    close('submitted');
    window.clearTimeout(pendingNavigation.current);
    if (state.variant === 'location') {
      pendingNavigation.current = window.setTimeout(
        () => void navigate(THANK_YOU_PATH),
        LOCATION_THANK_YOU_DELAY_MS,
      );
    } else {
      void navigate(THANK_YOU_PATH);
    }
  }

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
        {state.variant === 'navigation' && (
          <NavigationBrochureForm key={state.session} onSubmitted={handleSubmitted} />
        )}
        {state.variant === 'location' && (
          <LocationBrochureForm key={state.session} onSubmitted={handleSubmitted} />
        )}
      </Dialog>
    </BrochureModalContext>
  );
}
