import { Form, Link } from 'react-router';
import panel from '../../components/filter-panel.module.css';
import { buttonClass, ui } from '../../components/ui.ts';
import { FORM_LABELS, STAGE_LABELS } from '../../lib/labels.ts';
import { FORMS, STAGES, type Person } from '../../lib/types.ts';
import { useUser } from '../../lib/session.ts';
import { isFiltered, type LeadFilters } from './lead-filters.ts';
import styles from './inbox.module.css';

interface InboxFiltersProps {
  filters: LeadFilters;
  people: readonly Person[];
}

/**
 * Search and filters as one GET form: the filters live in the address, so Back, reload and a
 * shared link all show the same list.
 */
export function InboxFilters({ filters, people }: InboxFiltersProps) {
  const { q, ...rest } = filters;
  const narrowed = isFiltered({ ...filters, q: '' });
  const user = useUser();
  return (
    <Form method="get" role="search" aria-label="Leads">
      <div className={styles.search}>
        <div>
          <label htmlFor="q">Search by name or mobile</label>
          <input id="q" name="q" type="search" defaultValue={q} inputMode="search" />
        </div>
        <button type="submit" className={buttonClass()}>
          Search
        </button>
      </div>
      <details className={panel.panel} open={narrowed}>
        <summary>Filters{narrowed ? ' (on)' : ''}</summary>
        <div className={panel.grid}>
          <div className={ui.field}>
            <label htmlFor="stage">Stage</label>
            <select id="stage" name="stage" defaultValue={rest.stage}>
              <option value="">Any stage</option>
              {STAGES.map((stage) => (
                <option key={stage} value={stage}>
                  {STAGE_LABELS[stage]}
                </option>
              ))}
            </select>
          </div>
          <div className={ui.field}>
            <label htmlFor="form">Form</label>
            <select id="form" name="form" defaultValue={rest.form}>
              <option value="">Any form</option>
              {FORMS.map((form) => (
                <option key={form} value={form}>
                  {FORM_LABELS[form]}
                </option>
              ))}
            </select>
          </div>
          <div className={ui.field}>
            <label htmlFor="utmSource">Campaign source</label>
            <input id="utmSource" name="utmSource" defaultValue={rest.utmSource} />
          </div>
          <div className={ui.field}>
            <label htmlFor="utmCampaign">Campaign name</label>
            <input id="utmCampaign" name="utmCampaign" defaultValue={rest.utmCampaign} />
          </div>
          <div className={ui.field}>
            <label htmlFor="owner">Owner</label>
            <select id="owner" name="owner" defaultValue={rest.owner}>
              <option value="">Anyone</option>
              <option value="me">Me</option>
              <option value="none">Unassigned</option>
              {people.map((person) => (
                <option key={person.id} value={String(person.id)}>
                  {person.name}
                </option>
              ))}
            </select>
          </div>
          <div className={ui.field}>
            <label htmlFor="from">Received from</label>
            <input id="from" name="from" type="date" defaultValue={rest.from} />
          </div>
          <div className={ui.field}>
            <label htmlFor="to">Received to</label>
            <input id="to" name="to" type="date" defaultValue={rest.to} />
          </div>
          <Flag name="due" label="Follow-up due" checked={rest.due} />
          <Flag name="waiting" label="Waiting for our reply" checked={rest.waiting} />
          <Flag name="spam" label="Spam only" checked={rest.spam} />
          <Flag name="held" label="Held only" checked={rest.held} />
          {user.role === 'manager' ? (
            <Flag name="test" label="Test leads only" checked={rest.test} />
          ) : null}
        </div>
        <div className={`${ui.actions} ${panel.grid}`}>
          <button type="submit" className={buttonClass()}>
            Apply filters
          </button>
          <Link to="/" className={buttonClass('secondary')}>
            Clear all
          </Link>
        </div>
      </details>
    </Form>
  );
}

/** A filter that is on or off: its box sends `1` when ticked. */
function Flag({ name, label, checked }: { name: string; label: string; checked: boolean }) {
  return (
    <div className={panel.check}>
      <input id={name} name={name} type="checkbox" value="1" defaultChecked={checked} />
      <label htmlFor={name}>{label}</label>
    </div>
  );
}
