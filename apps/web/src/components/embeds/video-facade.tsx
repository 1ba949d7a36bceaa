import { useEffect, useRef, useState } from 'react';
import type { ImageAsset } from '../../assets/image-asset.ts';
import { images } from '../../content/images.ts';
import { ResponsiveImage } from '../ui/responsive-image.tsx';
import styles from './embeds.module.css';

export interface VideoFacadeProps {
  videoId: string;
  title: string;
  /** Height of the frame in CSS pixels (the player keeps it). */
  height?: number;
  /** Our own poster by default, so nothing is fetched from YouTube before a click. */
  poster?: ImageAsset;
}

/** The privacy-enhanced player; autoplay because the visitor has just asked for it. */
export function youtubeEmbedUrl(videoId: string): string {
  return `https://www.youtube-nocookie.com/embed/${encodeURIComponent(videoId)}?autoplay=1&rel=0`;
}

/**
 * A poster and a play button standing in for the YouTube player: the page pays for the player
 * (hundreds of KB of script) only when a visitor asks to watch.
 */
export function VideoFacade({
  videoId,
  title,
  height = 500,
  poster = images.videoPoster,
}: VideoFacadeProps) {
  const [playing, setPlaying] = useState(false);
  const frameRef = useRef<HTMLIFrameElement>(null);

  // The button the visitor pressed disappears; keep keyboard focus on what replaced it.
  useEffect(() => {
    if (playing) frameRef.current?.focus();
  }, [playing]);

  return (
    <div className={styles.frame} style={{ height }}>
      {playing ? (
        <iframe
          ref={frameRef}
          className={styles.iframe}
          src={youtubeEmbedUrl(videoId)}
          title={title}
          width="100%"
          height={height}
          allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share"
          allowFullScreen
          // YouTube refuses to play embeds that arrive without a referrer.
          referrerPolicy="strict-origin-when-cross-origin"
        />
      ) : (
        <>
          <ResponsiveImage image={poster} className={styles.poster} decorative />
          <button type="button" className={styles.play} onClick={() => setPlaying(true)}>
            <span className={styles.playIcon} aria-hidden="true">
              <svg viewBox="0 0 68 48" width="68" height="48" focusable="false">
                <rect width="68" height="48" rx="14" fill="currentColor" />
                <path d="M27 15v18l16-9z" fill="#fff" />
              </svg>
            </span>
            <span className={styles.playLabel}>
              <span className={styles.visuallyHidden}>Play video: </span>
              {title}
            </span>
          </button>
        </>
      )}
    </div>
  );
}
