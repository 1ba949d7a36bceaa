import { mix } from './palette.ts';
import {
  circle,
  ellipse,
  group,
  line,
  linear,
  linearUser,
  poly,
  r,
  radial,
  rect,
  smoothPath,
  type DrawContext,
} from './svg.ts';

/**
 * The shared vocabulary of every illustration. One light: a low sun to the upper left, so lit
 * faces look left, shaded faces right, and shadows fall to the lower right.
 */
export type Mood = 'day' | 'golden' | 'dusk';

export function skyColors(ctx: DrawContext, mood: Mood): { top: string; horizon: string } {
  const { p } = ctx;
  const blue = '#7fa9c4';
  if (mood === 'dusk') return { top: mix('#2c4a63', p.green900, 0.35), horizon: p.gold300 };
  if (mood === 'golden') return { top: mix(blue, p.cream50, 0.15), horizon: p.gold100 };
  return { top: blue, horizon: mix(p.cream50, blue, 0.15) };
}

export function sky(ctx: DrawContext, w: number, h: number, horizon: number, mood: Mood): string {
  const { top, horizon: low } = skyColors(ctx, mood);
  const fill = linearUser(
    ctx,
    [
      [0, top],
      [1, low],
    ],
    [0, 0, 0, horizon],
  );
  const sunX = w * 0.2;
  const sunY = horizon * (mood === 'dusk' ? 0.92 : 0.55);
  const glow = radial(ctx, [
    [0, mood === 'dusk' ? '#ffe2a8' : ctx.p.gold100, 0.95],
    [0.25, ctx.p.gold300, mood === 'day' ? 0.35 : 0.55],
    [1, ctx.p.gold300, 0],
  ]);
  return (
    rect(0, 0, w, horizon + 4, fill) +
    ellipse(sunX, sunY, w * 0.42, horizon * 0.9, glow) +
    circle(
      sunX,
      sunY,
      Math.max(10, w * 0.022),
      mood === 'dusk' ? '#ffe7b3' : '#fff6df',
      'opacity="0.9"',
    )
  );
}

/** Flat-bottomed cumulus made of stacked ellipses, lit from the left. */
export function clouds(ctx: DrawContext, w: number, horizon: number, count: number): string {
  const { rng, p } = ctx;
  let out = '';
  for (let i = 0; i < count; i += 1) {
    const cx = rng.range(0.05, 0.95) * w;
    const cy = rng.range(0.12, 0.55) * horizon;
    const size = rng.range(0.04, 0.09) * w;
    const shade = linear(ctx, [
      [0, p.white, 0.92],
      [1, mix(p.white, '#9fb9c9', 0.45), 0.85],
    ]);
    let puffs = '';
    const n = 3 + Math.floor(rng.next() * 3);
    for (let j = 0; j < n; j += 1) {
      const px = cx + (j - n / 2) * size * 0.55 + rng.range(-6, 6);
      const pr = size * rng.range(0.35, 0.6) * (1 - Math.abs(j - n / 2) / n);
      puffs += ellipse(px, cy - pr * 0.35, pr * 1.1, pr * 0.8, shade);
    }
    puffs += ellipse(cx, cy, size * 1.35, size * 0.16, shade);
    out += group(puffs, `opacity="${r(rng.range(0.55, 0.85))}"`);
  }
  return out;
}

/** A range of hills: smooth ridge from left to right, filled down to `bottom`. */
export function hills(
  ctx: DrawContext,
  w: number,
  base: number,
  amplitude: number,
  bottom: number,
  color: string,
  detail = 7,
): string {
  const { rng } = ctx;
  const points: [number, number][] = [];
  for (let i = 0; i <= detail; i += 1) {
    points.push([(i / detail) * (w + 80) - 40, base - rng.range(0.2, 1) * amplitude]);
  }
  const fill = linear(ctx, [
    [0, mix(color, ctx.p.gold100, 0.12)],
    [1, color],
  ]);
  return `<path d="${smoothPath(points)}L${w + 40} ${bottom}L-40 ${bottom}Z" fill="${fill}"/>`;
}

