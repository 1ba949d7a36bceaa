import { CalendarCheck } from 'lucide-react';
import { CHAT_URL, UI_TEXT } from '../../content/site.ts';
import { WhatsAppIcon } from '../ui/brand-icons.tsx';
import styles from './floating-actions.module.css';

export interface FloatingActionsProps {
  onBookSiteVisit: () => void;
}

/** The side button "Book Free Site Visit" and the round chat link, on every shell page. */
export function FloatingActions({ onBookSiteVisit }: FloatingActionsProps) {
  return (
    <aside aria-label={UI_TEXT.quickActionsLabel}>
      <button type="button" className={styles.sideButton} onClick={onBookSiteVisit}>
        <CalendarCheck aria-hidden="true" size={18} />
        <span>{UI_TEXT.bookSiteVisit}</span>
      </button>
      <a
        className={styles.chat}
        href={CHAT_URL}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={`${UI_TEXT.chatLabel} ${UI_TEXT.opensInNewTab}`}
      >
        <WhatsAppIcon size={30} />
      </a>
    </aside>
  );
}
