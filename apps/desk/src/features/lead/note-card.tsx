import { buttonClass, ui } from '../../components/ui.ts';
import { useResetOnSuccess } from '../../lib/use-reset-on-success.ts';
import { FormResult, useLeadForm } from './lead-form.tsx';

export function NoteCard() {
  const { fetcher, busy, result } = useLeadForm('note');
  const form = useResetOnSuccess(result);
  // A saved note leaves the box empty for the next one; a failed one keeps the words.
  return (
    <section className={ui.card} aria-labelledby="note-heading">
      <h2 id="note-heading">Add a note</h2>
      <fetcher.Form method="post" ref={form}>
        <input type="hidden" name="intent" value="note" />
        <div className={ui.field}>
          <label htmlFor="note">Note</label>
          <textarea id="note" name="text" required />
        </div>
        <button type="submit" className={buttonClass()} disabled={busy}>
          {busy ? 'Adding…' : 'Add note'}
        </button>
        <FormResult result={result} />
      </fetcher.Form>
    </section>
  );
}