/** Ground: a lawn gradient from the horizon to the foreground. */
export function ground(
  ctx: DrawContext,
  w: number,
  horizon: number,
  h: number,
  mood: Mood,
): string {
  const { p } = ctx;
  const far = mood === 'dusk' ? mix(p.green700, '#2c4a63', 0.35) : mix(p.green600, p.gold300, 0.28);
  const near = mood === 'dusk' ? p.green900 : p.green700;
  return rect(
    0,
    horizon,
    w,
    h - horizon,
    linearUser(
      ctx,
      [
        [0, far],
        [1, near],
      ],
      [0, horizon, 0, h],
    ),
  );
}

export function groundShadow(
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  opacity = 0.25,
): string {
  return ellipse(cx + rx * 0.35, cy, rx, ry, '#0f2e22', `opacity="${opacity}"`);
}

/** A broad-leaved tree: a cluster of canopy lobes, highlight on the sun side. */
export function roundTree(
  ctx: DrawContext,
  x: number,
  baseY: number,
  size: number,
  mood: Mood = 'day',
): string {
  const { p, rng } = ctx;
  const trunk = mix(p.gold700, p.ink900, 0.45);
  const dark = mood === 'dusk' ? mix(p.green900, '#000000', 0.2) : p.green800;
  const mid = mood === 'dusk' ? p.green800 : p.green700;
  const light = mood === 'dusk' ? p.green700 : mix(p.green600, p.gold300, 0.25);
  const cy = baseY - size * 1.25;
  let out = groundShadow(x, baseY, size * 0.9, size * 0.16);
  out += poly(
    [
      [x - size * 0.07, baseY],
      [x - size * 0.04, cy + size * 0.2],
      [x + size * 0.04, cy + size * 0.2],
      [x + size * 0.08, baseY],
    ],
    trunk,
  );
  const lobes = 5 + Math.floor(rng.next() * 3);
  let canopy = '';
  for (let i = 0; i < lobes; i += 1) {
    const a = (i / lobes) * Math.PI * 2;
    canopy += circle(
      x + Math.cos(a) * size * 0.42,
      cy + Math.sin(a) * size * 0.3,
      size * rng.range(0.42, 0.55),
      dark,
    );
  }
  canopy += circle(x, cy, size * 0.6, mid);
  for (let i = 0; i < 3; i += 1) {
    canopy += circle(
      x - size * rng.range(0.1, 0.35),
      cy - size * rng.range(0.1, 0.35),
      size * rng.range(0.22, 0.34),
      light,
      'opacity="0.9"',
    );
  }
  return out + canopy;
}

/** A slender column tree (ashoka), used to line avenues and walls. */
export function columnTree(
  ctx: DrawContext,
  x: number,
  baseY: number,
  height: number,
  mood: Mood = 'day',
): string {
  const { p } = ctx;
  const w = height * 0.26;
  const top = baseY - height;
  const body = `M${r(x)} ${r(top)}C${r(x + w * 0.75)} ${r(top + height * 0.25)} ${r(x + w * 0.65)} ${r(baseY - height * 0.15)} ${r(x)} ${r(baseY - height * 0.05)}C${r(x - w * 0.65)} ${r(baseY - height * 0.15)} ${r(x - w * 0.75)} ${r(top + height * 0.25)} ${r(x)} ${r(top)}Z`;
  const fill = linear(
    ctx,
    [
      [0, mood === 'dusk' ? p.green700 : mix(p.green600, p.gold300, 0.2)],
      [0.55, mood === 'dusk' ? p.green800 : p.green700],
      [1, p.green900],
    ],
    [0, 0, 1, 0],
  );
  return (
    groundShadow(x, baseY, w * 0.8, w * 0.12) +
    rect(x - 1.5, baseY - height * 0.1, 3, height * 0.1, mix(p.gold700, p.ink900, 0.45)) +
    `<path d="${body}" fill="${fill}"/>`
  );
}

