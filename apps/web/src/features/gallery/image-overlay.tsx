import { X } from 'lucide-react';
import { useEffect, useRef, type MouseEvent, type SyntheticEvent } from 'react';
import type { ImageAsset } from '../../assets/image-asset.ts';
import { GALLERY } from '../../content/site.ts';
import styles from './image-overlay.module.css';

export interface ImageOverlayProps {
  image: ImageAsset;
  title: string;
  onClose: () => void;
}

/**
 * A gallery image at full size on a dark overlay, on the native modal `<dialog>` (focus stays
 * inside, the page behind is inert). A click anywhere but the picture, the close button or
 * Escape closes it; focus then returns to the thumbnail that opened it.
 */
export function ImageOverlay({ image, title, onClose }: ImageOverlayProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const opener = document.activeElement;
    if (!dialog.open) dialog.showModal();
    const root = document.documentElement;
    const previousOverflow = root.style.overflow;
    root.style.overflow = 'hidden';
    return () => {
      root.style.overflow = previousOverflow;
      if (dialog.open) dialog.close();
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    };
  }, []);

  function handleCancel(event: SyntheticEvent<HTMLDialogElement>) {
    event.preventDefault();
    onClose();
  }

  function handleClick(event: MouseEvent<HTMLDialogElement>) {
    const target = event.target as Element;
    if (!target.closest('[data-overlay-keep]')) onClose();
  }

  return (
    <dialog
      ref={dialogRef}
      className={styles.overlay}
      aria-label={title}
      onCancel={handleCancel}
      onClick={handleClick}
    >
      <button type="button" data-overlay-keep className={styles.close} onClick={onClose}>
        <X aria-hidden="true" size={26} />
        <span className="visually-hidden">{GALLERY.closeOverlay}</span>
      </button>
      <figure className={styles.figure}>
        <img
          data-overlay-keep
          className={styles.image}
          src={image.src}
          srcSet={image.srcSet}
          sizes="100vw"
          width={image.width}
          height={image.height}
          alt={image.alt}
          decoding="async"
        />
        <figcaption data-overlay-keep className={styles.caption}>
          {title}
        </figcaption>
      </figure>
    </dialog>
  );
}
