import { mix } from '../palette.ts';
import {
  columnTree,
  flowerBed,
  grain,
  hedge,
  palm,
  person,
  roundTree,
  streetLight,
  villa,
  vignette,
  type Mood,
} from '../elements.ts';
import { boomBarrier, compoundWall, gateArch, road, securityCabin } from '../structures.ts';
import {
  circle,
  ellipse,
  line,
  linear,
  linearUser,
  poly,
  r,
  rect,
  type DrawContext,
} from '../svg.ts';
import { backdrop } from './vista.ts';

/**
 * The gallery's eighteen scenes. All share the backdrop, the light from the upper left and an
 * eye-level camera (the aerial layout excepted); each is built around one subject so the tiles
 * are told apart at a glance.
 */
type Scene = (ctx: DrawContext, w: number, h: number) => string;

const HORIZON = 0.56;

/** Depth along an avenue: t = 0 at the vanishing point, 1 at the bottom edge. */
function along(w: number, h: number, t: number, vx = w / 2) {
  const vy = h * HORIZON + 6;
  return { y: vy + (h - vy) * t, scale: t, x: (offset: number) => vx + offset * t };
}

function finish(ctx: DrawContext, w: number, h: number): string {
  return vignette(ctx, w, h, 0.18) + grain(ctx, w, h, 0.05);
}

/** A contemporary clubhouse: a long glazed pavilion under a floating roof, a timber screen. */
export function clubhouseBuilding(
  ctx: DrawContext,
  x: number,
  baseY: number,
  w: number,
  mood: Mood,
): string {
  const { p } = ctx;
  const h = w * 0.3;
  const wall = mood === 'dusk' ? mix(p.cream100, '#7d7a70', 0.3) : p.cream50;
  const glass =
    mood === 'dusk'
      ? linear(ctx, [
          [0, '#fff0c4'],
          [1, p.gold500],
        ])
      : linear(ctx, [
          [0, '#d6e6ea'],
          [0.6, '#86a8b8'],
          [1, mix('#5e7f8e', p.green900, 0.3)],
        ]);
  let out = ellipse(x + w * 0.6, baseY + 4, w * 0.65, w * 0.04, '#0f2e22', 'opacity="0.25"');
  out += rect(x, baseY - h, w * 0.32, h, wall);
  out += rect(x + w * 0.32, baseY - h * 0.78, w * 0.68, h * 0.78, glass);
  for (let i = 1; i < 9; i += 1) {
    out += rect(
      x + w * 0.32 + (w * 0.68 * i) / 9,
      baseY - h * 0.78,
      2,
      h * 0.78,
      mix(p.ink700, p.green900, 0.3),
      'opacity="0.6"',
    );
  }
  out += rect(
    x + w * 0.05,
    baseY - h * 0.85,
    w * 0.2,
    h * 0.7,
    mood === 'dusk' ? mix(p.gold700, p.ink900, 0.3) : p.gold700,
  );
  for (let i = 0; i < 8; i += 1) {
    out += rect(
      x + w * 0.05 + (i * w * 0.2) / 8,
      baseY - h * 0.85,
      1.5,
      h * 0.7,
      p.ink900,
      'opacity="0.35"',
    );
  }
  // Upper floor set back, and the floating roof plane.
  out += rect(x + w * 0.18, baseY - h * 1.55, w * 0.55, h * 0.62, wall);
  out += rect(x + w * 0.24, baseY - h * 1.45, w * 0.42, h * 0.4, glass);
  out += poly(
    [
      [x - w * 0.06, baseY - h * 1.62],
      [x + w * 0.82, baseY - h * 1.62],
      [x + w * 0.86, baseY - h * 1.7],
      [x - w * 0.02, baseY - h * 1.7],
    ],
    mix(p.cream100, p.line, 0.3),
  );
  out += rect(x - w * 0.06, baseY - h * 1.62, w * 0.88, h * 0.06, mix(p.ink700, p.green900, 0.35));
  out += rect(x - w * 0.04, baseY - h * 0.96, w * 1.08, h * 0.05, mix(p.ink700, p.green900, 0.35));
  out += ctx.text.path('CLUBHOUSE', {
    font: 'bodySemibold',
    size: h * 0.09,
    x: x + w * 0.16,
    y: baseY - h * 0.9 + h * 0.12,
    fill: p.gold300,
    anchor: 'middle',
    tracking: 0.3,
  });
  return out;
}

