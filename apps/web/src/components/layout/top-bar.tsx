import { Phone } from 'lucide-react';
import { PHONES, UI_TEXT } from '../../content/site.ts';
import { SocialLinks } from './social-links.tsx';
import styles from './top-bar.module.css';

/** The strip above the navigation: the sales phone and "Follow Us:" with the social pages. */
export function TopBar() {
  return (
    <aside className={styles.bar} aria-label={UI_TEXT.topBarLabel}>
      <div className={styles.inner}>
        <a className={styles.phone} href={`tel:${PHONES.sales.e164}`}>
          <Phone aria-hidden="true" size={16} />
          <span>{PHONES.sales.display}</span>
        </a>
        <div className={styles.follow}>
          <span className={styles.label}>{UI_TEXT.followUs}</span>
          <SocialLinks />
        </div>
      </div>
    </aside>
  );
}
