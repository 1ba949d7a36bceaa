import { mix } from './palette.ts';
import {
  ellipse,
  group,
  line,
  linear,
  linearUser,
  poly,
  r,
  rect,
  type DrawContext,
} from './svg.ts';
import type { Mood } from './elements.ts';

/**
 * The community's built landmarks, drawn the same way wherever they appear: the gated
 * entrance, the black-top avenue and the compound wall.
 */
export interface GateOptions {
  cx: number;
  baseY: number;
  /** Overall height of the main pillars. */
  size: number;
  mood?: Mood;
  nameplate?: string;
}

export function gateArch(ctx: DrawContext, options: GateOptions): string {
  const { p, text } = ctx;
  const { cx, baseY, size, mood = 'day', nameplate = 'ELEGANT ICONIA' } = options;
  const stone = mood === 'dusk' ? mix(p.cream100, '#7d7a70', 0.3) : p.cream50;
  const stoneShade =
    mood === 'dusk' ? mix(p.cream100, '#3f4744', 0.55) : mix(p.cream100, p.line, 0.7);
  const pillarW = size * 0.16;
  const span = size * 1.25;
  const leftX = cx - span / 2 - pillarW;
  const rightX = cx + span / 2;
  const top = baseY - size;
  let out = ellipse(
    cx + size * 0.3,
    baseY + size * 0.02,
    span,
    size * 0.05,
    '#0f2e22',
    'opacity="0.22"',
  );
  // Wing walls stepping down on both sides, with a gold coping line.
  const wing = (x0: number, dir: 1 | -1) => {
    let s = '';
    for (let i = 0; i < 2; i += 1) {
      const h = size * (0.42 - i * 0.12);
      const w = size * 0.42;
      const x = dir === 1 ? x0 + i * w : x0 - (i + 1) * w;
      s += rect(x, baseY - h, w, h, i === 0 ? stone : mix(stone, stoneShade, 0.4));
      s += rect(x, baseY - h, w, size * 0.025, p.gold500);
      s += rect(x, baseY - size * 0.06, w, size * 0.06, mix(stoneShade, p.ink700, 0.25));
    }
    return s;
  };
  out += wing(leftX, -1) + wing(rightX + pillarW, 1);
  // Main pillars: lit left half, shaded right half, gold capitals and plinths.
  const pillar = (x: number) => {
    let s = rect(x, top, pillarW, size, stone);
    s += rect(x + pillarW * 0.62, top, pillarW * 0.38, size, stoneShade);
    for (let i = 1; i < 6; i += 1) {
      s += rect(
        x,
        top + (size * i) / 6,
        pillarW,
        1.5,
        mix(stoneShade, p.ink700, 0.2),
        'opacity="0.6"',
      );
    }
    s += rect(x - pillarW * 0.12, top - size * 0.05, pillarW * 1.24, size * 0.06, p.gold500);
    s += rect(
      x - pillarW * 0.08,
      baseY - size * 0.08,
      pillarW * 1.16,
      size * 0.08,
      mix(stoneShade, p.ink700, 0.3),
    );
    s += ellipse(x + pillarW / 2, top - size * 0.08, pillarW * 0.34, size * 0.04, p.gold300);
    // Lanterns on the pillars' faces.
    s += rect(
      x + pillarW * 0.34,
      top + size * 0.22,
      pillarW * 0.32,
      size * 0.1,
      mood === 'dusk' ? '#ffe7ad' : p.gold300,
      `rx="${r(pillarW * 0.05)}"`,
    );
    return s;
  };
  out += pillar(leftX) + pillar(rightX);
  // The arch: a shallow curved crown spanning the pillars, carrying the nameplate.
  const archTop = top - size * 0.22;
  const archBottom = top + size * 0.12;
  const crown = `M${r(leftX - pillarW * 0.1)} ${r(top)}Q${r(cx)} ${r(archTop - size * 0.12)} ${r(rightX + pillarW * 1.1)} ${r(top)}L${r(rightX + pillarW * 1.1)} ${r(archBottom)}L${r(leftX - pillarW * 0.1)} ${r(archBottom)}Z`;
  const crownFill = linear(ctx, [
    [0, mood === 'dusk' ? p.green800 : p.green700],
    [1, p.green900],
  ]);
  out += `<path d="${crown}" fill="${crownFill}"/>`;
  out += `<path d="M${r(leftX - pillarW * 0.1)} ${r(top)}Q${r(cx)} ${r(archTop - size * 0.12)} ${r(rightX + pillarW * 1.1)} ${r(top)}" stroke="${p.gold500}" stroke-width="${r(size * 0.02)}" fill="none"/>`;
  out += rect(
    leftX - pillarW * 0.1,
    archBottom - size * 0.02,
    rightX - leftX + pillarW * 1.2,
    size * 0.02,
    p.gold500,
  );
  const nameSize = size * 0.085;
  out += text.path(nameplate, {
    font: 'display',
    size: nameSize,
    x: cx + pillarW / 2 - pillarW / 2,
    y: top + size * 0.065,
    fill: p.gold300,
    anchor: 'middle',
    tracking: 0.12,
  });
  // Swing gates, open inward, in dark metal with gold rails.
  const gateH = size * 0.5;
  const leaf = (x: number, w: number) => {
    let s = rect(x, baseY - gateH, w, gateH, mix(p.green900, p.ink900, 0.4), 'opacity="0.85"');
    for (let i = 1; i < 7; i += 1) {
      s += rect(x + (w * i) / 7, baseY - gateH, 1.5, gateH, p.gold500, 'opacity="0.7"');
    }
    s += rect(x, baseY - gateH, w, size * 0.02, p.gold500);
    s += rect(x, baseY - gateH * 0.5, w, size * 0.012, p.gold500, 'opacity="0.8"');
    return s;
  };
  out += leaf(leftX + pillarW, span * 0.16) + leaf(rightX - span * 0.16, span * 0.16);
  return out;
}