function lawnFront(ctx: DrawContext, w: number, h: number, y: number): string {
  const { p } = ctx;
  return rect(
    0,
    y,
    w,
    h - y,
    linearUser(
      ctx,
      [
        [0, mix(p.green600, p.gold300, 0.25)],
        [1, p.green700],
      ],
      [0, y, 0, h],
    ),
  );
}

function pool(ctx: DrawContext, x: number, y: number, w: number, h: number): string {
  const { p } = ctx;
  const water = linearUser(
    ctx,
    [
      [0, '#7fc3cf'],
      [1, '#2f7f96'],
    ],
    [0, y, 0, y + h],
  );
  let out = poly(
    [
      [x + w * 0.12, y],
      [x + w * 0.88, y],
      [x + w, y + h],
      [x, y + h],
    ],
    mix(p.cream100, p.line, 0.2),
  );
  out += poly(
    [
      [x + w * 0.14, y + h * 0.08],
      [x + w * 0.86, y + h * 0.08],
      [x + w * 0.96, y + h * 0.92],
      [x + w * 0.04, y + h * 0.92],
    ],
    water,
  );
  for (let i = 0; i < 6; i += 1) {
    const yy = y + h * (0.2 + i * 0.12);
    out += `<path d="M${r(x + w * 0.2)} ${r(yy)}q${r(w * 0.05)} -4 ${r(w * 0.1)} 0t${r(w * 0.1)} 0" stroke="#e8f6f8" stroke-width="2" fill="none" opacity="0.55"/>`;
  }
  return out;
}

function lounger(ctx: DrawContext, x: number, y: number, s: number): string {
  const { p } = ctx;
  return (
    poly(
      [
        [x, y],
        [x + s, y],
        [x + s * 1.15, y - s * 0.3],
        [x + s * 1.05, y - s * 0.32],
        [x + s * 0.92, y - s * 0.08],
        [x, y - s * 0.08],
      ],
      p.cream50,
    ) +
    rect(x + s * 0.05, y, 2, s * 0.08, p.ink700) +
    rect(x + s * 0.9, y, 2, s * 0.08, p.ink700)
  );
}

function umbrella(ctx: DrawContext, x: number, y: number, s: number): string {
  const { p } = ctx;
  return (
    rect(x - 1.5, y - s, 3, s, p.ink700) +
    `<path d="M${r(x - s * 0.55)} ${r(y - s * 0.85)}Q${r(x)} ${r(y - s * 1.3)} ${r(x + s * 0.55)} ${r(y - s * 0.85)}Z" fill="${p.gold500}"/>` +
    `<path d="M${r(x - s * 0.55)} ${r(y - s * 0.85)}Q${r(x - s * 0.2)} ${r(y - s * 1.22)} ${r(x)} ${r(y - s * 1.08)}Q${r(x)} ${r(y - s * 0.9)} ${r(x - s * 0.55)} ${r(y - s * 0.85)}Z" fill="${p.gold300}"/>`
  );
}

function bench(ctx: DrawContext, x: number, y: number, s: number): string {
  const { p } = ctx;
  return (
    rect(x, y - s * 0.35, s, s * 0.08, p.gold700) +
    rect(x, y - s * 0.6, s, s * 0.08, p.gold700) +
    rect(x + s * 0.08, y - s * 0.35, 3, s * 0.35, p.ink700) +
    rect(x + s * 0.88, y - s * 0.35, 3, s * 0.35, p.ink700)
  );
}

const grandArch: Scene = (ctx, w, h) => {
  let out = backdrop(ctx, w, h, h * HORIZON, 'dusk');
  out += road(ctx, {
    nearLeft: w * 0.12,
    nearRight: w * 0.88,
    nearY: h,
    farLeft: w * 0.44,
    farRight: w * 0.56,
    farY: h * 0.66,
    mood: 'dusk',
  });
  out +=
    compoundWall(ctx, -10, w * 0.22, h * 0.68, 34, 'dusk') +
    compoundWall(ctx, w * 0.78, w + 10, h * 0.68, 34, 'dusk');
  out += gateArch(ctx, { cx: w / 2, baseY: h * 0.67, size: 300, mood: 'dusk' });
  out +=
    palm(ctx, w * 0.14, h * 0.86, 360, -1, 'dusk') + palm(ctx, w * 0.86, h * 0.88, 370, 1, 'dusk');
  out +=
    streetLight(ctx, w * 0.3, h * 0.8, 150, true, 1) +
    streetLight(ctx, w * 0.7, h * 0.8, 150, true, -1);
  out +=
    flowerBed(ctx, w * 0.02, h * 0.9, w * 0.22, 30) +
    flowerBed(ctx, w * 0.76, h * 0.9, w * 0.22, 30);
  return out + finish(ctx, w, h);
};