/** A coconut palm: a leaning ringed trunk and drooping fronds. */
export function palm(
  ctx: DrawContext,
  x: number,
  baseY: number,
  height: number,
  lean = 1,
  mood: Mood = 'day',
): string {
  const { p } = ctx;
  const topX = x + height * 0.12 * lean;
  const topY = baseY - height;
  const trunkColor = mix(p.gold700, p.cream100, mood === 'dusk' ? 0.05 : 0.25);
  let out = groundShadow(x, baseY, height * 0.3, height * 0.04, 0.2);
  out += `<path d="M${r(x - height * 0.04)} ${r(baseY)}Q${r(x + height * 0.01 * lean)} ${r(baseY - height * 0.55)} ${r(topX - height * 0.02)} ${r(topY)}L${r(topX + height * 0.02)} ${r(topY)}Q${r(x + height * 0.06 * lean)} ${r(baseY - height * 0.55)} ${r(x + height * 0.04)} ${r(baseY)}Z" fill="${trunkColor}"/>`;
  const frondDark = mood === 'dusk' ? p.green900 : p.green800;
  const frondLight = mood === 'dusk' ? p.green800 : mix(p.green600, p.gold300, 0.2);
  const angles = [-168, -140, -112, -80, -50, -22, 5, 200];
  angles.forEach((deg, i) => {
    const a = (deg * Math.PI) / 180;
    const len = height * (0.42 + (i % 2) * 0.08);
    const ex = topX + Math.cos(a) * len;
    const ey = topY + Math.sin(a) * len * 0.55 + len * 0.35;
    const mx = topX + Math.cos(a) * len * 0.55;
    const my = topY + Math.sin(a) * len * 0.55 - len * 0.08;
    const fill = Math.cos(a) < 0 ? frondLight : frondDark;
    out += `<path d="M${r(topX)} ${r(topY)}Q${r(mx)} ${r(my - len * 0.12)} ${r(ex)} ${r(ey)}Q${r(mx)} ${r(my + len * 0.06)} ${r(topX)} ${r(topY + 3)}Z" fill="${fill}"/>`;
  });
  out += circle(topX, topY + 3, height * 0.03, mix(p.gold700, p.green900, 0.4));
  return out;
}

export function hedge(
  ctx: DrawContext,
  x: number,
  y: number,
  w: number,
  h: number,
  mood: Mood = 'day',
): string {
  const { p } = ctx;
  const fill = linear(ctx, [
    [0, mood === 'dusk' ? p.green700 : mix(p.green600, p.gold300, 0.18)],
    [1, mood === 'dusk' ? p.green900 : p.green800],
  ]);
  return rect(x, y, w, h, fill, `rx="${r(Math.min(h / 2, 14))}"`);
}

/** Flowering shrubs: small mounds with gold and cream blossoms. */
export function flowerBed(ctx: DrawContext, x: number, y: number, w: number, h: number): string {
  const { p, rng } = ctx;
  let out = hedge(ctx, x, y, w, h);
  const blooms = Math.max(3, Math.floor(w / 9));
  for (let i = 0; i < blooms; i += 1) {
    out += circle(
      x + rng.range(0.05, 0.95) * w,
      y + rng.range(0.15, 0.55) * h,
      rng.range(1.4, 2.6) * (h / 18),
      rng.pick([p.gold300, p.gold500, p.cream50, '#e8a27c']),
    );
  }
  return out;
}

/** A street lamp: slim pole, a gold lamp head, with a glow after sunset. */
export function streetLight(
  ctx: DrawContext,
  x: number,
  baseY: number,
  height: number,
  lit: boolean,
  facing = 1,
): string {
  const { p } = ctx;
  const pole = mix(p.ink700, p.green900, 0.3);
  const armX = x + facing * height * 0.16;
  let out = rect(x - height * 0.012, baseY - height, height * 0.024, height, pole);
  out += `<path d="M${r(x)} ${r(baseY - height)}Q${r(x + facing * height * 0.02)} ${r(baseY - height * 1.06)} ${r(armX)} ${r(baseY - height * 1.03)}" stroke="${pole}" stroke-width="${r(height * 0.02)}" fill="none"/>`;
  out += rect(
    armX - height * 0.05,
    baseY - height * 1.04,
    height * 0.1,
    height * 0.03,
    pole,
    `rx="${r(height * 0.01)}"`,
  );
  out += rect(
    armX - height * 0.04,
    baseY - height * 1.012,
    height * 0.08,
    height * 0.012,
    lit ? '#fff1c9' : p.gold300,
  );
  if (lit) {
    const glow = radial(ctx, [
      [0, '#ffe7ad', 0.55],
      [1, '#ffe7ad', 0],
    ]);
    out += ellipse(armX, baseY - height, height * 0.32, height * 0.32, glow);
    out += ellipse(armX, baseY, height * 0.28, height * 0.05, '#ffe7ad', 'opacity="0.18"');
  }
  return out;
}

