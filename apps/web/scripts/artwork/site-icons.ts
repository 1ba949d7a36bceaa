import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import type { Palette } from './palette.ts';
import { createRandom, seedFrom } from './random.ts';
import { HERO_SIZE, heroScene } from './scenes/hero.ts';
import { emblem } from './scenes/logo.ts';
import { createDefs, linear, rect, svgDocument, type DrawContext } from './svg.ts';
import type { TextShaper } from './text.ts';

interface IconsInput {
  palette: Palette;
  text: TextShaper;
  publicDir: string;
  outDir: string;
}

/**
 * The favicon (48 px PNG), the Apple touch icon (180 px PNG) and the 1200×630 share image. The
 * favicon is a PNG, not an SVG: browsers fetch and decode a page's icon in its renderer, and an
 * SVG icon is a document of its own built on the page's main thread while the page loads.
 */
export async function writeSiteIcons({ palette, text, publicDir }: IconsInput): Promise<void> {
  const context = (name: string): DrawContext => ({
    p: palette,
    rng: createRandom(seedFrom(name)),
    text,
    defs: createDefs(),
  });

  const icon = context('favicon');
  const iconBody =
    rect(
      0,
      0,
      64,
      64,
      linear(icon, [
        [0, palette.green700],
        [1, palette.green900],
      ]),
      'rx="14"',
    ) + emblem(icon, 32, 32, 52, true);
  const iconPng = await sharp(Buffer.from(svgDocument([0, 0, 64, 64], 48, 48, iconBody, icon.defs)))
    .png({ compressionLevel: 9, palette: true })
    .toBuffer();
  writeFileSync(join(publicDir, 'favicon.png'), iconPng);

  const touch = context('apple-touch-icon');
  const touchBody =
    rect(
      0,
      0,
      180,
      180,
      linear(touch, [
        [0, palette.green700],
        [1, palette.green900],
      ]),
    ) + emblem(touch, 90, 90, 128, true);
  const touchPng = await sharp(
    Buffer.from(svgDocument([0, 0, 180, 180], 180, 180, touchBody, touch.defs)),
  )
    .png({ compressionLevel: 9, palette: true })
    .toBuffer();
  writeFileSync(join(publicDir, 'apple-touch-icon.png'), touchPng);

  const share = context('hero');
  const scene = heroScene(share);
  // The share card crops the hero to 1200:630 on the gate side and lays a green panel with the
  // wordmark and the project's key facts over the calm left part.
  const cropWidth = (HERO_SIZE.height * 1200) / 630;
  const viewBox: [number, number, number, number] = [
    HERO_SIZE.width - cropWidth,
    0,
    cropWidth,
    HERO_SIZE.height,
  ];
  const scale = cropWidth / 1200;
  const panel =
    rect(
      viewBox[0],
      0,
      560 * scale,
      HERO_SIZE.height,
      linear(
        share,
        [
          [0, palette.green900, 0.94],
          [1, palette.green800, 0.88],
        ],
        [0, 0, 1, 0],
      ),
    ) +
    `<g transform="translate(${viewBox[0]} 0) scale(${scale})">` +
    emblem(share, 92, 120, 96, true) +
    text.path('ELEGANT', {
      font: 'display',
      size: 64,
      x: 56,
      y: 250,
      fill: palette.cream50,
      tracking: 0.04,
    }) +
    text.path('ICONIA', {
      font: 'display',
      size: 64,
      x: 56,
      y: 320,
      fill: palette.cream50,
      tracking: 0.04,
    }) +
    rect(58, 350, 90, 3, palette.gold500) +
    text.path('Villa plots 165–660 sq. yds', {
      font: 'bodySemibold',
      size: 28,
      x: 58,
      y: 404,
      fill: palette.gold300,
    }) +
    text.path('100-acre gated community', {
      font: 'body',
      size: 24,
      x: 58,
      y: 446,
      fill: palette.cream50,
    }) +
    text.path('1 km from the National Highway', {
      font: 'body',
      size: 24,
      x: 58,
      y: 482,
      fill: palette.cream50,
    }) +
    text.path('DTCP & RERA APPROVED', {
      font: 'bodyBold',
      size: 20,
      x: 58,
      y: 560,
      fill: palette.gold300,
      tracking: 0.16,
    }) +
    '</g>';
  const shareSvg = svgDocument(viewBox, 1200, 630, scene + panel, share.defs);
  const shareJpg = await sharp(Buffer.from(shareSvg))
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer();
  writeFileSync(join(publicDir, 'og-image.jpg'), shareJpg);
}
