import { readPalette } from './palette.ts';
import { createRandom, seedFrom } from './random.ts';
import { emblem } from './scenes/logo.ts';
import { createDefs, linear, rect, svgDocument, type DrawContext } from './svg.ts';
import { createTextShaper } from './text.ts';

/**
 * The brand's emblem on the site's green, as an app icon. `any` is a rounded tile with the
 * emblem filling it; `maskable` is full bleed with the emblem inside the central circle (40% of
 * the size in radius) that every launcher's mask keeps.
 */
export type AppIconPurpose = 'any' | 'maskable';

const EMBLEM_SHARE: Record<AppIconPurpose, number> = { any: 0.8, maskable: 0.62 };

export function appIconSvg(tokensPath: string, size: number, purpose: AppIconPurpose): string {
  const palette = readPalette(tokensPath);
  const ctx: DrawContext = {
    p: palette,
    rng: createRandom(seedFrom(`app-icon-${purpose}`)),
    text: createTextShaper(),
    defs: createDefs(),
  };
  const background = linear(ctx, [
    [0, palette.green700],
    [1, palette.green900],
  ]);
  const corner = purpose === 'any' ? `rx="${size * 0.22}"` : '';
  const body =
    rect(0, 0, size, size, background, corner) +
    emblem(ctx, size / 2, size / 2, size * EMBLEM_SHARE[purpose], true);
  return svgDocument([0, 0, size, size], size, size, body, ctx.defs);
}
