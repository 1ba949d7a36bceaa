import { approvalsScene, APPROVALS_SIZE } from './scenes/approvals.ts';
import { HERO_PORTRAIT_VIEWBOX, HERO_SIZE, heroScene } from './scenes/hero.ts';
import { LOGO_SIZE, logoScene } from './scenes/logo.ts';
import { clubhouseFeature, COMPLETED, PROPOSED } from './scenes/gallery.ts';
import { locationMapScene } from './scenes/location-map.ts';
import type { DrawContext } from './svg.ts';

export interface Crop {
  name: string;
  viewBox: [number, number, number, number];
  widths: number[];
}

export interface ArtworkSlot {
  /** File name stem. */
  name: string;
  /** Key in the generated manifest. */
  key: string;
  world: { width: number; height: number };
  output: { widths: number[]; crops?: Crop[] };
  draw(ctx: DrawContext): string;
}

/** Gallery scenes share one frame: 4:3, shown 300 px high in the grid and larger in the overlay. */
export const GALLERY_SIZE = { width: 1200, height: 900 } as const;
const GALLERY_WIDTHS = [480, 800, 1200];

type SceneDraw = (ctx: DrawContext, w: number, h: number) => string;

function gallerySlot(group: 'proposed' | 'completed', index: number, draw: SceneDraw): ArtworkSlot {
  return {
    name: `gallery-${group}-${index + 1}`,
    key: `gallery-${group}-${index + 1}`,
    world: GALLERY_SIZE,
    output: { widths: GALLERY_WIDTHS },
    draw: (ctx) => draw(ctx, GALLERY_SIZE.width, GALLERY_SIZE.height),
  };
}

export const PROPOSED_SCENES: SceneDraw[] = PROPOSED;
export const COMPLETED_SCENES: SceneDraw[] = COMPLETED;

/**
 * The logo shows 44–56 px high, 205–260 px wide: its widths cover phones of 1 to 3 device pixels
 * per CSS pixel.
 */
const LOGO_WIDTHS = [280, 560, 840];

export const ARTWORK_SLOTS: ArtworkSlot[] = [
  {
    name: 'logo',
    key: 'logo',
    world: LOGO_SIZE,
    output: { widths: LOGO_WIDTHS },
    draw: (ctx) => logoScene(ctx, false),
  },
  {
    name: 'logo-on-dark',
    key: 'logoOnDark',
    world: LOGO_SIZE,
    output: { widths: LOGO_WIDTHS },
    draw: (ctx) => logoScene(ctx, true),
  },
  {
    name: 'hero',
    key: 'hero',
    world: HERO_SIZE,
    output: {
      widths: [960, 1440, 1920],
      crops: [{ name: 'portrait', viewBox: HERO_PORTRAIT_VIEWBOX, widths: [480, 720, 900] }],
    },
    draw: heroScene,
  },
  {
    name: 'clubhouse',
    key: 'clubhouse',
    world: { width: 1200, height: 800 },
    output: { widths: [640, 960, 1200] },
    draw: (ctx) => clubhouseFeature(ctx, 1200, 800),
  },
  {
    name: 'location-map',
    key: 'locationMap',
    world: { width: 1200, height: 1000 },
    output: { widths: [640, 960, 1200] },
    draw: (ctx) => locationMapScene(ctx, 1200, 1000),
  },
  {
    name: 'approvals',
    key: 'approvals',
    world: APPROVALS_SIZE,
    output: { widths: [400, 800, 1200] },
    draw: approvalsScene,
  },
  ...PROPOSED_SCENES.map((draw, i) => gallerySlot('proposed', i, draw)),
  ...COMPLETED_SCENES.map((draw, i) => gallerySlot('completed', i, draw)),
];
