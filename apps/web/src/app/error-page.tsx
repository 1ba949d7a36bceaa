import { Link } from 'react-router';
import { buttonClass } from '../components/ui/button.ts';
import { ERROR_PAGE, PHONES } from '../content/site.ts';
import styles from './standalone-page.module.css';

/** Shown if a page fails to render: an apology, home and the phone number. */
export function ErrorPage() {
  return (
    <main id="main" className={`${styles.page} ${styles.fullHeight}`}>
      <div className={styles.card}>
        <h1 className={styles.heading}>{ERROR_PAGE.heading}</h1>
        <p className={styles.line}>{ERROR_PAGE.line}</p>
        <p className={styles.line}>
          <a href={`tel:${PHONES.sales.e164}`}>{PHONES.sales.display}</a>
        </p>
        <div className={styles.actions}>
          <Link to="/" className={buttonClass()}>
            {ERROR_PAGE.home}
          </Link>
        </div>
      </div>
    </main>
  );
}
