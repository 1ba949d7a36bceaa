import type { Plugin } from 'vite';
import { imagetools } from 'vite-imagetools';

/**
 * Real photos dropped into `src/assets/photos/` and imported with a query such as
 * `?w=480;960;1600&format=avif;webp&as=picture` become responsive AVIF/WebP variants at build
 * time (see src/assets/README.md). The generated artwork is already encoded and stays untouched.
 */
export const PHOTO_QUERY_EXAMPLE = 'w=480;960;1600&format=avif;webp&as=picture';

export function photoPipeline(): Plugin {
  return imagetools({
    exclude: ['public/**/*', '**/src/assets/artwork/**'],
    // Metadata (EXIF, GPS position) of the builder's phone photos never reaches the site.
    removeMetadata: true,
    defaultDirectives: (url) => {
      // Photos are shown at most ~1600 px wide; modest quality is indistinguishable on screen
      // and keeps every variant small.
      const directives = new URLSearchParams();
      if (url.searchParams.has('as') || url.searchParams.has('format')) {
        directives.set('quality', '60');
      }
      return directives;
    },
  });
}
