import { LOCATION } from '../../../src/content/site.ts';
import { mix } from '../palette.ts';
import { grain } from '../elements.ts';
import { circle, ellipse, rect, type DrawContext } from '../svg.ts';
import { emblem } from './logo.ts';

/**
 * A stylised map of the area, north up, not to scale: the national highway, the proposed
 * Regional Ring Road, the Outer Ring Road towards the city, and the landmarks of the location
 * section (names and distances from the site content) around the project.
 */
const SITE = { x: 600, y: 600 } as const;

/** Where each landmark sits, in the order of `LOCATION.landmarks`. */
const PLACES: [number, number][] = [
  [548, 700],
  [820, 760],
  [330, 700],
  [700, 430],
  [900, 540],
  [470, 400],
  [270, 560],
  [840, 880],
  [930, 300],
  [230, 330],
  [600, 150],
  [250, 190],
  [900, 150],
];

function shortName(name: string): string {
  return (
    name
      .replace(/\s*\(.*\)\s*/, ' ')
      .split(',')[0]
      ?.trim() ?? name
  );
}

export function locationMapScene(ctx: DrawContext, w: number, h: number): string {
  const { p, text, rng } = ctx;
  let out = rect(0, 0, w, h, p.cream100);
  // Fields and groves: soft patches in two greens.
  for (let i = 0; i < 26; i += 1) {
    out += ellipse(
      rng.range(0, w),
      rng.range(0, h),
      rng.range(50, 130),
      rng.range(30, 80),
      rng.pick([p.green100, mix(p.green100, p.gold100, 0.5)]),
      `transform="rotate(${Math.round(rng.range(-30, 30))})"`,
    );
  }
  out += ellipse(180, 820, 90, 50, '#bcd9e0') + ellipse(1040, 640, 70, 40, '#bcd9e0');
  // Outer Ring Road near the top (towards Hyderabad), proposed RRR ring around the site.
  out += `<path d="M-40 250C300 110 900 110 1240 250" stroke="${p.ink500}" stroke-width="14" fill="none" opacity="0.75"/>`;
  out += `<path d="M-40 250C300 110 900 110 1240 250" stroke="${p.cream50}" stroke-width="3" fill="none" stroke-dasharray="14 10"/>`;
  out += `<path d="M-60 940C200 640 1000 640 1260 940" stroke="${p.gold500}" stroke-width="12" fill="none" stroke-dasharray="26 14"/>`;
  // NH-44 runs north–south a kilometre west of the site.
  out += `<path d="M470 -20C520 300 540 620 520 1020" stroke="${p.green900}" stroke-width="26" fill="none" opacity="0.25"/>`;
  out += `<path d="M470 -20C520 300 540 620 520 1020" stroke="${p.gold500}" stroke-width="18" fill="none"/>`;
  out += `<path d="M470 -20C520 300 540 620 520 1020" stroke="${p.cream50}" stroke-width="2" fill="none" stroke-dasharray="12 12"/>`;
  // Railway line (Shadnagar station).
  out += `<path d="M-20 760C300 720 420 690 700 980" stroke="${p.ink700}" stroke-width="4" fill="none"/>`;
  out += `<path d="M-20 760C300 720 420 690 700 980" stroke="${p.ink700}" stroke-width="12" fill="none" stroke-dasharray="2 14"/>`;
  // Road shields.
  const shield = (x: number, y: number, label: string, fill: string) => {
    const width = text.width(label, 'bodyBold', 20) + 24;
    return (
      rect(x - width / 2, y - 18, width, 36, fill, 'rx="8"') +
      text.path(label, {
        font: 'bodyBold',
        size: 20,
        x,
        y: y + 7,
        fill: p.cream50,
        anchor: 'middle',
      })
    );
  };
  out +=
    shield(498, 90, 'NH-44', p.green800) +
    shield(990, 745, 'RRR (proposed)', p.gold700) +
    shield(1080, 222, 'ORR', p.ink700);
  // Landmarks: a pin and a labelled card each.
  LOCATION.landmarks.forEach((landmark, i) => {
    const place = PLACES[i];
    if (!place || i === 0 || i === 1 || i === 10) return;
    const [x, y] = place;
    const label = shortName(landmark.name);
    const size = 19;
    const labelW =
      Math.max(
        text.width(label, 'bodySemibold', size),
        text.width(landmark.distance, 'bodyBold', 16),
      ) + 26;
    const left = Math.min(Math.max(x - labelW / 2, 12), w - labelW - 12);
    out += circle(x, y, 11, p.green700, `stroke="${p.cream50}" stroke-width="4"`);
    out += rect(left + 3, y + 20, labelW, 58, p.green900, 'rx="10" opacity="0.12"');
    out += rect(left, y + 17, labelW, 58, p.white, `rx="10" stroke="${p.line}" stroke-width="1.5"`);
    out += text.path(label, {
      font: 'bodySemibold',
      size,
      x: left + 13,
      y: y + 43,
      fill: p.ink900,
    });
    out += text.path(landmark.distance, {
      font: 'bodyBold',
      size: 16,
      x: left + 13,
      y: y + 66,
      fill: p.gold700,
      tracking: 0.05,
    });
  });
  // The project, at the centre of it all.
  out +=
    circle(SITE.x, SITE.y, 120, p.green700, 'opacity="0.12"') +
    circle(SITE.x, SITE.y, 70, p.green700, 'opacity="0.18"');
  out +=
    circle(SITE.x, SITE.y, 46, p.green800, `stroke="${p.gold500}" stroke-width="5"`) +
    emblem(ctx, SITE.x, SITE.y, 70, true);
  const name = 'ELEGANT ICONIA';
  const nameW = text.width(name, 'display', 26, 0.08) + 32;
  out += rect(SITE.x - nameW / 2, SITE.y + 58, nameW, 44, p.green800, 'rx="22"');
  out += text.path(name, {
    font: 'display',
    size: 26,
    x: SITE.x,
    y: SITE.y + 89,
    fill: p.gold300,
    anchor: 'middle',
    tracking: 0.08,
  });
  // North arrow and the "not to scale" note.
  out +=
    `<path d="M1120 880l22 60l-22 -14l-22 14z" fill="${p.green800}"/>` +
    text.path('N', {
      font: 'bodyBold',
      size: 22,
      x: 1120,
      y: 872,
      fill: p.green800,
      anchor: 'middle',
    });
  out += text.path('Not to scale', { font: 'body', size: 18, x: 24, y: h - 24, fill: p.ink500 });
  return out + grain(ctx, w, h, 0.04);
}
