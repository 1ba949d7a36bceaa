import { ChevronDown, MapPin } from 'lucide-react';
import { LOCATION } from '../../content/site.ts';
import styles from './landmarks-list.module.css';

/** The Major Landmarks with their distance or travel time, folded in a native disclosure. */
export function LandmarksList({ defaultOpen = false }: { defaultOpen?: boolean }) {
  return (
    <details className={styles.details} open={defaultOpen}>
      <summary className={styles.summary}>
        <MapPin aria-hidden="true" size={20} />
        <span className={styles.summaryText}>{LOCATION.landmarksHeading}</span>
        <ChevronDown aria-hidden="true" size={22} className={styles.chevron} />
      </summary>
      <ul className={styles.list}>
        {LOCATION.landmarks.map((landmark) => (
          <li key={landmark.name} className={styles.item}>
            <span className={styles.name}>{landmark.name}</span>
            <span className={styles.distance}>{landmark.distance}</span>
          </li>
        ))}
      </ul>
    </details>
  );
}
