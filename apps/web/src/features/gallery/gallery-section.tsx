import { useEffect, useState } from 'react';
import { Section, type HeadingLevel } from '../../components/ui/section.tsx';
import { GALLERY, type GalleryCategoryId } from '../../content/site.ts';
import { CATEGORIES, type GalleryItem } from './gallery-categories.ts';
import { GalleryPanel } from './gallery-panel.tsx';
import { GalleryTabs } from './gallery-tabs.tsx';
import { ImageOverlay } from './image-overlay.tsx';
import { preloadWhenIdle, whenIdle } from './preload-images.ts';

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

  useEffect(
    () =>
      preloadWhenIdle(
        CATEGORIES.flatMap((c) => c.items.map((i) => i.image)),
        schedulePreload,
      ),
    [schedulePreload],
  );

  return (
    <Section
      id="gallery"
      eyebrow={GALLERY.eyebrow}
      heading={GALLERY.heading}
      headingLevel={headingLevel}
      intro={GALLERY.intro}
      centered
    >
      <GalleryTabs activeId={activeId} onSelect={setActiveId} />
      {CATEGORIES.map((category) => (
        <GalleryPanel
          key={category.id}
          category={category}
          hidden={category.id !== activeId}
          priorityFirst={leadsPage && category.id === CATEGORIES[0]?.id}
          onOpen={setSelected}
        />
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