export interface RoadOptions {
  /** Near edge (bottom) left and right x, and its y. */
  nearLeft: number;
  nearRight: number;
  nearY: number;
  /** Far edge (towards the vanishing point). */
  farLeft: number;
  farRight: number;
  farY: number;
  mood?: Mood;
  dashes?: number;
}

/** A black-top road in perspective with kerbs and a dashed centre line. */
export function road(ctx: DrawContext, o: RoadOptions): string {
  const { p } = ctx;
  const asphalt = linearUser(
    ctx,
    [
      [0, o.mood === 'dusk' ? '#3a4240' : '#5d6761'],
      [1, o.mood === 'dusk' ? '#1f2624' : '#3c443f'],
    ],
    [0, o.farY, 0, o.nearY],
  );
  const kerb = o.mood === 'dusk' ? mix(p.cream100, '#3f4744', 0.5) : p.cream100;
  let out = poly(
    [
      [o.farLeft, o.farY],
      [o.farRight, o.farY],
      [o.nearRight, o.nearY],
      [o.nearLeft, o.nearY],
    ],
    asphalt,
  );
  const kerbW = (o.nearRight - o.nearLeft) * 0.025;
  out += poly(
    [
      [o.farLeft - 1, o.farY],
      [o.farLeft + 1, o.farY],
      [o.nearLeft + kerbW, o.nearY],
      [o.nearLeft - kerbW, o.nearY],
    ],
    kerb,
  );
  out += poly(
    [
      [o.farRight - 1, o.farY],
      [o.farRight + 1, o.farY],
      [o.nearRight + kerbW, o.nearY],
      [o.nearRight - kerbW, o.nearY],
    ],
    kerb,
  );
  // Centre dashes shrink with distance (perspective: t squared spacing).
  const dashes = o.dashes ?? 9;
  const midNear = (o.nearLeft + o.nearRight) / 2;
  const midFar = (o.farLeft + o.farRight) / 2;
  for (let i = 0; i < dashes; i += 1) {
    const t0 = (i / dashes) ** 1.8;
    const t1 = ((i + 0.5) / dashes) ** 1.8;
    const y0 = o.farY + (o.nearY - o.farY) * t0;
    const y1 = o.farY + (o.nearY - o.farY) * t1;
    const x0 = midFar + (midNear - midFar) * t0;
    const x1 = midFar + (midNear - midFar) * t1;
    const w0 = 0.6 + t0 * (o.nearRight - o.nearLeft) * 0.012;
    const w1 = 0.6 + t1 * (o.nearRight - o.nearLeft) * 0.012;
    out += poly(
      [
        [x0 - w0, y0],
        [x0 + w0, y0],
        [x1 + w1, y1],
        [x1 - w1, y1],
      ],
      p.gold300,
      'opacity="0.9"',
    );
  }
  return out;
}

/** A compound wall running across the scene with pilasters and a coping. */
export function compoundWall(
  ctx: DrawContext,
  x0: number,
  x1: number,
  baseY: number,
  height: number,
  mood: Mood = 'day',
): string {
  const { p } = ctx;
  const face = mood === 'dusk' ? mix(p.cream100, '#5a5f58', 0.45) : mix(p.cream100, p.line, 0.35);
  let out = rect(x0, baseY - height, x1 - x0, height, face);
  out += rect(x0, baseY - height, x1 - x0, height * 0.1, p.cream50);
  const step = height * 2.2;
  for (let x = x0; x < x1; x += step) {
    out += rect(x, baseY - height * 1.12, height * 0.22, height * 1.12, mix(face, p.ink700, 0.12));
    out += rect(x - height * 0.03, baseY - height * 1.16, height * 0.28, height * 0.06, p.gold500);
  }
  return out;
}

/** A small security cabin with a lit window. */
export function securityCabin(
  ctx: DrawContext,
  x: number,
  baseY: number,
  size: number,
  mood: Mood = 'day',
): string {
  const { p } = ctx;
  const wall = mood === 'dusk' ? mix(p.cream100, '#5a5f58', 0.3) : p.cream50;
  return group(
    ellipse(x + size * 0.7, baseY, size * 0.8, size * 0.08, '#0f2e22', 'opacity="0.22"') +
      rect(x, baseY - size, size, size, wall) +
      poly(
        [
          [x + size, baseY],
          [x + size * 1.25, baseY - size * 0.12],
          [x + size * 1.25, baseY - size * 1.1],
          [x + size, baseY - size],
        ],
        mix(p.cream100, p.line, 0.7),
      ) +
      rect(x - size * 0.08, baseY - size * 1.12, size * 1.4, size * 0.14, p.green800) +
      rect(
        x + size * 0.15,
        baseY - size * 0.72,
        size * 0.7,
        size * 0.32,
        mood === 'dusk' ? '#ffe7ad' : '#9fbccb',
      ) +
      line(
        x + size * 0.5,
        baseY - size * 0.72,
        x + size * 0.5,
        baseY - size * 0.4,
        p.green900,
        1.2,
      ),
  );
}

/** A boom barrier across an entrance road, striped in the palette. */
export function boomBarrier(ctx: DrawContext, x: number, baseY: number, length: number): string {
  const { p } = ctx;
  const h = length * 0.05;
  let out = rect(x - h * 0.8, baseY - h * 6, h * 1.6, h * 6, p.green800);
  const y = baseY - h * 4.6;
  out += rect(x, y, length, h, p.cream50);
  for (let i = 0; i < 6; i += 2) {
    out += rect(x + (length * i) / 6, y, length / 6, h, p.gold500);
  }
  return out;
}