const clubhouseScene: Scene = (ctx, w, h) => {
  let out = backdrop(ctx, w, h, h * HORIZON, 'golden');
  out += clubhouseBuilding(ctx, w * 0.16, h * 0.7, w * 0.68, 'golden');
  out += lawnFront(ctx, w, h, h * 0.7);
  out += `<path d="M${w * 0.45} ${h * 0.7}L${w * 0.55} ${h * 0.7}L${w * 0.7} ${h}L${w * 0.3} ${h}Z" fill="${ctx.p.cream100}"/>`;
  out += palm(ctx, w * 0.1, h * 0.82, 380, -1) + palm(ctx, w * 0.9, h * 0.84, 360, 1);
  out +=
    flowerBed(ctx, w * 0.12, h * 0.88, w * 0.16, 28) +
    flowerBed(ctx, w * 0.72, h * 0.88, w * 0.16, 28);
  out +=
    person(ctx, w * 0.6, h * 0.86, 70, ctx.p.green800) +
    person(ctx, w * 0.63, h * 0.87, 62, ctx.p.gold500);
  return out + finish(ctx, w, h);
};

const poolScene: Scene = (ctx, w, h) => {
  let out = backdrop(ctx, w, h, h * 0.5, 'golden');
  out += clubhouseBuilding(ctx, w * 0.3, h * 0.58, w * 0.62, 'golden');
  out += rect(0, h * 0.58, w, h * 0.42, mix(ctx.p.cream100, ctx.p.gold100, 0.4));
  out += pool(ctx, w * 0.08, h * 0.64, w * 0.84, h * 0.28);
  out +=
    lounger(ctx, w * 0.06, h * 0.97, 110) +
    lounger(ctx, w * 0.22, h * 0.97, 110) +
    umbrella(ctx, w * 0.19, h * 0.96, 120);
  out += palm(ctx, w * 0.08, h * 0.62, 300, -1) + palm(ctx, w * 0.95, h * 0.66, 320, 1);
  return out + finish(ctx, w, h);
};

const playZone: Scene = (ctx, w, h) => {
  const { p } = ctx;
  let out = backdrop(ctx, w, h, h * HORIZON, 'day');
  out += roundTree(ctx, w * 0.12, h * 0.66, 110) + roundTree(ctx, w * 0.88, h * 0.64, 120);
  // Soft play floor in tiles.
  const tiles = [p.gold300, p.green100, '#e8a27c', p.cream100];
  for (let i = 0; i < 8; i += 1) {
    for (let j = 0; j < 3; j += 1) {
      const y0 = h * (0.72 + j * 0.09);
      out += rect(
        w * (0.1 + i * 0.1) - j * 10,
        y0,
        w * 0.1,
        h * 0.09,
        tiles[(i + j) % tiles.length] ?? p.gold300,
        'opacity="0.9"',
      );
    }
  }
  // Slide tower.
  out +=
    rect(w * 0.2, h * 0.5, 12, h * 0.25, p.green800) +
    rect(w * 0.32, h * 0.5, 12, h * 0.25, p.green800);
  out += rect(w * 0.19, h * 0.5, w * 0.14, 18, p.gold500);
  out += poly(
    [
      [w * 0.17, h * 0.42],
      [w * 0.26, h * 0.34],
      [w * 0.35, h * 0.42],
    ],
    '#c4583a',
  );
  out += `<path d="M${w * 0.33} ${h * 0.52}C${w * 0.45} ${h * 0.54} ${w * 0.44} ${h * 0.74} ${w * 0.55} ${h * 0.76}" stroke="${p.gold500}" stroke-width="26" fill="none" stroke-linecap="round"/>`;
  // Swing frame.
  out +=
    line(w * 0.62, h * 0.78, w * 0.68, h * 0.46, p.green800, 10) +
    line(w * 0.74, h * 0.78, w * 0.68, h * 0.46, p.green800, 10);
  out +=
    line(w * 0.86, h * 0.78, w * 0.9, h * 0.46, p.green800, 10) +
    line(w * 0.68, h * 0.46, w * 0.9, h * 0.46, p.green800, 12);
  for (const sx of [0.73, 0.83]) {
    out +=
      line(w * sx, h * 0.47, w * sx, h * 0.66, p.ink700, 2) +
      line(w * (sx + 0.04), h * 0.47, w * (sx + 0.04), h * 0.66, p.ink700, 2) +
      rect(w * sx - 4, h * 0.66, w * 0.04 + 8, 10, '#c4583a');
  }
  out +=
    person(ctx, w * 0.5, h * 0.86, 60, '#c4583a') + person(ctx, w * 0.58, h * 0.9, 54, p.green700);
  return out + finish(ctx, w, h);
};

