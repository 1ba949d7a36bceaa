import { useRef, type KeyboardEvent } from 'react';
import { GALLERY, type GalleryCategoryId } from '../../content/site.ts';
import { CATEGORIES } from './gallery-categories.ts';
import styles from './gallery-section.module.css';

/** The tab a key moves to from `index` (arrows wrap round, Home and End), or null for other keys. */
function nextTab(key: string, index: number): number | null {
  const last = CATEGORIES.length - 1;
  return key === 'ArrowRight'
    ? index === last
      ? 0
      : index + 1
    : key === 'ArrowLeft'
      ? index === 0
        ? last
        : index - 1
      : key === 'Home'
        ? 0
        : key === 'End'
          ? last
          : null;
}

/** The tab list of the ARIA tabs pattern: one tab in the tab order, arrows move between them. */
export function GalleryTabs({
  activeId,
  onSelect,
}: {
  activeId: GalleryCategoryId;
  onSelect: (id: GalleryCategoryId) => void;
}) {
  const tabRefs = useRef(new Map<GalleryCategoryId, HTMLButtonElement>());

  function handleTabKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const next = nextTab(event.key, index);
    if (next === null) return;
    event.preventDefault();
    const category = CATEGORIES[next];
    if (!category) return;
    onSelect(category.id);
    tabRefs.current.get(category.id)?.focus();
  }

  return (
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
            onClick={() => onSelect(category.id)}
            onKeyDown={(event) => handleTabKeyDown(event, index)}
          >
            {category.label}
          </button>
        );
      })}
    </div>
  );
}
