import { Link, type MetaFunction } from 'react-router';
import { buttonClass } from '../../components/ui/button.ts';
import { NAV_ITEMS, NOT_FOUND, NOT_FOUND_META } from '../../content/site.ts';
import { pageMeta } from '../meta.ts';
import styles from '../standalone-page.module.css';

export const meta: MetaFunction = () => pageMeta(NOT_FOUND_META, '/404');

/** Any path no page claims; the server answers it with status 404. */
export default function NotFound() {
  return (
    <div className={styles.page}>
      <div className={styles.card}>
        <p className={styles.code} aria-hidden="true">
          404
        </p>
        <h1 className={styles.heading}>{NOT_FOUND.heading}</h1>
        <p className={styles.line}>{NOT_FOUND.line}</p>
        <div className={styles.actions}>
          <Link to="/" className={buttonClass()}>
            {NOT_FOUND.home}
          </Link>
        </div>
        <h2 className={styles.subheading}>{NOT_FOUND.suggestionsHeading}</h2>
        <ul className={styles.suggestions}>
          {NAV_ITEMS.filter((item) => item.to !== '/').map((item) => (
            <li key={item.to}>
              <Link to={item.to}>{item.label}</Link>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