const centralPark: Scene = (ctx, w, h) => {
  const { p } = ctx;
  let out = backdrop(ctx, w, h, h * 0.5, 'golden');
  out += `<path d="M${w * 0.46} ${h * 0.52}C${w * 0.2} ${h * 0.65} ${w * 0.85} ${h * 0.75} ${w * 0.3} ${h}L${w * 0.62} ${h}C${w * 1.0} ${h * 0.75} ${w * 0.35} ${h * 0.64} ${w * 0.52} ${h * 0.52}Z" fill="${p.cream100}"/>`;
  out +=
    ellipse(w * 0.62, h * 0.7, 120, 30, mix(p.cream100, p.line, 0.5)) +
    ellipse(w * 0.62, h * 0.69, 100, 22, '#5fa8ba');
  out +=
    rect(w * 0.62 - 8, h * 0.58, 16, h * 0.1, p.cream50) +
    ellipse(w * 0.62, h * 0.58, 40, 10, p.cream50);
  out += `<path d="M${w * 0.62} ${h * 0.56}q-30 -40 -50 20M${w * 0.62} ${h * 0.56}q30 -40 50 20M${w * 0.62} ${h * 0.56}v-40" stroke="#d9f0f4" stroke-width="5" fill="none" opacity="0.8"/>`;
  out +=
    flowerBed(ctx, w * 0.04, h * 0.74, w * 0.28, 34) +
    flowerBed(ctx, w * 0.72, h * 0.84, w * 0.26, 34);
  out +=
    roundTree(ctx, w * 0.15, h * 0.6, 100) +
    roundTree(ctx, w * 0.85, h * 0.62, 130) +
    roundTree(ctx, w * 0.36, h * 0.56, 60);
  out += bench(ctx, w * 0.16, h * 0.9, 110);
  return out + finish(ctx, w, h);
};

const joggingTrack: Scene = (ctx, w, h) => {
  const { p } = ctx;
  let out = backdrop(ctx, w, h, h * 0.5, 'golden');
  const track = (offset: number, color: string, width: number) =>
    `<path d="M${w * 0.55 + offset * 0.2} ${h * 0.5}C${w * 0.1} ${h * 0.62} ${w * 1.1} ${h * 0.78} ${w * 0.3 + offset} ${h * 1.02}" stroke="${color}" stroke-width="${width}" fill="none"/>`;
  out += track(0, '#b5583c', 160) + track(0, '#c4674a', 140);
  out += track(-30, p.cream50, 2.5) + track(30, p.cream50, 2.5);
  for (let i = 0; i < 7; i += 1) {
    out += columnTree(
      ctx,
      w * (0.04 + i * 0.14),
      h * (0.54 + (i % 2) * 0.02) + i * 6,
      120 + i * 12,
    );
  }
  out += roundTree(ctx, w * 0.93, h * 0.98, 150);
  out +=
    person(ctx, w * 0.52, h * 0.82, 90, p.green800) +
    person(ctx, w * 0.42, h * 0.66, 50, p.gold500);
  return out + finish(ctx, w, h);
};

const villaRow: Scene = (ctx, w, h) => {
  let out = backdrop(ctx, w, h, h * 0.5, 'golden');
  out += villa(ctx, { x: w * 0.02, baseY: h * 0.72, width: w * 0.3, variant: 0 });
  out += villa(ctx, { x: w * 0.36, baseY: h * 0.72, width: w * 0.3, variant: 1 });
  out += villa(ctx, { x: w * 0.7, baseY: h * 0.72, width: w * 0.3, variant: 2 });
  out += rect(0, h * 0.76, w, h * 0.24, '#4a524e') + rect(0, h * 0.76, w, 8, ctx.p.cream100);
  for (let i = 0; i < 6; i += 1)
    out += rect(w * (0.04 + i * 0.17), h * 0.88, w * 0.08, 6, ctx.p.gold300);
  out += columnTree(ctx, w * 0.33, h * 0.77, 170) + columnTree(ctx, w * 0.67, h * 0.77, 170);
  return out + finish(ctx, w, h);
};

