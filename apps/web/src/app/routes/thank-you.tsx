import { CircleCheck, Download, House } from 'lucide-react';
import { useEffect } from 'react';
import { Link, type MetaFunction } from 'react-router';
import { LogoLink } from '../../components/layout/logo-link.tsx';
import { buttonClass } from '../../components/ui/button.ts';
import { env } from '../../config/env.ts';
import { BROCHURE_FILE_NAME, BROCHURE_URL, ROUTE_META, THANK_YOU } from '../../content/site.ts';
import { mountAnalytics } from '../../lib/analytics.ts';
import { pageMeta } from '../meta.ts';
import styles from '../standalone-page.module.css';

export const meta: MetaFunction = () => pageMeta(ROUTE_META['/thank-you'], '/thank-you');

export default function ThankYou() {
  // The campaign tags run here only, and leave with the visitor.
  useEffect(() => mountAnalytics({ gtmId: env.gtmId, gaId: env.gaId }), []);

  return (
    <main id="main" className={`${styles.page} ${styles.fullHeight}`}>
      <div className={styles.card}>
        <div className={styles.logo}>
          <LogoLink />
        </div>
        <CircleCheck aria-hidden="true" size={56} className={styles.icon} />
        <h1 className={styles.heading}>{THANK_YOU.heading}</h1>
        <p className={styles.line}>{THANK_YOU.line}</p>
        <p className={styles.line}>{THANK_YOU.brochurePrompt}</p>
        <div className={styles.actions}>
          <a
            href={BROCHURE_URL}
            download={BROCHURE_FILE_NAME}
            className={buttonClass({ variant: 'accent' })}
          >
            <Download aria-hidden="true" size={20} />
            {THANK_YOU.downloadBrochure}
          </a>
          <Link to="/" className={buttonClass()}>
            <House aria-hidden="true" size={20} />
            {THANK_YOU.backToHome}
          </Link>
        </div>
      </div>
    </main>
  );
}
