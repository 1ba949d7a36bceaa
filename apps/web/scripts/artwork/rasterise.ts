import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import type { ArtworkSlot, Crop } from './slots.ts';

export interface RasterVariant {
  crop: string;
  format: 'avif' | 'webp';
  width: number;
  height: number;
  file: string;
  bytes: number;
}

export type SvgFactory = (
  viewBox: [number, number, number, number],
  width: number,
  height: number,
) => string;

/**
 * Every drawing is delivered as raster files, the logo and the approval seals too: a decoded
 * AVIF/WebP paints in one step, off the page's main thread, while an SVG image is parsed, styled
 * and laid out as a document of its own on that thread, and a detailed one with gradients and a
 * grain filter costs CPU on every paint. The encoder settings favour small files; flat
 * illustration survives strong compression well.
 */
const AVIF = { quality: 52, effort: 4, chromaSubsampling: '4:2:0' } as const;
const WEBP = { quality: 74, effort: 6, smartSubsample: true } as const;

export async function rasterise(
  slot: ArtworkSlot,
  svgFor: SvgFactory,
  outDir: string,
): Promise<RasterVariant[]> {
  const variants: RasterVariant[] = [];
  for (const crop of cropsOf(slot)) {
    const [, , vw, vh] = crop.viewBox;
    for (const width of crop.widths) {
      const height = Math.round((width * vh) / vw);
      const svg = svgFor(crop.viewBox, width, height);
      const image = sharp(Buffer.from(svg));
      const suffix = crop.name === 'default' ? '' : `-${crop.name}`;
      for (const format of ['avif', 'webp'] as const) {
        const encoded =
          format === 'avif'
            ? await image.clone().avif(AVIF).toBuffer()
            : await image.clone().webp(WEBP).toBuffer();
        const file = `${slot.name}${suffix}-${width}.${format}`;
        writeFileSync(join(outDir, file), encoded);
        variants.push({ crop: crop.name, format, width, height, file, bytes: encoded.length });
      }
    }
  }
  return variants;
}

export function cropsOf(slot: ArtworkSlot): Crop[] {
  return [
    {
      name: 'default',
      viewBox: [0, 0, slot.world.width, slot.world.height],
      widths: slot.output.widths,
    },
    ...(slot.output.crops ?? []),
  ];
}