const amphitheatre: Scene = (ctx, w, h) => {
  const { p } = ctx;
  let out = backdrop(ctx, w, h, h * 0.46, 'dusk');
  for (let i = 0; i < 6; i += 1) {
    const ry = 40 + i * 42;
    const rx = 220 + i * 95;
    out += ellipse(
      w / 2,
      h * 0.55 + i * 8,
      rx,
      ry,
      i % 2 ? mix(p.cream100, '#5a5f58', 0.35) : p.green700,
    );
  }
  out += ellipse(w / 2, h * 0.55, 200, 34, mix(p.cream100, '#7d7a70', 0.2));
  out +=
    rect(w / 2 - 170, h * 0.34, 340, 12, p.ink700) +
    rect(w / 2 - 160, h * 0.35, 6, 90, p.ink700) +
    rect(w / 2 + 154, h * 0.35, 6, 90, p.ink700);
  out += poly(
    [
      [w / 2 - 200, h * 0.34],
      [w / 2 + 200, h * 0.34],
      [w / 2 + 150, h * 0.3],
      [w / 2 - 150, h * 0.3],
    ],
    p.gold500,
  );
  out +=
    streetLight(ctx, w * 0.1, h * 0.8, 170, true, 1) +
    streetLight(ctx, w * 0.9, h * 0.8, 170, true, -1);
  for (let i = 0; i < 6; i += 1)
    out += person(
      ctx,
      w * (0.3 + i * 0.08),
      h * (0.72 + (i % 2) * 0.06),
      40,
      i % 2 ? p.gold500 : p.cream50,
    );
  return out + finish(ctx, w, h);
};

const sportsCourt: Scene = (ctx, w, h) => {
  const { p } = ctx;
  let out = backdrop(ctx, w, h, h * 0.5, 'dusk');
  const c = along(w, h, 1);
  out += poly(
    [
      [w * 0.28, h * 0.56],
      [w * 0.72, h * 0.56],
      [w * 0.98, c.y - 20],
      [w * 0.02, c.y - 20],
    ],
    '#2f6f8e',
  );
  out += poly(
    [
      [w * 0.32, h * 0.58],
      [w * 0.68, h * 0.58],
      [w * 0.9, h * 0.93],
      [w * 0.1, h * 0.93],
    ],
    '#3d86a6',
  );
  out += `<path d="M${w * 0.32} ${h * 0.58}L${w * 0.68} ${h * 0.58}L${w * 0.9} ${h * 0.93}L${w * 0.1} ${h * 0.93}Z M${w * 0.21} ${h * 0.75}L${w * 0.79} ${h * 0.75}" stroke="${p.cream50}" stroke-width="3" fill="none"/>`;
  out += ellipse(w / 2, h * 0.75, 70, 16, 'none', `stroke="${p.cream50}" stroke-width="3"`);
  out +=
    rect(w / 2 - 4, h * 0.42, 8, h * 0.16, p.ink700) +
    rect(w / 2 - 40, h * 0.4, 80, 50, p.cream50, `stroke="${p.ink700}" stroke-width="3"`) +
    ellipse(w / 2, h * 0.5, 22, 6, 'none', `stroke="#c4583a" stroke-width="4"`);
  out +=
    streetLight(ctx, w * 0.08, h * 0.78, 320, true, 1) +
    streetLight(ctx, w * 0.92, h * 0.78, 320, true, -1);
  out +=
    person(ctx, w * 0.42, h * 0.8, 70, p.gold500) + person(ctx, w * 0.6, h * 0.68, 56, p.cream50);
  return out + finish(ctx, w, h);
};

const gatedEntrance: Scene = (ctx, w, h) => {
  let out = backdrop(ctx, w, h, h * HORIZON, 'day');
  out += road(ctx, {
    nearLeft: w * 0.05,
    nearRight: w * 0.8,
    nearY: h,
    farLeft: w * 0.36,
    farRight: w * 0.52,
    farY: h * 0.66,
  });
  out +=
    compoundWall(ctx, -10, w * 0.14, h * 0.68, 36) +
    compoundWall(ctx, w * 0.76, w + 10, h * 0.68, 36);
  out += gateArch(ctx, { cx: w * 0.44, baseY: h * 0.67, size: 270 });
  out += boomBarrier(ctx, w * 0.3, h * 0.75, 150);
  out += securityCabin(ctx, w * 0.74, h * 0.8, 110);
  out += person(ctx, w * 0.7, h * 0.82, 80, ctx.p.green800);
  out += palm(ctx, w * 0.93, h * 0.9, 380, 1);
  return out + finish(ctx, w, h);
};

