import { formatTimeLeft } from '../lib/format.ts';
import styles from './time-left.module.css';

function urgency(minutes: number | null): 'over' | 'soon' | 'ok' {
  if (minutes === null || minutes > 2) return 'ok';
  return minutes > 0 ? 'soon' : 'over';
}

/** Working minutes to the first-response target, coloured as it nears and passes. */
export function TimeLeft({ minutes }: { minutes: number | null }) {
  return (
    <span className={styles.left} data-urgency={urgency(minutes)}>
      {formatTimeLeft(minutes)}
    </span>
  );
}
