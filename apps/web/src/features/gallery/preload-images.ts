import type { ImageAsset } from '../../assets/image-asset.ts';

export type IdleScheduler = (work: () => void) => () => void;

/**
 * Runs work once the page has finished loading and the browser is then idle: the page's own
 * files and first images never share the network or the main thread with it. Browsers without
 * requestIdleCallback wait 2 s after the load event.
 */
export const whenIdle: IdleScheduler = (work) => {
  let cancelIdle = () => {};
  const afterLoad = () => {
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(work, { timeout: 5000 });
      cancelIdle = () => window.cancelIdleCallback(handle);
    } else {
      const handle = window.setTimeout(work, 2000);
      cancelIdle = () => window.clearTimeout(handle);
    }
  };
  if (document.readyState === 'complete') {
    afterLoad();
    return () => cancelIdle();
  }
  window.addEventListener('load', afterLoad, { once: true });
  return () => {
    window.removeEventListener('load', afterLoad);
    cancelIdle();
  };
};

/**
 * Warms the browser cache with every image, so switching tabs or opening the overlay shows them
 * at once: one image per idle period, since each costs a slow phone's main thread several
 * milliseconds and eighteen at once would hold it up for a tap. Returns the cancel function.
 */
export function preloadWhenIdle(
  list: readonly ImageAsset[],
  schedule: IdleScheduler = whenIdle,
): () => void {
  let next = 0;
  let cancel = () => {};
  const step = () => {
    const image = list[next];
    next += 1;
    if (image) preloadImage(image);
    if (next < list.length) cancel = schedule(step);
  };
  cancel = schedule(step);
  return () => cancel();
}

/**
 * Starts fetching one image as a detached `<picture>` with the image's own sources, so the
 * browser picks exactly the file the page will ask for (AVIF where it can, at the same width).
 */
export function preloadImage(image: ImageAsset): HTMLPictureElement {
  const picture = document.createElement('picture');
  for (const source of image.sources ?? []) {
    const element = document.createElement('source');
    element.type = source.type;
    if (source.media) element.media = source.media;
    const sizes = source.sizes ?? image.sizes;
    if (sizes) element.sizes = sizes;
    element.srcset = source.srcSet;
    picture.append(element);
  }
  // The <img> goes in last and gets its candidates then: it chooses among the sources above.
  const img = document.createElement('img');
  img.decoding = 'async';
  picture.append(img);
  if (image.sizes) img.sizes = image.sizes;
  if (image.srcSet) img.srcset = image.srcSet;
  img.src = image.src;
  return picture;
}