const mainAvenue: Scene = (ctx, w, h) => {
  const { p } = ctx;
  let out = backdrop(ctx, w, h, h * HORIZON, 'day');
  out += road(ctx, {
    nearLeft: -w * 0.2,
    nearRight: w * 0.46,
    nearY: h,
    farLeft: w * 0.46,
    farRight: w * 0.49,
    farY: h * 0.58,
    dashes: 7,
  });
  out += road(ctx, {
    nearLeft: w * 0.54,
    nearRight: w * 1.2,
    nearY: h,
    farLeft: w * 0.51,
    farRight: w * 0.54,
    farY: h * 0.58,
    dashes: 7,
  });
  out += poly(
    [
      [w * 0.49, h * 0.58],
      [w * 0.51, h * 0.58],
      [w * 0.54, h],
      [w * 0.46, h],
    ],
    p.green600,
  );
  for (let i = 5; i >= 1; i -= 1) {
    const t = (i / 5) ** 1.6;
    const a = along(w, h, t);
    out += palm(ctx, w / 2, a.y, 60 + 380 * t, i % 2 ? 1 : -1);
    out +=
      streetLight(ctx, a.x(-w * 0.66), a.y, 40 + 260 * t, false, 1) +
      streetLight(ctx, a.x(w * 0.66), a.y, 40 + 260 * t, false, -1);
  }
  return out + finish(ctx, w, h);
};

const internalRoads: Scene = (ctx, w, h) => {
  const { p } = ctx;
  let out = backdrop(ctx, w, h, h * HORIZON, 'day');
  out += road(ctx, {
    nearLeft: w * 0.2,
    nearRight: w * 0.8,
    nearY: h,
    farLeft: w * 0.48,
    farRight: w * 0.54,
    farY: h * 0.58,
  });
  // Plot rows either side: bare earth with boundary pegs.
  const soil = mix(p.gold300, p.gold700, 0.3);
  out += poly(
    [
      [0, h * 0.62],
      [w * 0.46, h * 0.58],
      [w * 0.15, h],
      [0, h],
    ],
    soil,
    'opacity="0.55"',
  );
  out += poly(
    [
      [w, h * 0.62],
      [w * 0.56, h * 0.58],
      [w * 0.85, h],
      [w, h],
    ],
    soil,
    'opacity="0.55"',
  );
  for (let i = 1; i <= 6; i += 1) {
    const t = (i / 6) ** 1.5;
    const a = along(w, h, t, w * 0.51);
    out +=
      columnTree(ctx, a.x(-w * 0.42), a.y, 30 + 200 * t) +
      columnTree(ctx, a.x(w * 0.42), a.y, 30 + 200 * t);
    out +=
      rect(a.x(-w * 0.7), a.y - 10 * t, 6 * t + 2, 16 * t + 3, p.cream50) +
      rect(a.x(w * 0.7), a.y - 10 * t, 6 * t + 2, 16 * t + 3, p.cream50);
  }
  return out + finish(ctx, w, h);
};

const streetLighting: Scene = (ctx, w, h) => {
  let out = backdrop(ctx, w, h, h * HORIZON, 'dusk');
  out += road(ctx, {
    nearLeft: w * 0.1,
    nearRight: w * 0.9,
    nearY: h,
    farLeft: w * 0.47,
    farRight: w * 0.53,
    farY: h * 0.58,
    mood: 'dusk',
  });
  for (let i = 7; i >= 1; i -= 1) {
    const t = (i / 7) ** 1.7;
    const a = along(w, h, t);
    out +=
      streetLight(ctx, a.x(-w * 0.5), a.y, 30 + 320 * t, true, 1) +
      streetLight(ctx, a.x(w * 0.5), a.y, 30 + 320 * t, true, -1);
  }
  out +=
    villa(ctx, { x: w * 0.02, baseY: h * 0.6, width: 140, variant: 1, mood: 'dusk' }) +
    villa(ctx, { x: w * 0.8, baseY: h * 0.6, width: 140, variant: 0, mood: 'dusk' });
  return out + finish(ctx, w, h);
};

