import { useEffect, useState, type FormEvent, type RefObject } from 'react';
import type { FieldName, FormState } from './lead-form-check.ts';

/** What the form says about its fields after an attempt, and where focus goes then. */
export function useFieldFeedback(state: FormState, formRef: RefObject<HTMLFormElement | null>) {
  // Editing a field clears what was said about it, until the next attempt.
  const [edited, setEdited] = useState({ state, names: new Set<string>() });
  const editedNames = edited.state === state ? edited.names : new Set<string>();
  function handleEdit(event: FormEvent<HTMLFormElement>) {
    const { name } = event.target as HTMLInputElement;
    if (editedNames.has(name)) return;
    setEdited({ state, names: new Set(editedNames).add(name) });
  }
  const errorOf = (name: FieldName) => (editedNames.has(name) ? undefined : state.errors[name]);
  const isMissing = (name: FieldName) => state.missing.includes(name) && !editedNames.has(name);

  // After an attempt, focus goes to the first field that needs the visitor, in page order.
  useEffect(() => {
    const names = [...Object.keys(state.errors), ...state.missing];
    if (names.length === 0 || !formRef.current) return;
    const first = Array.from(formRef.current.elements).find(
      (element): element is HTMLInputElement | HTMLSelectElement =>
        (element instanceof HTMLInputElement || element instanceof HTMLSelectElement) &&
        names.includes(element.name),
    );
    first?.focus();
  }, [state, formRef]);

  return { handleEdit, errorOf, isMissing };
}
