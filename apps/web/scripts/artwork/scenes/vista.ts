import { mix } from '../palette.ts';
import { clouds, grain, ground, hills, palm, roundTree, sky, type Mood } from '../elements.ts';
import type { DrawContext } from '../svg.ts';

/** The shared backdrop of the ground-level scenes: sky, two ranges of hills, lawn, tree line. */
export function backdrop(
  ctx: DrawContext,
  w: number,
  h: number,
  horizon: number,
  mood: Mood,
): string {
  const { p } = ctx;
  let out = sky(ctx, w, h, horizon, mood);
  out += clouds(ctx, w, horizon, mood === 'dusk' ? 2 : 4);
  const haze = mood === 'dusk' ? '#3d5a6e' : '#9fb9c9';
  out += hills(ctx, w, horizon - 24, 48, horizon + 10, mix(p.green600, haze, 0.6), 7);
  out += hills(ctx, w, horizon - 2, 30, horizon + 20, mix(p.green600, haze, 0.35), 9);
  out += ground(ctx, w, horizon, h, mood);
  for (let x = -10; x < w + 10; x += 26) {
    out += roundTree(ctx, x + ctx.rng.range(-6, 6), horizon + 10, ctx.rng.range(8, 14), mood);
  }
  return out;
}

/** Placeholder scene: the backdrop with a pair of palms. */
export function vistaScene(ctx: DrawContext, w: number, h: number, mood: Mood): string {
  return (
    backdrop(ctx, w, h, h * 0.62, mood) +
    palm(ctx, w * 0.2, h * 0.9, h * 0.5) +
    palm(ctx, w * 0.8, h * 0.92, h * 0.45, -1) +
    grain(ctx, w, h, 0.05)
  );
}
