import { ui } from './ui.ts';

/** A failure the person must read: announced at once by screen readers. */
export function ErrorText({ children }: { children: string | undefined }) {
  if (!children) return null;
  return (
    <p className={ui.alert} role="alert">
      {children}
    </p>
  );
}

/** A success or progress message, announced politely. */
export function Notice({ children }: { children: string | undefined }) {
  return (
    <p className={children ? ui.notice : 'visually-hidden'} role="status">
      {children}
    </p>
  );
}

export function Loading({ what }: { what: string }) {
  return (
    <p className={ui.muted} role="status">
      Loading {what}…
    </p>
  );
}
