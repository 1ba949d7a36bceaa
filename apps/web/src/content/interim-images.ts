/**
 * Stand-in image slots until the generated artwork (`images.ts`) is in place: tinted SVG
 * frames of the right size, with the real alt texts.
 */
import type { ImageAsset } from '../assets/image-asset.ts';
import { GALLERY, IMAGE_ALT } from './site.ts';

function frame(width: number, height: number, alt: string, label: string): ImageAsset {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><rect width="100%" height="100%" fill="#1f5a41"/><text x="50%" y="50%" fill="#e6c98b" font-family="Georgia" font-size="${Math.round(height / 12)}" text-anchor="middle">${label}</text></svg>`;
  return { src: `data:image/svg+xml,${encodeURIComponent(svg)}`, width, height, alt };
}

function entriesOf(id: string) {
  return GALLERY.categories.find((category) => category.id === id)?.entries ?? [];
}

export const images = {
  logo: frame(240, 64, IMAGE_ALT.logo, 'Elegant Iconia'),
  hero: frame(1600, 900, IMAGE_ALT.hero, ''),
  clubhouse: frame(1200, 800, IMAGE_ALT.clubhouse, 'Clubhouse'),
  locationMap: frame(1200, 900, IMAGE_ALT.locationMap, 'Location map'),
  approvals: frame(800, 400, IMAGE_ALT.approvals, 'DTCP · RERA'),
  gallery: {
    proposed: entriesOf('proposed').map((entry) => frame(1200, 800, entry.alt, entry.title)),
    completed: entriesOf('completed').map((entry) => frame(1200, 800, entry.alt, entry.title)),
  },
};
