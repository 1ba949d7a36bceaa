import type { LeadFormVariant } from '../../content/forms.ts';
import { createContext, useContext } from 'react';

/**
 * Which brochure form the modal hosts: the navigation one (navigation bar, side button, the
 * automatic opening) or the one behind ENQUIRE NOW in the location highlights.
 */
export type BrochureVariant = Extract<LeadFormVariant, 'navigation' | 'location'>;

export interface BrochureModal {
  /** Opens the "Download Brochure" modal with a fresh form; does nothing while it is open. */
  openBrochure: (variant: BrochureVariant) => void;
}

export const BrochureModalContext = createContext<BrochureModal | null>(null);

export function useBrochureModal(): BrochureModal {
  const modal = useContext(BrochureModalContext);
  if (!modal) throw new Error('useBrochureModal needs a <BrochureModalProvider> above it.');
  return modal;
}
