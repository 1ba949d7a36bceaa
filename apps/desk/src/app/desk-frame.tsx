import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import styles from './layout.module.css';

interface DeskFrameProps {
  /** What the bar holds beside the desk's name: the signed-in frame's links and account menu. */
  bar?: ReactNode;
  /** A page is on its way: the line under the bar moves. */
  loading?: boolean;
  children: ReactNode;
}

/**
 * The desk's header and page area, as every screen shows them. The signed-in frame fills the bar;
 * a page that could not load its session (offline, or the server out of reach) shows the bar
 * with the desk's name alone, so the desk still looks like the desk.
 */
export function DeskFrame({ bar, loading = false, children }: DeskFrameProps) {
  return (
    <>
      <a className={styles.skip} href="#main">
        Skip to content
      </a>
      <header className={styles.header}>
        <div className={styles.bar}>
          <NavLink to="/" className={styles.brand} end>
            Iconia sales desk
          </NavLink>
          {bar}
        </div>
        <div className={loading ? styles.progress : styles.idle} aria-hidden="true" />
      </header>
      <main id="main" className={styles.main} tabIndex={-1}>
        {children}
      </main>
    </>
  );
}
