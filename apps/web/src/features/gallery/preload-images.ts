import type { ImageAsset } from '../../assets/image-asset.ts';

type IdleScheduler = (work: () => void) => () => void;

/** Runs work when the browser is idle; browsers without requestIdleCallback wait for load + 2 s. */
export const whenIdle: IdleScheduler = (work) => {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(work, { timeout: 5000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(work, 2000);
  return () => window.clearTimeout(handle);
};

/**
 * Warms the browser cache with every image, so switching tabs or opening the overlay shows them
 * at once. Each preload asks for what the page itself will ask for: the same srcset and sizes.
 */
export function preloadImages(list: readonly ImageAsset[]): HTMLImageElement[] {
  return list.map((image) => {
    const preload = new Image();
    preload.decoding = 'async';
    if (image.sizes) preload.sizes = image.sizes;
    if (image.srcSet) preload.srcset = image.srcSet;
    preload.src = image.src;
    return preload;
  });
}
