import type { LeadSource } from '@iconia/shared';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { getAttribution } from '../../lib/attribution.ts';

export type FieldErrors<V> = Partial<Record<keyof V & string, string>>;

/**
 * State every lead form shares: the values (kept after any failure), the field errors, the
 * form's own message and the submitting flag, plus what goes with each lead besides its fields.
 *
 * `source` names the form in each lead and prefixes its element ids: a page holds each form at
 * most once, and ids that do not depend on render order stay the same when parts of a page
 * hydrate later than the rest (app/hydrate-later.tsx).
 */
export function useLeadForm<V extends Record<string, string | boolean>>(
  source: LeadSource,
  empty: V,
) {
  const { pathname } = useLocation();
  const [values, setValues] = useState<V>(empty);
  const [errors, setErrors] = useState<FieldErrors<V>>({});
  const [message, setMessage] = useState('');
  const [submitting, setSubmitting] = useState(false);

  /** A setter for one field; changing a field clears the error it showed. */
  function field<K extends keyof V & string>(key: K) {
    return (value: V[K]) => {
      setValues((current) => ({ ...current, [key]: value }));
      setErrors((current) => (current[key] ? { ...current, [key]: undefined } : current));
    };
  }

  /**
   * Shows the errors a check found (clearing the form's own message) and moves focus to the
   * first field that needs attention; true when there was anything to show.
   */
  function showErrors(form: HTMLFormElement, found: FieldErrors<V>): boolean {
    setErrors(found);
    setMessage('');
    const names = Object.keys(found);
    if (names.length === 0) return false;
    focusFirst(form, names);
    return true;
  }

  function reset() {
    setValues(empty);
    setErrors({});
    setMessage('');
  }

  /** The form, page and campaign a lead came from, plus the trap field as the page holds it. */
  function leadContext(form: HTMLFormElement): Record<string, string> {
    const trap = form.elements.namedItem('website');
    return {
      source,
      page: pathname,
      ...getAttribution(),
      website: trap instanceof HTMLInputElement ? trap.value : '',
    };
  }

  return {
    ids: {
      name: `${source}-name`,
      mobile: `${source}-mobile`,
      plotRange: `${source}-plot-range`,
      location: `${source}-location`,
      agree: `${source}-agree`,
      website: `${source}-website`,
      message: `${source}-message`,
    },
    values,
    field,
    errors,
    setErrors,
    message,
    setMessage,
    submitting,
    setSubmitting,
    showErrors,
    reset,
    leadContext,
  };
}

/** Moves focus to the first field in the page order that needs the visitor's attention. */
export function focusFirst(form: HTMLFormElement, names: readonly string[]): void {
  const fields = Array.from(form.elements).filter(
    (element): element is HTMLInputElement | HTMLSelectElement =>
      (element instanceof HTMLInputElement || element instanceof HTMLSelectElement) &&
      names.includes(element.name),
  );
  fields[0]?.focus();
}
