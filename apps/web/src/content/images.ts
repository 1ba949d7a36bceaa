import { artwork, type ArtworkCrop, type ArtworkEntry } from '../assets/artwork/manifest.ts';
import type { ImageAsset, ImageSource } from '../assets/image-asset.ts';
import { GALLERY, IMAGE_ALT } from './site.ts';

export type {
  ImageAsset,
  ImageMimeType,
  ImageSource,
  PictureImport,
} from '../assets/image-asset.ts';
export { fromPicture, preloadLinksFor, type ImagePreloadLink } from '../assets/image-asset.ts';

/**
 * Every image slot of the site: its files, intrinsic size and alt text. The artwork comes from
 * `scripts/artwork/` (see `src/assets/README.md` to replace any slot with a real photo).
 *
 * `sizes` values describe the layout the site renders each slot at; keep them in step with the
 * CSS so the browser picks the smallest sufficient file.
 */

/** Below the medium breakpoint the hero shows the portrait crop. */
export const PHONE_MEDIA = '(max-width: 767px)';
export const WIDE_MEDIA = '(min-width: 768px)';

function raster(entry: ArtworkEntry, alt: string, sizes: string): ImageAsset {
  const crop = entry.default;
  return {
    src: crop.src,
    width: crop.width,
    height: crop.height,
    alt,
    srcSet: crop.webp,
    sizes,
    sources: [{ type: 'image/avif', srcSet: crop.avif, sizes }],
  };
}

function artDirected(
  entry: ArtworkEntry,
  alt: string,
  sizes: { phone: string; wide: string },
): ImageAsset {
  if (!entry.portrait) throw new Error('expected a portrait crop');
  const wide = entry.default;
  const phone: ArtworkCrop = entry.portrait;
  const sources: ImageSource[] = [
    {
      type: 'image/avif',
      srcSet: phone.avif,
      sizes: sizes.phone,
      media: PHONE_MEDIA,
      width: phone.width,
      height: phone.height,
    },
    {
      type: 'image/webp',
      srcSet: phone.webp,
      sizes: sizes.phone,
      media: PHONE_MEDIA,
      width: phone.width,
      height: phone.height,
    },
    {
      type: 'image/avif',
      srcSet: wide.avif,
      sizes: sizes.wide,
      media: WIDE_MEDIA,
      width: wide.width,
      height: wide.height,
    },
  ];
  return {
    src: wide.src,
    width: wide.width,
    height: wide.height,
    alt,
    srcSet: wide.webp,
    sizes: sizes.wide,
    sources,
  };
}

/** Gallery tiles are 300 px high; three columns from 1024 px, two from 640 px, one below. */
const GALLERY_SIZES = '(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw';

function entriesOf(id: 'proposed' | 'completed'): readonly { alt: string }[] {
  const category = GALLERY.categories.find((c) => c.id === id);
  if (!category) throw new Error(`site content lacks the ${id} gallery category`);
  return category.entries;
}

/** The gallery's n-th artwork carries the alt text of the n-th entry of its category. */
function gallery(
  group: 'proposed' | 'completed',
  entries: readonly { alt: string }[],
): ImageAsset[] {
  return entries.map((entry, i) => {
    const key = `gallery-${group}-${i + 1}`;
    if (!(key in artwork)) throw new Error(`no artwork for ${key}`);
    return raster(artwork[key as keyof typeof artwork], entry.alt, GALLERY_SIZES);
  });
}

export interface SiteImages {
  logo: ImageAsset;
  /** For dark backgrounds (footer). */
  logoOnDark: ImageAsset;
  hero: ImageAsset;
  clubhouse: ImageAsset;
  locationMap: ImageAsset;
  approvals: ImageAsset;
  /** The video's poster: the hero's files, so on the landing page it costs no extra bytes. */
  videoPoster: ImageAsset;
  gallery: { proposed: readonly ImageAsset[]; completed: readonly ImageAsset[] };
}

const hero = artDirected(artwork.hero, IMAGE_ALT.hero, { phone: '100vw', wide: '100vw' });

export const images: SiteImages = {
  // 44 px high on phones and 52 px from 768 px (header); 56 px in the footer.
  logo: raster(artwork.logo, IMAGE_ALT.logo, '(min-width: 768px) 243px, 206px'),
  logoOnDark: raster(artwork.logoOnDark, IMAGE_ALT.logo, '262px'),
  hero,
  videoPoster: hero,
  clubhouse: raster(artwork.clubhouse, IMAGE_ALT.clubhouse, '(min-width: 1024px) 560px, 100vw'),
  locationMap: raster(
    artwork.locationMap,
    IMAGE_ALT.locationMap,
    '(min-width: 1024px) 560px, 100vw',
  ),
  approvals: raster(artwork.approvals, IMAGE_ALT.approvals, '(min-width: 1024px) 560px, 100vw'),
  gallery: {
    proposed: gallery('proposed', entriesOf('proposed')),
    completed: gallery('completed', entriesOf('completed')),
  },
};
