import type { CSSProperties } from 'react';
import { ResponsiveImage } from '../../components/ui/responsive-image.tsx';
import { GALLERY, GALLERY_IMAGE_HEIGHT } from '../../content/site.ts';
import type { GalleryCategory, GalleryItem } from './gallery-categories.ts';
import styles from './gallery-section.module.css';

/** One tab's panel: its images as buttons that open them at full size. */
export function GalleryPanel({
  category,
  hidden,
  priorityFirst,
  onOpen,
}: {
  category: GalleryCategory;
  hidden: boolean;
  /** Its first image is the page's largest paint: it loads at once and first. */
  priorityFirst: boolean;
  onOpen: (item: GalleryItem) => void;
}) {
  return (
    <div
      role="tabpanel"
      id={`gallery-panel-${category.id}`}
      aria-labelledby={`gallery-tab-${category.id}`}
      hidden={hidden}
      tabIndex={0}
      className={styles.panel}
    >
      <ul
        className={styles.grid}
        style={{ '--tile-height': `${GALLERY_IMAGE_HEIGHT}px` } as CSSProperties}
      >
        {category.items.map((item, index) => (
          <li key={item.title}>
            <button
              type="button"
              className={styles.thumb}
              onClick={() => onOpen(item)}
              aria-label={`${GALLERY.openImageLabel} ${item.title}`}
            >
              <ResponsiveImage
                image={item.image}
                className={styles.image}
                priority={priorityFirst && index === 0}
              />
              <span className={styles.title} aria-hidden="true">
                {item.title}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
