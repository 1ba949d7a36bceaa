import { mix } from '../palette.ts';
import {
  clouds,
  columnTree,
  flowerBed,
  grain,
  ground,
  hedge,
  hills,
  palm,
  roundTree,
  sky,
  streetLight,
  villa,
} from '../elements.ts';
import { boomBarrier, compoundWall, gateArch, road, securityCabin } from '../structures.ts';
import { linearUser, poly, rect, type DrawContext } from '../svg.ts';

/**
 * The landing banner: the gated entrance at the end of a black-top avenue, villas behind the
 * compound wall, palms and lawns, a warm late-afternoon sky. The world is 1920×800; the left
 * third stays calm (sky, far hills, lawn) for the headline, and the phone crop centres on the
 * gate (`HERO_PORTRAIT_VIEWBOX`).
 */
export const HERO_SIZE = { width: 1920, height: 800 } as const;
export const HERO_GATE_X = 1290;
export const HERO_PORTRAIT_VIEWBOX: [number, number, number, number] = [
  HERO_GATE_X - 300,
  0,
  600,
  800,
];

export function heroScene(ctx: DrawContext): string {
  const { p } = ctx;
  const { width: w, height: h } = HERO_SIZE;
  const horizon = 520;
  const gx = HERO_GATE_X;
  const gateBase = 560;
  let out = sky(ctx, w, h, horizon, 'golden');
  out += clouds(ctx, w, horizon, 7);
  out += hills(ctx, w, horizon - 40, 70, horizon + 10, mix(p.green600, '#9fb9c9', 0.6), 9);
  out += hills(ctx, w, horizon - 5, 45, horizon + 20, mix(p.green600, '#9fb9c9', 0.35), 11);
  out += ground(ctx, w, horizon, h, 'golden');
  // Distant tree line along the horizon.
  for (let x = -20; x < w + 20; x += 34) {
    out += roundTree(ctx, x + ctx.rng.range(-8, 8), horizon + 14, ctx.rng.range(12, 20));
  }
  // Villas of the community beyond the wall, receding in two rows.
  const villaRow = (y: number, width: number, xs: number[]) =>
    xs.map((x, i) => villa(ctx, { x, baseY: y, width, variant: (i % 3) as 0 | 1 | 2 })).join('');
  out += villaRow(gateBase - 40, 110, [gx - 560, gx - 390, gx + 260, gx + 420, gx + 590]);
  out += villaRow(gateBase - 8, 150, [gx - 470, gx + 330]);
  // Compound wall either side of the gate, with trees peeking over.
  out += compoundWall(ctx, gx - 820, gx - 210, gateBase + 10, 46);
  out += compoundWall(ctx, gx + 210, w + 20, gateBase + 10, 46);
  for (let x = gx - 780; x < w; x += 120) {
    if (Math.abs(x - gx) < 300) continue;
    out += columnTree(ctx, x, gateBase - 20, ctx.rng.range(70, 95));
  }
  // The avenue through the gate.
  out += road(ctx, {
    nearLeft: gx - 620,
    nearRight: gx + 620,
    nearY: h,
    farLeft: gx - 95,
    farRight: gx + 95,
    farY: gateBase + 6,
    dashes: 8,
  });
  out += gateArch(ctx, { cx: gx, baseY: gateBase + 8, size: 250 });
  out += boomBarrier(ctx, gx - 150, gateBase + 40, 140);
  out += securityCabin(ctx, gx + 250, gateBase + 40, 60);
  // Landscaped verges: lawn wedges, hedges and flower beds following the road.
  const verge = linearUser(
    ctx,
    [
      [0, mix(p.green600, p.gold300, 0.3)],
      [1, p.green700],
    ],
    [0, gateBase, 0, h],
  );
  out += poly(
    [
      [gx - 110, gateBase + 12],
      [gx - 200, gateBase + 12],
      [gx - 900, h],
      [gx - 660, h],
    ],
    verge,
  );
  out += poly(
    [
      [gx + 110, gateBase + 12],
      [gx + 200, gateBase + 12],
      [gx + 900, h],
      [gx + 660, h],
    ],
    verge,
  );
  out += flowerBed(ctx, gx - 560, 700, 170, 24);
  out += flowerBed(ctx, gx + 420, 700, 170, 24);
  out += hedge(ctx, gx - 330, 628, 120, 18);
  out += hedge(ctx, gx + 230, 628, 120, 18);
  // Palms flanking the entrance, street lights along the avenue.
  out += palm(ctx, gx - 260, gateBase + 30, 260, -1);
  out += palm(ctx, gx + 250, gateBase + 30, 250, 1);
  out += palm(ctx, gx - 420, gateBase + 60, 300, -1);
  out += palm(ctx, gx + 430, gateBase + 60, 310, 1);
  for (let i = 0; i < 3; i += 1) {
    const t = (i + 1) / 3.4;
    const y = gateBase + 12 + (h - gateBase) * t * t * 1.4;
    const spread = 110 + (620 - 95) * t * t * 1.2;
    const height = 70 + 160 * t * t;
    out += streetLight(ctx, gx - spread - 20, y, height, false, 1);
    out += streetLight(ctx, gx + spread + 20, y, height, false, -1);
  }
  // Foreground trees frame the right edge and anchor the calm left side.
  out += roundTree(ctx, w - 60, h + 20, 120);
  out += roundTree(ctx, 140, h + 30, 95);
  out += rect(0, h - 14, w, 14, mix(p.green800, p.green900, 0.5), 'opacity="0.6"');
  out += grain(ctx, w, h, 0.05);
  return out;
}
