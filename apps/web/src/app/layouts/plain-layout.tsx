import { ArrowLeft } from 'lucide-react';
import { Link, Outlet } from 'react-router';
import { LogoLink } from '../../components/layout/logo-link.tsx';
import { SkipLink } from '../../components/layout/skip-link.tsx';
import { RERA, UI_TEXT, FOOTER } from '../../content/site.ts';
import { useCurrentYear } from '../../lib/use-current-year.ts';
import styles from './plain-layout.module.css';

/** A quiet frame for reading pages: logo and the way home above, the legal line below. */
export default function PlainLayout() {
  const year = useCurrentYear();
  return (
    <>
      <SkipLink />
      <header className={styles.header}>
        <div className={styles.inner}>
          <LogoLink />
          <Link to="/" className={styles.back}>
            <ArrowLeft aria-hidden="true" size={18} />
            {UI_TEXT.backToHome}
          </Link>
        </div>
      </header>
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <footer className={styles.footer}>
        <p>
          {FOOTER.copyright(year)} {RERA.authorityShort} {FOOTER.reraLabel}{' '}
          {RERA.registrationNumber}.
        </p>
      </footer>
    </>
  );
}
