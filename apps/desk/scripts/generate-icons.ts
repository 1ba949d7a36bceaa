import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { appIconSvg, type AppIconPurpose } from '@iconia/web/artwork/app-icon';

/**
 * Draws the desk's app icons (the manifest's and the Apple touch icon) from the site's emblem
 * and design tokens into `public/icons/`. Deterministic: the same code gives the same files.
 *
 *   pnpm --filter @iconia/desk icons
 */
const ICONS: { file: string; size: number; purpose: AppIconPurpose }[] = [
  { file: 'icon-192.png', size: 192, purpose: 'any' },
  { file: 'icon-512.png', size: 512, purpose: 'any' },
  { file: 'icon-maskable-192.png', size: 192, purpose: 'maskable' },
  { file: 'icon-maskable-512.png', size: 512, purpose: 'maskable' },
  // iOS rounds the corners itself and shows black behind transparent ones: full bleed.
  { file: 'apple-touch-icon.png', size: 180, purpose: 'maskable' },
];

const tokens = createRequire(import.meta.url).resolve('@iconia/web/src/styles/tokens.css');
const outDir = fileURLToPath(new URL('../public/icons/', import.meta.url));
mkdirSync(outDir, { recursive: true });
for (const { file, size, purpose } of ICONS) {
  const png = await sharp(Buffer.from(appIconSvg(tokens, size, purpose)))
    .png({ compressionLevel: 9, palette: true })
    .toBuffer();
  writeFileSync(`${outDir}${file}`, png);
  console.log(`${file}: ${size}×${size}, ${(png.length / 1024).toFixed(1)} KB`);
}
