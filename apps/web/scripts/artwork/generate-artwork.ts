import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readPalette } from './palette.ts';
import { createRandom, seedFrom } from './random.ts';
import { rasterise, type RasterVariant, type SvgFactory } from './rasterise.ts';
import { ARTWORK_SLOTS, type ArtworkSlot } from './slots.ts';
import { createDefs, svgDocument, type DrawContext } from './svg.ts';
import { createTextShaper } from './text.ts';
import { writeManifest } from './manifest.ts';
import { format, resolveConfig } from 'prettier';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { writeSiteIcons } from './site-icons.ts';

/**
 * Draws every illustration of the site from code and writes, under `src/assets/artwork/`: every
 * slot as AVIF + WebP at the widths the layout needs, and `manifest.ts` (the URLs and intrinsic
 * sizes `src/content/images.ts` builds on). Also writes the share image and the icons into
 * `public/`. Deterministic: the same code gives the same files.
 *
 * Usage: pnpm --filter @iconia/web artwork [slot-name ...]
 */
const webRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const outDir = join(webRoot, 'src', 'assets', 'artwork');
const publicDir = join(webRoot, 'public');

async function main(only: string[]): Promise<void> {
  const palette = readPalette(join(webRoot, 'src', 'styles', 'tokens.css'));
  const text = createTextShaper();
  mkdirSync(outDir, { recursive: true });
  const entries: { slot: ArtworkSlot; variants: RasterVariant[] }[] = [];
  for (const slot of ARTWORK_SLOTS) {
    const ctx: DrawContext = {
      p: palette,
      rng: createRandom(seedFrom(slot.name)),
      text,
      defs: createDefs(),
    };
    const body = slot.draw(ctx);
    const svgFor: SvgFactory = (viewBox, width, height) =>
      svgDocument(viewBox, width, height, body, ctx.defs);
    if (only.length && !only.includes(slot.name)) {
      entries.push({ slot, variants: [] });
      continue;
    }
    const variants = await rasterise(slot, svgFor, outDir);
    entries.push({ slot, variants });
    const summary = variants.map((v) => `${v.file} ${(v.bytes / 1024).toFixed(1)} KB`).join(', ');
    console.log(`${slot.name}: ${summary}`);
  }
  if (only.length === 0) {
    const manifestPath = join(outDir, 'manifest.ts');
    writeManifest(manifestPath, entries);
    // Formatted like the hand-written code, so a re-run leaves no diff behind.
    const options = (await resolveConfig(manifestPath)) ?? {};
    writeFileSync(
      manifestPath,
      await format(readFileSync(manifestPath, 'utf8'), { ...options, filepath: manifestPath }),
    );
    await writeSiteIcons({ palette, text, publicDir, outDir });
    console.log(`wrote ${relative(webRoot, join(outDir, 'manifest.ts'))} and public icons`);
  }
}

await main(process.argv.slice(2));
