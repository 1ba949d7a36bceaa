import type { ImageAsset } from '../../assets/image-asset.ts';
import { images } from '../../content/images.ts';
import { GALLERY } from '../../content/site.ts';

export interface GalleryItem {
  title: string;
  image: ImageAsset;
}

/** The gallery's tabs, each with the images the site has for its entries. */
export const CATEGORIES = GALLERY.categories.map((category) => ({
  id: category.id,
  label: category.label,
  items: category.entries.flatMap((entry, index): GalleryItem[] => {
    const image = images.gallery[category.id][index];
    return image ? [{ title: entry.title, image }] : [];
  }),
}));

export type GalleryCategory = (typeof CATEGORIES)[number];
