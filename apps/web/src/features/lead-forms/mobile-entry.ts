import { tidyTypedMobile } from '@iconia/shared';

/** Text the browser is about to put into a field: a key, a paste, a keyboard's suggestion. */
const TEXT_ENTRY = new Set(['insertText', 'insertFromPaste', 'insertReplacementText']);

/**
 * Enhances a ten-digit mobile field once the page has hydrated. What a visitor types or pastes
 * loses its separators and a leading +91 or 0 before the field takes it, so "+91 98765 43210"
 * lands as the ten digits instead of being cut short by `maxlength`. Anything else is left to
 * the browser. Returns what removes the enhancement.
 */
export function tidyMobileEntry(field: HTMLInputElement): () => void {
  function tidy(event: InputEvent) {
    const text = event.data ?? event.dataTransfer?.getData('text/plain');
    if (!TEXT_ENTRY.has(event.inputType) || text == null || !event.cancelable) return;
    const { value } = field;
    const start = field.selectionStart ?? value.length;
    const before = value.slice(0, start) + text;
    const typed = before + value.slice(field.selectionEnd ?? start);
    const kept = tidyTypedMobile(typed);
    if (kept === typed) return;

    event.preventDefault();
    const next = field.maxLength >= 0 ? kept.slice(0, field.maxLength) : kept;
    if (next === value) return;
    const caret = Math.min(tidyTypedMobile(before).length, next.length);
    // Not through `value`: React then sees the change in the input event, as after a keystroke.
    field.setRangeText(next, 0, value.length);
    field.setSelectionRange(caret, caret);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
  field.addEventListener('beforeinput', tidy);
  return () => field.removeEventListener('beforeinput', tidy);
}
