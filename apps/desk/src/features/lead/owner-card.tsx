import { buttonClass, ui } from '../../components/ui.ts';
import { useUser } from '../../lib/session.ts';
import type { LeadDetail, Person } from '../../lib/types.ts';
import { FormResult, useLeadForm } from './lead-form.tsx';

export function OwnerCard({ lead, people }: { lead: LeadDetail; people: readonly Person[] }) {
  const user = useUser();
  const { fetcher, busy, result } = useLeadForm('owner');
  return (
    <section className={ui.card} aria-labelledby="owner-heading">
      <h2 id="owner-heading">Owner</h2>
      <fetcher.Form method="post">
        <input type="hidden" name="intent" value="owner" />
        {user.role === 'manager' ? (
          <>
            <div className={ui.field}>
              <label htmlFor="ownerId">Assign to</label>
              <select
                id="ownerId"
                name="ownerId"
                defaultValue={lead.owner?.id ?? ''}
                key={lead.owner?.id}
              >
                <option value="">Nobody (unassigned)</option>
                {people.map((person) => (
                  <option key={person.id} value={person.id}>
                    {person.name}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className={buttonClass()} disabled={busy}>
              Save owner
            </button>
          </>
        ) : lead.owner ? (
          <p>You own this lead.</p>
        ) : (
          <>
            <input type="hidden" name="ownerId" value={user.id} />
            <p className={ui.muted}>Nobody owns this lead yet.</p>
            <button type="submit" className={buttonClass()} disabled={busy}>
              Claim this lead
            </button>
          </>
        )}
        <FormResult result={result} />
      </fetcher.Form>
    </section>
  );
}
