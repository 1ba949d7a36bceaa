import { useEffect, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';
import type { ImageAsset } from '../../assets/image-asset.ts';
import { ResponsiveImage } from '../../components/ui/responsive-image.tsx';
import { Section, type HeadingLevel } from '../../components/ui/section.tsx';
import { images } from '../../content/images.ts';
import { GALLERY, GALLERY_IMAGE_HEIGHT, type GalleryCategoryId } from '../../content/site.ts';
import { ImageOverlay } from './image-overlay.tsx';
import { preloadWhenIdle, whenIdle } from './preload-images.ts';
import styles from './gallery-section.module.css';

interface GalleryItem {
  title: string;
  image: ImageAsset;
}

const CATEGORIES = GALLERY.categories.map((category) => ({
  id: category.id,
  label: category.label,
  items: category.entries.flatMap((entry, index): GalleryItem[] => {
    const image = images.gallery[category.id][index];
    return image ? [{ title: entry.title, image }] : [];
  }),
}));

export interface GallerySectionProps {
  headingLevel?: HeadingLevel;
  /** Schedules the preload of every gallery image; after the page is idle by default. */
  schedulePreload?: (work: () => void) => () => void;
  /**
   * The gallery opens the page (the gallery page): its first image is the largest paint, so it
   * loads at once and first instead of lazily.
   */
  leadsPage?: boolean;
}

/** Two tabs of nine images (ARIA tabs pattern); a click opens an image at full size. */
export function GallerySection({
  headingLevel = 2,
  schedulePreload = whenIdle,
  leadsPage = false,
}: GallerySectionProps) {
  const [activeId, setActiveId] = useState<GalleryCategoryId>(CATEGORIES[0]?.id ?? 'proposed');
  const [selected, setSelected] = useState<GalleryItem | null>(null);
  const tabRefs = useRef(new Map<GalleryCategoryId, HTMLButtonElement>());

  useEffect(
    () =>
      preloadWhenIdle(
        CATEGORIES.flatMap((c) => c.items.map((i) => i.image)),
        schedulePreload,
      ),
    [schedulePreload],
  );

  function handleTabKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const last = CATEGORIES.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    const category = CATEGORIES[next];
    if (!category) return;
    setActiveId(category.id);
    tabRefs.current.get(category.id)?.focus();
  }

  return (
    <Section
      id="gallery"
      eyebrow={GALLERY.eyebrow}
      heading={GALLERY.heading}
      headingLevel={headingLevel}
      intro={GALLERY.intro}
      centered
    >
      <div role="tablist" aria-label={GALLERY.tabsLabel} className={styles.tabs}>
        {CATEGORIES.map((category, index) => {
          const active = category.id === activeId;
          return (
            <button
              key={category.id}
              ref={(node) => {
                if (node) tabRefs.current.set(category.id, node);
                else tabRefs.current.delete(category.id);
              }}
              type="button"
              role="tab"
              id={`gallery-tab-${category.id}`}
              aria-selected={active}
              aria-controls={`gallery-panel-${category.id}`}
              tabIndex={active ? 0 : -1}
              className={styles.tab}
              onClick={() => setActiveId(category.id)}
              onKeyDown={(event) => handleTabKeyDown(event, index)}
            >
              {category.label}
            </button>
          );
        })}
      </div>
      {CATEGORIES.map((category) => (
        <div
          key={category.id}
          role="tabpanel"
          id={`gallery-panel-${category.id}`}
          aria-labelledby={`gallery-tab-${category.id}`}
          hidden={category.id !== activeId}
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
                  onClick={() => setSelected(item)}
                  aria-label={`${GALLERY.openImageLabel} ${item.title}`}
                >
                  <ResponsiveImage
                    image={item.image}
                    className={styles.image}
                    priority={leadsPage && index === 0 && category.id === CATEGORIES[0]?.id}
                  />
                  <span className={styles.title} aria-hidden="true">
                    {item.title}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      ))}
      {selected ? (
        <ImageOverlay
          image={selected.image}
          title={selected.title}
          onClose={() => setSelected(null)}
        />
      ) : null}
    </Section>
  );
}
