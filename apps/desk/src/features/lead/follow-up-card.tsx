import { buttonClass, ui } from '../../components/ui.ts';
import { formatDateTime, toDateTimeLocal } from '../../lib/format.ts';
import type { LeadDetail } from '../../lib/types.ts';
import { FormResult, useLeadForm } from './lead-form.tsx';

export function FollowUpCard({ lead }: { lead: LeadDetail }) {
  const { fetcher, busy, result } = useLeadForm('follow-up');
  return (
    <section className={ui.card} aria-labelledby="follow-up-heading">
      <h2 id="follow-up-heading">Follow-up</h2>
      <p className={ui.muted}>
        {lead.followUpAt ? `Due ${formatDateTime(lead.followUpAt)}` : 'No follow-up set.'}
      </p>
      <fetcher.Form method="post">
        <input type="hidden" name="intent" value="follow-up" />
        <div className={ui.field}>
          <label htmlFor="followUpAt">Follow-up date and time</label>
          <input
            id="followUpAt"
            name="followUpAt"
            type="datetime-local"
            key={lead.followUpAt}
            defaultValue={lead.followUpAt ? toDateTimeLocal(lead.followUpAt) : ''}
          />
        </div>
        <div className={ui.actions}>
          <button type="submit" className={buttonClass()} disabled={busy}>
            Save follow-up
          </button>
          {lead.followUpAt ? (
            <button
              type="submit"
              name="clear"
              value="1"
              className={buttonClass('secondary')}
              disabled={busy}
            >
              Clear follow-up
            </button>
          ) : null}
        </div>
        <FormResult result={result} />
      </fetcher.Form>
    </section>
  );
}
