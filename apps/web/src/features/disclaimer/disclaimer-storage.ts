/** The one flag the site keeps in the browser (specification section 3). */
export const DISCLAIMER_STORAGE_KEY = 'disclaimerAccepted';

/** Set on `<html>` before the first paint when the visitor accepted the disclaimer earlier. */
export const DISCLAIMER_ACCEPTED_CLASS = 'disclaimer-accepted';

export interface DisclaimerStore {
  isAccepted(): boolean;
  accept(): void;
}

/**
 * Reads and writes the acceptance flag. Storage can be unavailable (private modes, blocked
 * cookies); the bar then simply shows, and accepting still hides it for this view.
 */
export function createDisclaimerStore(storage: () => Storage | undefined): DisclaimerStore {
  return {
    isAccepted() {
      try {
        return storage()?.getItem(DISCLAIMER_STORAGE_KEY) != null;
      } catch {
        return false;
      }
    },
    accept() {
      try {
        storage()?.setItem(DISCLAIMER_STORAGE_KEY, 'true');
      } catch {
        // Nothing to keep: the bar is hidden for this view anyway.
      }
    },
  };
}

/**
 * Runs in `<head>` before the body paints, so a returning visitor who accepted never sees the
 * bar flash in the prerendered HTML. It is static, so the server can hash it for its CSP.
 */
export const DISCLAIMER_PRECHECK_SCRIPT = `try{if(localStorage.getItem(${JSON.stringify(
  DISCLAIMER_STORAGE_KEY,
)})!==null)document.documentElement.classList.add(${JSON.stringify(DISCLAIMER_ACCEPTED_CLASS)})}catch(e){}`;
