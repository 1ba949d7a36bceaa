import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * Every route change starts at the top of the page (specification section 2), back and forward
 * included, so the browser's own restoration is turned off. A link to the page already shown
 * (Home or the logo on `/`) is a navigation too, and brings the top back into view.
 */
export function ScrollToTop() {
  const { key, hash } = useLocation();
  const previous = useRef(key);

  useEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
  }, []);

  useEffect(() => {
    if (previous.current === key) return;
    previous.current = key;
    // A link to a place within a page goes there instead.
    if (hash) return;
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [key, hash]);

  return null;
}
