import type { FetcherWithComponents } from 'react-router';
import { buttonClass, ui } from '../../components/ui.ts';

/** Disable or Enable a source, as the form of `intent` on the Sources screen. */
export function SwitchSourceForm({
  fetcher,
  intent,
  name,
  disabled,
}: {
  fetcher: FetcherWithComponents<unknown>;
  intent: string;
  name: string;
  disabled: boolean;
}) {
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="name" value={name} />
      <button
        type="submit"
        className={buttonClass(disabled ? 'secondary' : 'danger')}
        disabled={fetcher.state !== 'idle'}
      >
        {disabled ? 'Enable' : 'Disable'} <span className="visually-hidden">{name}</span>
      </button>
    </fetcher.Form>
  );
}

/** A new source's name: the rule every source's name follows, and an example. */
export function SourceNameField({ id, example }: { id: string; example: React.ReactNode }) {
  return (
    <div className={ui.field}>
      <label htmlFor={id}>Name</label>
      <input
        id={id}
        name="name"
        autoComplete="off"
        spellCheck={false}
        pattern="[a-z0-9\-]{2,40}"
        aria-describedby={`${id}-hint`}
        required
      />
      <p id={`${id}-hint`} className={ui.hint}>
        2 to 40 lowercase letters, digits and hyphens, {example}
      </p>
    </div>
  );
}
