import { Phone } from 'lucide-react';
import { PHONES, UI_TEXT, WHATSAPP_URL } from '../../content/site.ts';
import { WhatsAppIcon } from '../ui/brand-icons.tsx';
import styles from './mobile-bottom-bar.module.css';

/** Phone and WhatsApp, always at hand on phones; hidden from the medium breakpoint (768 px) up. */
export function MobileBottomBar() {
  return (
    <nav className={styles.bar} aria-label={UI_TEXT.mobileBarLabel}>
      <a className={[styles.action, styles.call].join(' ')} href={`tel:${PHONES.sales.e164}`}>
        <Phone aria-hidden="true" size={20} />
        {UI_TEXT.phoneLabel}
        <small className={styles.number}> {PHONES.sales.display}</small>
      </a>
      <a
        className={[styles.action, styles.whatsapp].join(' ')}
        href={WHATSAPP_URL}
        target="_blank"
        rel="noopener noreferrer"
      >
        <WhatsAppIcon size={20} />
        {UI_TEXT.whatsappLabel}
        <span className="visually-hidden"> {UI_TEXT.opensInNewTab}</span>
      </a>
    </nav>
  );
}
