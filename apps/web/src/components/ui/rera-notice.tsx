import { ShieldCheck } from 'lucide-react';
import { DTCP_APPROVAL, FOOTER, RERA, UI_TEXT } from '../../content/site.ts';
import styles from './rera-notice.module.css';

/**
 * The project's RERA registration and where to verify it, which Indian property advertising
 * must show: in the footer and beside the approvals.
 */
export function ReraNotice({ tone = 'light' }: { tone?: 'light' | 'dark' }) {
  return (
    <p className={[styles.notice, styles[tone]].join(' ')}>
      <ShieldCheck aria-hidden="true" size={18} className={styles.icon} />
      <span>
        {DTCP_APPROVAL}. {RERA.authorityShort} {FOOTER.reraLabel}{' '}
        <strong className={styles.number}>{RERA.registrationNumber}</strong>.{' '}
        {FOOTER.reraWebsiteLabel}{' '}
        <a href={RERA.websiteUrl} target="_blank" rel="noopener noreferrer">
          {RERA.websiteLabel}
          <span className="visually-hidden"> {UI_TEXT.opensInNewTab}</span>
        </a>
      </span>
    </p>
  );
}
