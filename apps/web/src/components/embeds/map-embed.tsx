import { MAP_EMBED_LABELS, UI_TEXT } from '../../content/site.ts';
import { useRef } from 'react';
import { useBrowserValue } from '../../lib/use-browser-value.ts';
import { useNearScreen } from '../../lib/use-near-screen.ts';
import styles from './embeds.module.css';

/** How close to the screen the map may come before it loads: about a phone's thumb scroll. */
const NEAR_SCREEN = '200px';

export interface MapEmbedProps {
  /** A Google Maps embed URL (no API key needed for `output=embed`). */
  src: string;
  title: string;
  /** Height of the frame in CSS pixels. */
  height?: number;
  /** Where "Open the map in Google Maps" goes; the embed URL when not given. */
  fallbackUrl?: string;
}

/**
 * The contact map: a Google Maps iframe over a framed, map-like placeholder, so the section
 * keeps its shape while the map loads, or when it cannot load at all.
 *
 * The frame joins the page once the visitor scrolls it near the screen (within
 * `NEAR_SCREEN`). A browser's own lazy loading would start it several screens away, so on a
 * short page Google would be contacted before the visitor did anything, and the map's half
 * megabyte would compete with the page's first paint on a slow network. Until then (and on a
 * device that knows it is offline, instead of the browser's error page) the placeholder links
 * to Google Maps.
 */
export function MapEmbed({ src, title, height = 400, fallbackUrl }: MapEmbedProps) {
  const online = useBrowserValue(isOnline, false, subscribeToConnectivity);
  const frameRef = useRef<HTMLDivElement>(null);
  const near = useNearScreen(frameRef, NEAR_SCREEN);
  const live = online && near;

  return (
    <div ref={frameRef} className={`${styles.frame} ${styles.mapFrame}`} style={{ height }}>
      <div className={styles.mapPlaceholder}>
        <svg viewBox="0 0 24 24" width="32" height="32" aria-hidden="true" focusable="false">
          <path
            d="M12 2a7 7 0 0 0-7 7c0 5.25 7 13 7 13s7-7.75 7-13a7 7 0 0 0-7-7Zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5Z"
            fill="currentColor"
          />
        </svg>
        {live ? (
          <span aria-hidden="true">{MAP_EMBED_LABELS.loading}</span>
        ) : (
          <a href={fallbackUrl ?? src} target="_blank" rel="noopener noreferrer">
            {MAP_EMBED_LABELS.open}
            <span className={styles.visuallyHidden}> {UI_TEXT.opensInNewTab}</span>
          </a>
        )}
      </div>
      {live && (
        <iframe
          className={styles.iframe}
          src={src}
          title={title}
          width="100%"
          height={height}
          loading="lazy"
          referrerPolicy="strict-origin-when-cross-origin"
          allowFullScreen
        />
      )}
    </div>
  );
}

function subscribeToConnectivity(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

function isOnline(): boolean {
  return navigator.onLine;
}
