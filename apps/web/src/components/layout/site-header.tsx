import { Download, Menu, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { NAV_ITEMS, UI_TEXT } from '../../content/site.ts';
import { withoutTrailingSlash } from '../../lib/paths.ts';
import { buttonClass } from '../ui/button.ts';
import { LogoLink } from './logo-link.tsx';
import styles from './site-header.module.css';

/** The page has one header, so one fixed id links the menu button to the menu. */
const MENU_ID = 'site-menu';

export interface SiteHeaderProps {
  onDownloadBrochure: () => void;
}

/**
 * The navigation bar: logo, the six page links and the Download Brochure button. Below the
 * large breakpoint the links fold behind a menu button.
 */
export function SiteHeader({ onDownloadBrochure }: SiteHeaderProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const currentPath = withoutTrailingSlash(useLocation().pathname);

  useEffect(() => {
    if (!menuOpen) return;
    function closeOnEscape(event: KeyboardEvent) {
      if (event.key === 'Escape') setMenuOpen(false);
    }
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [menuOpen]);

  function downloadBrochure() {
    setMenuOpen(false);
    onDownloadBrochure();
  }

  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <LogoLink className={styles.logo} />
        <button
          type="button"
          className={styles.menuButton}
          aria-expanded={menuOpen}
          aria-controls={MENU_ID}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? <X aria-hidden="true" size={24} /> : <Menu aria-hidden="true" size={24} />}
          <span className="visually-hidden">{menuOpen ? UI_TEXT.menuClose : UI_TEXT.menuOpen}</span>
        </button>
        <nav
          id={MENU_ID}
          aria-label={UI_TEXT.mainNavLabel}
          className={[styles.nav, menuOpen ? styles.open : ''].join(' ')}
        >
          <ul className={styles.links}>
            {NAV_ITEMS.map((item) => (
              <li key={item.to}>
                <Link
                  to={item.to}
                  onClick={() => setMenuOpen(false)}
                  aria-current={currentPath === item.to ? 'page' : undefined}
                  className={[styles.link, currentPath === item.to ? styles.active : ''].join(' ')}
                >
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
          <button
            type="button"
            className={buttonClass({ variant: 'accent', size: 'small', className: styles.cta })}
            onClick={downloadBrochure}
          >
            <Download aria-hidden="true" size={18} />
            {UI_TEXT.downloadBrochure}
          </button>
        </nav>
      </div>
    </header>
  );
}
