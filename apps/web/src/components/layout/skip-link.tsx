import { UI_TEXT } from '../../content/site.ts';
import styles from './skip-link.module.css';

/** First stop for keyboard users: jumps past the bars and navigation to the page's content. */
export function SkipLink() {
  return (
    <a className={styles.skip} href="#main">
      {UI_TEXT.skipLink}
    </a>
  );
}
