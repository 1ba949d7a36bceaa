import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * Font files shipped by npm packages (Fontsource), so the artwork, the share image and the
 * brochure look the same on every machine, including CI, without system fonts.
 */
const require = createRequire(import.meta.url);

function fontFile(pkg: string, file: string): string {
  return join(dirname(require.resolve(`${pkg}/package.json`)), 'files', file);
}

export const FONT_FILES = {
  display: fontFile('@fontsource/playfair-display', 'playfair-display-latin-600-normal.woff'),
  displayBold: fontFile('@fontsource/playfair-display', 'playfair-display-latin-700-normal.woff'),
  body: fontFile('@fontsource/inter', 'inter-latin-400-normal.woff'),
  bodySemibold: fontFile('@fontsource/inter', 'inter-latin-600-normal.woff'),
  bodyBold: fontFile('@fontsource/inter', 'inter-latin-700-normal.woff'),
} as const;

export type FontName = keyof typeof FONT_FILES;
