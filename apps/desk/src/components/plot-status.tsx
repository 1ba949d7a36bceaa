import { PLOT_STATUS_LABELS } from '../lib/labels.ts';
import type { PlotStatus } from '../lib/types.ts';
import styles from './plot-status.module.css';

/** A plot's state as a badge: its colour is a help, the word is what counts. */
export function PlotStatusBadge({ status }: { status: PlotStatus }) {
  return (
    <span className={styles.status} data-status={status}>
      {PLOT_STATUS_LABELS[status]}
    </span>
  );
}