const aerialLayout: Scene = (ctx, w, h) => {
  const { p, rng } = ctx;
  let out = rect(0, 0, w, h, mix(p.green600, p.gold300, 0.3));
  // A skewed grid seen from above at an angle: rows of plots between roads.
  out += `<g transform="translate(${w * 0.5} ${h * 0.5}) rotate(-18) skewX(-8) translate(${-w * 0.75} ${-h * 0.75})">`;
  const plotW = 70;
  const plotH = 110;
  for (let row = 0; row < 8; row += 1) {
    const y = row * (plotH * 2 + 60);
    out += rect(-50, y - 40, w * 2, 40, '#4a524e') + rect(-50, y - 22, w * 2, 3, p.gold300);
    for (let col = 0; col < 26; col += 1) {
      const x = col * (plotW + 6);
      const park = row === 3 && col > 8 && col < 14;
      if (park) continue;
      for (const dy of [0, plotH + 4]) {
        const built = rng.next() < 0.18;
        out += rect(
          x,
          y + dy,
          plotW,
          plotH,
          built ? p.cream50 : mix(p.gold300, p.gold700, rng.range(0.2, 0.45)),
          `stroke="${p.cream50}" stroke-width="2"`,
        );
        if (built)
          out += rect(x + 12, y + dy + 18, plotW - 24, plotH - 46, mix(p.line, p.ink500, 0.3));
      }
    }
    if (row === 3) {
      out += rect(9 * (plotW + 6), y, 5 * (plotW + 6), plotH * 2 + 4, p.green600);
      for (let k = 0; k < 12; k += 1)
        out += circle(
          9 * (plotW + 6) + rng.range(20, 5 * (plotW + 6) - 20),
          y + rng.range(20, plotH * 2 - 20),
          rng.range(12, 22),
          p.green800,
        );
    }
  }
  for (let col = 0; col < 4; col += 1)
    out += rect(col * 7 * (plotW + 6) - 30, -60, 36, h * 3, '#4a524e');
  out += '</g>';
  return out + vignette(ctx, w, h, 0.25) + grain(ctx, w, h, 0.05);
};

const compoundWallScene: Scene = (ctx, w, h) => {
  const { p } = ctx;
  let out = backdrop(ctx, w, h, h * 0.5, 'day');
  // The wall recedes from the left foreground to the horizon.
  const segments = 9;
  for (let i = segments; i >= 0; i -= 1) {
    const t0 = ((i + 1) / segments) ** 1.4;
    const t1 = (i / segments) ** 1.4;
    const x0 = w * 0.95 - w * 0.95 * t0;
    const x1 = w * 0.95 - w * 0.95 * t1;
    const base = (t: number) => h * 0.54 + h * 0.42 * t;
    const top = (t: number) => base(t) - (14 + 230 * t);
    out += poly(
      [
        [x0, base(t0)],
        [x1, base(t1)],
        [x1, top(t1)],
        [x0, top(t0)],
      ],
      mix(p.cream100, p.line, 0.35),
    );
    out += poly(
      [
        [x0, top(t0)],
        [x1, top(t1)],
        [x1, top(t1) + 4 + 20 * t1],
        [x0, top(t0) + 4 + 20 * t0],
      ],
      p.cream50,
    );
    out += rect(
      x0 - 6 - 24 * t0,
      top(t0) - 10 * t0,
      12 + 40 * t0,
      base(t0) - top(t0) + 10 * t0,
      mix(p.cream100, p.ink700, 0.1),
    );
    out += rect(x0 - 8 - 26 * t0, top(t0) - 14 * t0, 16 + 44 * t0, 4 + 8 * t0, p.gold500);
    out += columnTree(ctx, x0 + 30 * t0, top(t0) + 30 * t0, 40 + 260 * t0);
  }
  out += hedge(ctx, 0, h * 0.96, w, 40);
  return out + finish(ctx, w, h);
};

const avenuePlantation: Scene = (ctx, w, h) => {
  const { p } = ctx;
  let out = backdrop(ctx, w, h, h * HORIZON, 'day');
  out += road(ctx, {
    nearLeft: w * 0.42,
    nearRight: w * 1.3,
    nearY: h,
    farLeft: w * 0.6,
    farRight: w * 0.66,
    farY: h * 0.58,
  });
  out += poly(
    [
      [w * 0.56, h * 0.58],
      [w * 0.6, h * 0.58],
      [w * 0.42, h],
      [w * 0.12, h],
    ],
    p.cream100,
  );
  for (let i = 6; i >= 1; i -= 1) {
    const t = (i / 6) ** 1.5;
    const a = along(w, h, t, w * 0.58);
    const x = a.x(-w * 0.62);
    const size = 14 + 80 * t;
    out += roundTree(ctx, x, a.y, size);
    // Tree guard around each sapling.
    out += rect(
      x - size * 0.2,
      a.y - size * 0.7,
      size * 0.4,
      size * 0.7,
      'none',
      `stroke="${p.gold700}" stroke-width="${r(1 + 3 * t)}"`,
    );
  }
  return out + finish(ctx, w, h);
};

