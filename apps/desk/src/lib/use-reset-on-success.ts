import { type RefObject, useEffect, useRef } from 'react';

/**
 * Empties a form as soon as its submission's answer says it succeeded, so the next entry starts
 * blank. It keys on the answer, not on the fetcher going idle: the page's data reloads after the
 * answer, and anything typed or chosen during that reload must not be wiped. A refused answer
 * keeps what was entered.
 */
export function useResetOnSuccess(
  result: { ok?: boolean } | undefined,
): RefObject<HTMLFormElement | null> {
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (result?.ok) form.current?.reset();
  }, [result]);
  return form;
}
