/**
 * The shape of every image on the site, whether it is our generated artwork or a photo the
 * builder drops into `src/assets/photos/` and imports through vite-imagetools.
 *
 * An image always carries its intrinsic `width`/`height` (so the browser reserves its box before
 * it loads: no layout shift) and its alt text. `srcSet`/`sizes` describe the fallback `<img>`
 * candidates; `sources` describe extra `<source>` elements of a `<picture>`: modern formats
 * first (AVIF), and art-directed crops with a `media` query (the hero's phone portrait crop).
 */
export type ImageMimeType =
  'image/avif' | 'image/webp' | 'image/jpeg' | 'image/png' | 'image/svg+xml';

export interface ImageSource {
  type: ImageMimeType;
  srcSet: string;
  /** Art direction: this source applies only when the media query matches. */
  media?: string;
  sizes?: string;
  /** Intrinsic size of this crop when it differs from the `<img>`'s (art direction). */
  width?: number;
  height?: number;
}

export interface ImageAsset {
  src: string;
  width: number;
  height: number;
  alt: string;
  srcSet?: string;
  sizes?: string;
  sources?: readonly ImageSource[];
}

/** What vite-imagetools returns for an import with `&as=picture`. */
export interface PictureImport {
  /** Format name (avif, webp, jpeg, …) → srcset. */
  sources: Record<string, string>;
  img: { src: string; w: number; h: number };
}

const MIME_BY_FORMAT: Record<string, ImageMimeType> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpeg: 'image/jpeg',
  jpg: 'image/jpeg',
  png: 'image/png',
};

/** Smaller formats first: the browser takes the first `<source>` whose type it supports. */
const FORMAT_ORDER = ['avif', 'webp', 'jpeg', 'jpg', 'png'];

/**
 * Turns a vite-imagetools picture import into an image slot.
 *
 * @example
 *   import clubhouse from '../assets/photos/clubhouse.jpg?w=480;960;1600&format=avif;webp&as=picture';
 *   const slot = fromPicture(clubhouse, 'The clubhouse at dusk', '(min-width: 768px) 50vw, 100vw');
 */
export function fromPicture(picture: PictureImport, alt: string, sizes?: string): ImageAsset {
  const formats = Object.keys(picture.sources).sort(
    (a, b) => rank(a) - rank(b) || a.localeCompare(b),
  );
  const sources: ImageSource[] = [];
  for (const format of formats) {
    const srcSet = picture.sources[format];
    const type = MIME_BY_FORMAT[format];
    if (!srcSet || !type) continue;
    sources.push(sizes ? { type, srcSet, sizes } : { type, srcSet });
  }
  // The last, most widely supported format also becomes the `<img>` fallback candidates.
  const fallback = sources.at(-1);
  return {
    src: picture.img.src,
    width: picture.img.w,
    height: picture.img.h,
    alt,
    ...(fallback ? { srcSet: fallback.srcSet } : {}),
    ...(sizes ? { sizes } : {}),
    sources: sources.slice(0, -1),
  };
}

function rank(format: string): number {
  const index = FORMAT_ORDER.indexOf(format);
  return index === -1 ? FORMAT_ORDER.length : index;
}

/** A `<link rel="preload">` descriptor as React Router's `links` export accepts it. */
export interface ImagePreloadLink {
  rel: 'preload';
  as: 'image';
  href: string;
  imageSrcSet?: string;
  imageSizes?: string;
  type?: ImageMimeType;
  media?: string;
  fetchPriority: 'high';
}

/**
 * Preload links for an above-the-fold image (the hero): one per distinct `media` of its
 * sources (the first source of each, i.e. its smallest format), so the browser fetches exactly
 * the file the `<picture>` will pick, at the right width, before the parser reaches the `<img>`.
 * Art-directed images should give every source a `media` so the preloads never overlap.
 */
export function preloadLinksFor(image: ImageAsset): ImagePreloadLink[] {
  const sources = image.sources ?? [];
  if (sources.length === 0) {
    return [linkFor(image.srcSet, image.sizes, undefined, undefined, image.src)];
  }
  const byMedia = new Map<string, ImageSource>();
  for (const source of sources) {
    const key = source.media ?? '';
    if (!byMedia.has(key)) byMedia.set(key, source);
  }
  return [...byMedia.values()].map((source) =>
    linkFor(source.srcSet, source.sizes ?? image.sizes, source.type, source.media),
  );
}

function linkFor(
  srcSet: string | undefined,
  sizes: string | undefined,
  type: ImageMimeType | undefined,
  media: string | undefined,
  href?: string,
): ImagePreloadLink {
  const firstCandidate = srcSet?.split(',')[0]?.trim().split(/\s+/)[0];
  return {
    rel: 'preload',
    as: 'image',
    href: href ?? firstCandidate ?? '',
    ...(srcSet ? { imageSrcSet: srcSet } : {}),
    ...(sizes ? { imageSizes: sizes } : {}),
    ...(type ? { type } : {}),
    ...(media ? { media } : {}),
    fetchPriority: 'high',
  };
}
