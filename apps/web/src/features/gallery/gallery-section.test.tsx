import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { images } from '../../content/images.ts';
import { GALLERY } from '../../content/site.ts';
import { GallerySection } from './gallery-section.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const [proposed, completed] = GALLERY.categories;

function showGallery() {
  let idleWork: (() => void) | undefined;
  const schedulePreload = (work: () => void) => {
    idleWork = work;
    return () => {};
  };
  const user = userEvent.setup();
  render(<GallerySection schedulePreload={schedulePreload} />);
  /** Runs one idle period's work; false when nothing was waiting. */
  const runIdleWork = () => {
    const work = idleWork;
    idleWork = undefined;
    work?.();
    return work !== undefined;
  };
  return { user, runIdleWork };
}

function tab(label: string) {
  return screen.getByRole('tab', { name: label });
}

function visiblePanel() {
  return screen.getByRole('tabpanel');
}

describe('gallery tabs', () => {
  it('when the gallery shows, then Proposed Developments is selected with its nine images', () => {
    showGallery();
    expect(screen.getByRole('tablist', { name: GALLERY.tabsLabel })).toBeInTheDocument();
    expect(tab(proposed!.label)).toHaveAttribute('aria-selected', 'true');
    expect(tab(completed!.label)).toHaveAttribute('aria-selected', 'false');
    const panel = visiblePanel();
    expect(panel).toHaveAccessibleName(proposed!.label);
    expect(within(panel).getAllByRole('button')).toHaveLength(9);
    expect(within(panel).getAllByRole('img')).toHaveLength(9);
  });

  it('when the visitor clicks the other tab, then its nine images show instead', async () => {
    const { user } = showGallery();
    await user.click(tab(completed!.label));
    expect(tab(completed!.label)).toHaveAttribute('aria-selected', 'true');
    const panel = visiblePanel();
    expect(panel).toHaveAccessibleName(completed!.label);
    for (const entry of completed!.entries) {
      expect(within(panel).getByRole('img', { name: entry.alt })).toBeInTheDocument();
    }
  });

  it('when the visitor presses the arrow keys on a tab, then focus and selection move and wrap', async () => {
    const { user } = showGallery();
    await user.tab();
    expect(tab(proposed!.label)).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(tab(completed!.label)).toHaveFocus();
    expect(tab(completed!.label)).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowRight}');
    expect(tab(proposed!.label)).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(tab(completed!.label)).toHaveFocus();
    await user.keyboard('{Home}');
    expect(tab(proposed!.label)).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{End}');
    expect(tab(completed!.label)).toHaveAttribute('aria-selected', 'true');
  });

  it('when the visitor tabs from the selected tab, then focus goes into the panel, not the other tab', async () => {
    const { user } = showGallery();
    await user.tab();
    await user.tab();
    expect(visiblePanel()).toHaveFocus();
  });
});

describe('full-size overlay', () => {
  async function openFirstImage(user: ReturnType<typeof userEvent.setup>) {
    const thumb = within(visiblePanel()).getAllByRole('button')[0]!;
    await user.click(thumb);
    return { thumb, overlay: screen.getByRole('dialog', { name: proposed!.entries[0]!.title }) };
  }

  it('when the visitor clicks an image, then it opens at full size in an overlay', async () => {
    const { user } = showGallery();
    const { overlay } = await openFirstImage(user);
    expect(
      within(overlay).getByRole('img', { name: proposed!.entries[0]!.alt }),
    ).toBeInTheDocument();
  });

  it('when the visitor clicks the image itself, then the overlay stays', async () => {
    const { user } = showGallery();
    const { overlay } = await openFirstImage(user);
    await user.click(within(overlay).getByRole('img'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('when the visitor clicks outside the image, then the overlay closes and focus returns', async () => {
    const { user } = showGallery();
    const { overlay, thumb } = await openFirstImage(user);
    await user.click(overlay);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(thumb).toHaveFocus();
  });

  it('when the visitor presses the close button, then the overlay closes', async () => {
    const { user } = showGallery();
    const { overlay } = await openFirstImage(user);
    await user.click(within(overlay).getByRole('button', { name: GALLERY.closeOverlay }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('when the visitor presses Escape, then the overlay closes', async () => {
    const { user } = showGallery();
    await openFirstImage(user);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('preloading', () => {
  it('when the page becomes idle, then the eighteen gallery images are fetched one per idle period, with the sources the page uses', () => {
    const srcSetter = vi.spyOn(HTMLImageElement.prototype, 'src', 'set');
    const { runIdleWork } = showGallery();
    const before = srcSetter.mock.calls.length;

    const perIdlePeriod: number[] = [];
    while (runIdleWork()) perIdlePeriod.push(srcSetter.mock.calls.length - before);

    const all = [...images.gallery.proposed, ...images.gallery.completed];
    const preloads = srcSetter.mock.contexts.slice(before) as HTMLImageElement[];
    // One image per idle period: no single step holds the main thread long.
    expect(perIdlePeriod).toEqual(all.map((_, index) => index + 1));
    expect(srcSetter.mock.calls.slice(before).map(([src]) => src)).toEqual(
      all.map((image) => image.src),
    );
    // Inside a <picture> with the page's AVIF source, so the browser fetches the same file.
    preloads.forEach((img, i) => {
      const source = img.parentElement?.querySelector('source');
      expect(img.parentElement?.tagName).toBe('PICTURE');
      expect(source?.type).toBe('image/avif');
      expect(source?.srcset).toBe(all[i]?.sources?.[0]?.srcSet);
    });
  });

  it('when the gallery sits below the fold, then every image loads lazily', () => {
    showGallery();
    const loading = screen
      .getAllByRole('img', { hidden: true })
      .map((img) => img.getAttribute('loading'));
    expect(new Set(loading)).toEqual(new Set(['lazy']));
  });

  it('when the gallery opens the page, then its first image loads at once with high priority and the rest lazily', () => {
    render(<GallerySection leadsPage schedulePreload={() => () => {}} />);
    const [first, ...rest] = screen.getAllByRole('img', { hidden: true });
    expect(first).toHaveAttribute('loading', 'eager');
    expect(first).toHaveAttribute('fetchpriority', 'high');
    expect(rest.every((img) => img.getAttribute('loading') === 'lazy')).toBe(true);
  });

  it('when the gallery shows, then its tiles are the specified 300 px high', () => {
    showGallery();
    const grid = within(visiblePanel()).getByRole('list');
    expect(grid.style.getPropertyValue('--tile-height')).toBe('300px');
  });
});
