import { useId, useState } from 'react';
import { buttonClass } from '../../components/ui.ts';
import panel from '../../components/filter-panel.module.css';
import { API_BASE } from '../../lib/api.ts';
import styles from './inbox.module.css';

/**
 * The managers' CSV export of the filtered list. Notes go with it only when the manager ticks
 * them, since they may say more about a buyer than the lead itself; the server records the choice
 * with the export.
 */
export function ExportCsv({ query }: { query: string }) {
  const id = useId();
  const [notes, setNotes] = useState(false);
  const params = new URLSearchParams(query);
  if (notes) params.set('notes', '1');
  const search = params.toString();
  return (
    <div className={styles.export}>
      <div className={panel.check}>
        <input
          id={id}
          type="checkbox"
          checked={notes}
          onChange={(event) => setNotes(event.currentTarget.checked)}
        />
        <label htmlFor={id}>With notes</label>
      </div>
      <a
        className={buttonClass('secondary')}
        href={`${API_BASE}/export.csv${search ? `?${search}` : ''}`}
        download
      >
        Export CSV
      </a>
    </div>
  );
}
