import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Dialog } from '../../components/ui/dialog.tsx';
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
  /** Bumped on every opening so each one starts with an empty form. */
  session: number;
}

/**
 * Hosts the one "Download Brochure" modal of the site and lets any part of the page open it.
 * Mounted once around the routes (inside the router), it also records the campaign of the
 * visitor's landing page, since it is the first thing that runs in the browser.
 */
export function BrochureModalProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const [state, setState] = useState<ModalState>({ open: false, variant: null, session: 0 });
  const pendingNavigation = useRef<number | undefined>(undefined);

  useEffect(() => {
    captureAttribution();
    return () => window.clearTimeout(pendingNavigation.current);
  }, []);

  const openBrochure = useCallback((variant: BrochureVariant) => {
    setState((current) =>
      current.open ? current : { open: true, variant, session: current.session + 1 },
    );
  }, []);

  const close = useCallback(() => {
    setState((current) => (current.open ? { ...current, open: false } : current));
  }, []);

  function handleSubmitted() {
    close();
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
      <Dialog open={state.open} onClose={close} title={BROCHURE_MODAL.title} size="sm">
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