const waterTank: Scene = (ctx, w, h) => {
  const { p } = ctx;
  let out = backdrop(ctx, w, h, h * 0.62, 'day');
  const cx = w * 0.55;
  const legs = [-120, -40, 40, 120];
  for (const dx of legs)
    out += rect(cx + dx - 10, h * 0.32, 20, h * 0.4, mix(p.cream100, p.line, dx > 0 ? 0.8 : 0.3));
  for (let k = 0; k < 3; k += 1)
    out += rect(cx - 130, h * (0.42 + k * 0.1), 260, 8, mix(p.cream100, p.line, 0.6));
  out +=
    rect(cx - 170, h * 0.16, 340, h * 0.17, p.cream50) +
    rect(cx + 60, h * 0.16, 110, h * 0.17, mix(p.cream100, p.line, 0.7));
  out +=
    ellipse(cx, h * 0.16, 170, 24, mix(p.cream100, p.line, 0.3)) +
    poly(
      [
        [cx - 170, h * 0.16],
        [cx, h * 0.08],
        [cx + 170, h * 0.16],
      ],
      mix(p.cream100, p.line, 0.4),
    );
  out += rect(cx - 170, h * 0.3, 340, 10, p.gold500);
  out += ctx.text.path('ELEGANT ICONIA', {
    font: 'display',
    size: 26,
    x: cx - 40,
    y: h * 0.255,
    fill: p.green700,
    anchor: 'middle',
    tracking: 0.1,
  });
  out += rect(cx + 140, h * 0.33, 12, h * 0.4, mix(p.ink500, p.cream100, 0.3));
  out += roundTree(ctx, w * 0.1, h * 0.8, 120) + roundTree(ctx, w * 0.9, h * 0.86, 140);
  out += hedge(ctx, w * 0.2, h * 0.74, w * 0.6, 30);
  return out + finish(ctx, w, h);
};

const parkUnderway: Scene = (ctx, w, h) => {
  const { p } = ctx;
  let out = backdrop(ctx, w, h, h * 0.52, 'golden');
  out += rect(0, h * 0.6, w, h * 0.4, mix(p.green600, p.gold300, 0.45));
  out += `<path d="M0 ${h * 0.8}C${w * 0.3} ${h * 0.7} ${w * 0.6} ${h * 0.9} ${w} ${h * 0.72}L${w} ${h * 0.78}C${w * 0.6} ${h * 0.96} ${w * 0.3} ${h * 0.76} 0 ${h * 0.86}Z" fill="${p.cream100}"/>`;
  for (let i = 0; i < 7; i += 1)
    out += roundTree(ctx, w * (0.08 + i * 0.14), h * (0.66 + (i % 2) * 0.04), 24 + (i % 3) * 6);
  out += bench(ctx, w * 0.62, h * 0.76, 90) + bench(ctx, w * 0.2, h * 0.72, 80);
  out +=
    flowerBed(ctx, w * 0.05, h * 0.93, w * 0.3, 26) +
    flowerBed(ctx, w * 0.6, h * 0.95, w * 0.35, 26);
  return out + finish(ctx, w, h);
};

export const PROPOSED: Scene[] = [
  grandArch,
  clubhouseScene,
  poolScene,
  playZone,
  centralPark,
  joggingTrack,
  villaRow,
  amphitheatre,
  sportsCourt,
];
export const COMPLETED: Scene[] = [
  gatedEntrance,
  mainAvenue,
  internalRoads,
  streetLighting,
  aerialLayout,
  compoundWallScene,
  avenuePlantation,
  waterTank,
  parkUnderway,
];

/** The highlights section's clubhouse image: the pavilion beside its pool at golden hour. */
export function clubhouseFeature(ctx: DrawContext, w: number, h: number): string {
  let out = backdrop(ctx, w, h, h * 0.52, 'golden');
  out += clubhouseBuilding(ctx, w * 0.12, h * 0.66, w * 0.62, 'golden');
  out += rect(0, h * 0.66, w, h * 0.34, mix(ctx.p.cream100, ctx.p.gold100, 0.4));
  out += pool(ctx, w * 0.18, h * 0.72, w * 0.7, h * 0.2);
  out += lounger(ctx, w * 0.04, h * 0.97, 100) + umbrella(ctx, w * 0.14, h * 0.96, 110);
  out += palm(ctx, w * 0.86, h * 0.7, 340, 1) + palm(ctx, w * 0.05, h * 0.7, 280, -1);
  return out + finish(ctx, w, h);
}