export interface VillaOptions {
  x: number;
  baseY: number;
  /** Width of the front face. */
  width: number;
  variant: 0 | 1 | 2;
  mood?: Mood;
  /** Depth of the receding side face as a fraction of the width. */
  depth?: number;
}

/**
 * A contemporary two-storey villa: a lit front face, a shaded side face receding to the right,
 * flat roof slabs, timber cladding, tall glazing and a low boundary wall with a gate.
 */
export function villa(ctx: DrawContext, options: VillaOptions): string {
  const { p } = ctx;
  const { x, baseY, width: w, variant, mood = 'day', depth = 0.22 } = options;
  const h1 = w * 0.34;
  const h2 = w * 0.3;
  const d = w * depth;
  const rise = d * 0.45;
  const wall = mood === 'dusk' ? mix(p.cream100, '#8e8a7e', 0.35) : p.cream50;
  const side = mood === 'dusk' ? mix(p.cream100, '#4c5450', 0.55) : mix(p.cream100, p.line, 0.6);
  const slab = mix(p.ink700, p.green900, 0.35);
  const timber = mood === 'dusk' ? mix(p.gold700, p.ink900, 0.35) : p.gold700;
  const glassDay = linear(ctx, [
    [0, '#cfe0e6'],
    [0.5, '#7fa2b3'],
    [1, mix('#5e7f8e', p.green900, 0.3)],
  ]);
  const glassLit = linear(ctx, [
    [0, '#fff0c4'],
    [1, p.gold500],
  ]);
  const glass = mood === 'dusk' ? glassLit : glassDay;
  const upperW = variant === 1 ? w * 0.62 : w * 0.72;
  const upperX = variant === 2 ? x + w - upperW : x;
  let out = groundShadow(x + w * 0.55, baseY, w * 0.7, w * 0.06, 0.28);
  // Ground floor: side face, then front face.
  out += poly(
    [
      [x + w, baseY],
      [x + w + d, baseY - rise],
      [x + w + d, baseY - rise - h1],
      [x + w, baseY - h1],
    ],
    side,
  );
  out += rect(x, baseY - h1, w, h1, wall);
  // Upper floor.
  const top = baseY - h1 - h2;
  out += poly(
    [
      [upperX + upperW, baseY - h1],
      [upperX + upperW + d, baseY - h1 - rise],
      [upperX + upperW + d, top - rise],
      [upperX + upperW, top],
    ],
    side,
  );
  out += rect(upperX, top, upperW, h2, wall);
  // Roof slabs overhang a little, lit edge on top.
  const slabT = w * 0.035;
  const roof = (sx: number, sy: number, sw: number) =>
    poly(
      [
        [sx - w * 0.03, sy],
        [sx + sw + w * 0.03, sy],
        [sx + sw + w * 0.03 + d, sy - rise],
        [sx - w * 0.03 + d, sy - rise],
      ],
      mix(p.cream100, p.line, 0.3),
    ) + rect(sx - w * 0.03, sy, sw + w * 0.06, slabT, slab);
  out += roof(upperX, top - slabT * 0.2, upperW);
  out += rect(x - w * 0.03, baseY - h1 - slabT * 0.5, w + w * 0.06, slabT, slab);
  // Timber cladding panel and glazing.
  const cladX = variant === 2 ? x + w * 0.04 : x + w * 0.58;
  out += rect(cladX, top + h2 * 0.12, w * 0.14, h2 * 0.88, timber);
  for (let i = 0; i < 5; i += 1) {
    out += rect(
      cladX + (i * w * 0.14) / 5,
      top + h2 * 0.12,
      1,
      h2 * 0.88,
      mix(timber, p.ink900, 0.3),
      'opacity="0.5"',
    );
  }
  const upperGlassX = variant === 2 ? upperX + upperW * 0.3 : upperX + upperW * 0.08;
  out += rect(upperGlassX, top + h2 * 0.22, upperW * 0.5, h2 * 0.62, glass);
  out += line(upperGlassX, top + h2 * 0.62, upperGlassX + upperW * 0.5, top + h2 * 0.62, slab, 2);
  const doorX = variant === 1 ? x + w * 0.55 : x + w * 0.1;
  out += rect(doorX, baseY - h1 * 0.82, w * 0.36, h1 * 0.82, glass);
  for (let i = 1; i < 3; i += 1) {
    out += line(
      doorX + (i * w * 0.36) / 3,
      baseY - h1 * 0.82,
      doorX + (i * w * 0.36) / 3,
      baseY,
      slab,
      1.5,
    );
  }
  const sideWinX = variant === 1 ? x + w * 0.1 : x + w * 0.62;
  out += rect(sideWinX, baseY - h1 * 0.7, w * 0.26, h1 * 0.45, glass);
  // Boundary wall with hedge in front.
  const wallH = w * 0.09;
  out += rect(
    x - w * 0.08,
    baseY - wallH + w * 0.04,
    w * 1.16 + d * 0.5,
    wallH,
    mix(p.cream100, p.line, 0.4),
  );
  out += rect(x - w * 0.08, baseY - wallH + w * 0.04, w * 1.16 + d * 0.5, wallH * 0.18, p.cream50);
  out += hedge(ctx, x - w * 0.06, baseY - wallH * 1.6 + w * 0.04, w * 0.5, wallH * 0.7, mood);
  return out;
}

