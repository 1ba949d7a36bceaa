import { Download, Menu, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { NavLink } from 'react-router';
import { NAV_ITEMS, UI_TEXT } from '../../content/site.ts';
import { buttonClass } from '../ui/button.ts';
import { LogoLink } from './logo-link.tsx';
import styles from './site-header.module.css';

export interface SiteHeaderProps {
  onDownloadBrochure: () => void;
}

/**
 * The navigation bar: logo, the six page links and the Download Brochure button. Below the
 * large breakpoint the links fold behind a menu button.
 */
export function SiteHeader({ onDownloadBrochure }: SiteHeaderProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();

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
        <LogoLink />
        <button
          type="button"
          className={styles.menuButton}
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? <X aria-hidden="true" size={24} /> : <Menu aria-hidden="true" size={24} />}
          <span className="visually-hidden">{menuOpen ? UI_TEXT.menuClose : UI_TEXT.menuOpen}</span>
        </button>
        <nav
          id={menuId}
          aria-label={UI_TEXT.mainNavLabel}
          className={[styles.nav, menuOpen ? styles.open : ''].join(' ')}
        >
          <ul className={styles.links}>
            {NAV_ITEMS.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end
                  onClick={() => setMenuOpen(false)}
                  className={({ isActive }) =>
                    [styles.link, isActive ? styles.active : ''].join(' ')
                  }
                >
                  {item.label}
                </NavLink>
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
