import { useEffect, useRef } from 'react';
import { useFetcher } from 'react-router';
import { displayMobile } from '@iconia/shared';
import { DialogButtons } from '../../components/dialog-buttons.tsx';
import { ErrorText, Notice } from '../../components/status.tsx';
import { buttonClass, ui } from '../../components/ui.ts';
import { STAGE_LABELS } from '../../lib/labels.ts';
import type { LeadDetail, LeadRow } from '../../lib/types.ts';
import type { LeadActionResult } from './lead-route.ts';
import styles from './merge-buyer.module.css';
import { useBuyerSearch, type BuyerSearch } from './use-buyer-search.ts';

const enquiries = (count: number) => (count === 1 ? '1 enquiry' : `${count} enquiries`);

/** A buyer as the choice names them: enough to tell two people of one name apart. */
function describe(row: LeadRow): string {
  return [
    row.mobile ? displayMobile(row.mobile) : 'no usable number',
    STAGE_LABELS[row.stage],
    row.owner ? `owner ${row.owner.name}` : 'unassigned',
    enquiries(row.enquiries),
  ].join(' · ');
}

/**
 * A manager joins another buyer to this one: the same person wrote from another number, or a lead
 * came without a usable one. The dialog finds the other buyer with the inbox's own search, then
 * merges them into this buyer, who keeps their mobile and owner; the page then shows them as one.
 */
export function MergeBuyerCard({ lead }: { lead: LeadDetail }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const fetcher = useFetcher<LeadActionResult>({ key: 'lead-merge' });
  const result = fetcher.data?.intent === 'merge' ? fetcher.data : undefined;
  const busy = fetcher.state !== 'idle';
  const buyers = useBuyerSearch(lead.buyerId);
  const name = lead.name || 'this buyer';

  useEffect(() => {
    if (!busy && result?.ok) dialog.current?.close();
  }, [busy, result]);

  // Each opening starts a new search.
  function open() {
    buyers.reset();
    dialog.current?.showModal();
  }

  return (
    <section className={ui.card} aria-labelledby="merge-heading">
      <h2 id="merge-heading">Same person as another buyer?</h2>
      <p className={ui.muted}>
        When this person also wrote from another number, or a lead came without a usable one, join
        their other buyer to this one: every enquiry, note, visit and plot becomes this buyer’s.
      </p>
      <button type="button" className={buttonClass('secondary')} onClick={open}>
        Merge with another buyer…
      </button>
      <Notice>{result?.ok ? result.message : undefined}</Notice>
      <dialog ref={dialog} aria-labelledby="merge-dialog-heading" className={ui.formDialog}>
        <h2 id="merge-dialog-heading">Merge another buyer into {name}</h2>
        <BuyerSearchForm buyers={buyers} />
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="merge" />
          <input type="hidden" name="into" value={lead.buyerId} />
          <BuyerChoices buyers={buyers} name={name} />
          <ErrorText>{result?.error}</ErrorText>
          <div className={ui.actions}>
            <DialogButtons
              dialog={dialog}
              submit={{ label: 'Merge buyers', busy: 'Merging…', variant: 'danger' }}
              busy={busy}
            />
          </div>
        </fetcher.Form>
      </dialog>
    </section>
  );
}

/** The search for the other buyer, by name or mobile, and how many it found. */
function BuyerSearchForm({ buyers }: { buyers: BuyerSearch }) {
  const { query, setQuery, found, searching, searchError, search } = buyers;
  return (
    <>
      <form
        role="search"
        aria-label="Find the other buyer"
        onSubmit={(event) => void search(event)}
      >
        <div className={ui.field}>
          <label htmlFor="merge-query">Name or mobile of the other buyer</label>
          <div className={styles.find}>
            <input
              id="merge-query"
              type="search"
              autoComplete="off"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              aria-invalid={searchError ? true : undefined}
              aria-describedby={searchError ? 'merge-query-error' : undefined}
            />
            <button type="submit" className={buttonClass('secondary')} disabled={searching}>
              {searching ? 'Finding…' : 'Find'}
            </button>
          </div>
          {searchError ? (
            <p id="merge-query-error" className={ui.alert}>
              {searchError}
            </p>
          ) : null}
        </div>
      </form>
      <p role="status" className={found === undefined ? 'visually-hidden' : ui.muted}>
        {found === undefined
          ? ''
          : found.length === 0
            ? 'No other buyer matches.'
            : `${found.length === 1 ? '1 other buyer matches' : `${found.length} other buyers match`}; choose the one to merge.`}
      </p>
    </>
  );
}

/** The buyers the search found, one to choose, and what merging the chosen one does. */
function BuyerChoices({ buyers, name }: { buyers: BuyerSearch; name: string }) {
  const { found, chosen, setChosen } = buyers;
  return (
    <>
      {found && found.length > 0 ? (
        <fieldset className={styles.choices}>
          <legend>The buyer to merge into {name}</legend>
          {found.map((row) => (
            <div key={row.buyerId} className={styles.choice}>
              <input
                id={`merge-${row.buyerId}`}
                type="radio"
                name="buyerId"
                value={row.buyerId}
                required
                checked={chosen?.buyerId === row.buyerId}
                onChange={() => setChosen(row)}
                aria-describedby={`merge-${row.buyerId}-facts`}
              />
              <label htmlFor={`merge-${row.buyerId}`}>
                <span className={styles.name}>{row.name || 'No name'}</span>
                <span id={`merge-${row.buyerId}-facts`} className={styles.facts}>
                  {describe(row)}
                </span>
              </label>
            </div>
          ))}
        </fieldset>
      ) : null}
      {chosen ? (
        <p>
          {chosen.name || 'The buyer chosen'} and their {enquiries(chosen.enquiries)}, notes, visits
          and plots become {name}’s, who keeps their mobile and owner (or takes the other’s when
          they have none). This cannot be undone.
        </p>
      ) : null}
    </>
  );
}