/** A simple standing figure for scale; dressed in the palette. */
export function person(
  ctx: DrawContext,
  x: number,
  baseY: number,
  height: number,
  color: string,
): string {
  const { p } = ctx;
  const head = height * 0.13;
  return (
    ellipse(x + height * 0.08, baseY, height * 0.14, height * 0.025, '#0f2e22', 'opacity="0.25"') +
    `<path d="M${r(x - height * 0.12)} ${r(baseY - height * 0.45)}Q${r(x)} ${r(baseY - height * 0.86)} ${r(x + height * 0.12)} ${r(baseY - height * 0.45)}L${r(x + height * 0.08)} ${r(baseY)}L${r(x - height * 0.08)} ${r(baseY)}Z" fill="${color}"/>` +
    circle(x, baseY - height + head, head, mix(p.gold700, p.ink900, 0.35))
  );
}

/**
 * A whisper of paper grain over a whole image, so large flat fills read as painted rather than
 * as vector clip-art. Low frequency keeps it cheap to compress.
 */
export function grain(ctx: DrawContext, w: number, h: number, opacity = 0.06): string {
  const id = ctx.defs.add(
    'g',
    (fid) =>
      `<filter id="${fid}" x="0" y="0" width="100%" height="100%"><feTurbulence type="fractalNoise" baseFrequency="0.9" numOctaves="2" seed="7" stitchTiles="stitch"/><feColorMatrix values="0 0 0 0 0.06 0 0 0 0 0.18 0 0 0 0 0.13 0 0 0 1.4 -0.5"/></filter>`,
  );
  return rect(0, 0, w, h, '#000', `filter="url(#${id})" opacity="${opacity}"`);
}

/** A soft vignette that settles the eye on the centre and darkens the corners a touch. */
export function vignette(ctx: DrawContext, w: number, h: number, strength = 0.22): string {
  const fill = radial(
    ctx,
    [
      [0.55, '#0f2e22', 0],
      [1, '#0f2e22', strength],
    ],
    [0.5, 0.45, 0.75],
  );
  return rect(0, 0, w, h, fill);
}
