import type { Palette } from './palette.ts';
import type { Random } from './random.ts';
import type { TextShaper } from './text.ts';

/** Everything a scene needs to draw: palette, seeded randomness, text outlines and defs. */
export interface DrawContext {
  p: Palette;
  rng: Random;
  text: TextShaper;
  defs: Defs;
}

export interface Defs {
  /** Registers a definition under a fresh id and returns that id. */
  add(prefix: string, build: (id: string) => string): string;
  toString(): string;
}

export function createDefs(): Defs {
  const items: string[] = [];
  let counter = 0;
  return {
    add(prefix, build) {
      counter += 1;
      const id = `${prefix}${counter}`;
      items.push(build(id));
      return id;
    },
    toString: () => (items.length ? `<defs>${items.join('')}</defs>` : ''),
  };
}

export type Stop = [offset: number, color: string, opacity?: number];

function stopsMarkup(stops: readonly Stop[]): string {
  return stops
    .map(
      ([offset, color, opacity]) =>
        `<stop offset="${offset}" stop-color="${color}"${opacity === undefined ? '' : ` stop-opacity="${opacity}"`}/>`,
    )
    .join('');
}

/** A vertical (default) or angled linear gradient in object space; returns `url(#id)`. */
export function linear(
  ctx: DrawContext,
  stops: readonly Stop[],
  [x1, y1, x2, y2]: [number, number, number, number] = [0, 0, 0, 1],
): string {
  const id = ctx.defs.add(
    'l',
    (gid) =>
      `<linearGradient id="${gid}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${stopsMarkup(stops)}</linearGradient>`,
  );
  return `url(#${id})`;
}

/** A linear gradient in user space (for shapes that share one light across a scene). */
export function linearUser(
  ctx: DrawContext,
  stops: readonly Stop[],
  [x1, y1, x2, y2]: [number, number, number, number],
): string {
  const id = ctx.defs.add(
    'u',
    (gid) =>
      `<linearGradient id="${gid}" gradientUnits="userSpaceOnUse" x1="${r(x1)}" y1="${r(y1)}" x2="${r(x2)}" y2="${r(y2)}">${stopsMarkup(stops)}</linearGradient>`,
  );
  return `url(#${id})`;
}

export function radial(
  ctx: DrawContext,
  stops: readonly Stop[],
  [cx, cy, radius]: [number, number, number] = [0.5, 0.5, 0.5],
): string {
  const id = ctx.defs.add(
    'r',
    (gid) =>
      `<radialGradient id="${gid}" cx="${cx}" cy="${cy}" r="${radius}">${stopsMarkup(stops)}</radialGradient>`,
  );
  return `url(#${id})`;
}

/** Rounds to two decimals: keeps SVG markup short and stable. */
export function r(n: number): number {
  return Math.round(n * 100) / 100;
}

export function rect(x: number, y: number, w: number, h: number, fill: string, extra = ''): string {
  return `<rect x="${r(x)}" y="${r(y)}" width="${r(w)}" height="${r(h)}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`;
}

export function poly(points: readonly [number, number][], fill: string, extra = ''): string {
  return `<path d="M${points.map(([x, y]) => `${r(x)} ${r(y)}`).join('L')}Z" fill="${fill}"${extra ? ` ${extra}` : ''}/>`;
}

export function circle(cx: number, cy: number, radius: number, fill: string, extra = ''): string {
  return `<circle cx="${r(cx)}" cy="${r(cy)}" r="${r(radius)}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`;
}

export function ellipse(
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  fill: string,
  extra = '',
): string {
  return `<ellipse cx="${r(cx)}" cy="${r(cy)}" rx="${r(rx)}" ry="${r(ry)}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`;
}

export function line(
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  stroke: string,
  width: number,
  extra = '',
): string {
  return `<line x1="${r(x1)}" y1="${r(y1)}" x2="${r(x2)}" y2="${r(y2)}" stroke="${stroke}" stroke-width="${r(width)}"${extra ? ` ${extra}` : ''}/>`;
}

/** A smooth closed-bottom ridge through the points (Catmull-Rom turned into cubic Béziers). */
export function smoothPath(points: readonly [number, number][]): string {
  if (points.length < 2) return '';
  const first = points[0];
  if (!first) return '';
  let d = `M${r(first[0])} ${r(first[1])}`;
  for (let i = 0; i < points.length - 1; i += 1) {
    const p0 = points[i - 1] ?? points[i];
    const p1 = points[i];
    const p2 = points[i + 1];
    const p3 = points[i + 2] ?? p2;
    if (!p0 || !p1 || !p2 || !p3) continue;
    const c1x = p1[0] + (p2[0] - p0[0]) / 6;
    const c1y = p1[1] + (p2[1] - p0[1]) / 6;
    const c2x = p2[0] - (p3[0] - p1[0]) / 6;
    const c2y = p2[1] - (p3[1] - p1[1]) / 6;
    d += `C${r(c1x)} ${r(c1y)} ${r(c2x)} ${r(c2y)} ${r(p2[0])} ${r(p2[1])}`;
  }
  return d;
}

export function group(content: string, attributes = ''): string {
  return `<g${attributes ? ` ${attributes}` : ''}>${content}</g>`;
}

export function svgDocument(
  viewBox: [number, number, number, number],
  outputWidth: number,
  outputHeight: number,
  body: string,
  defs: Defs,
  title?: string,
): string {
  const titleMarkup = title ? `<title>${escapeXml(title)}</title>` : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${viewBox.join(' ')}" width="${outputWidth}" height="${outputHeight}" preserveAspectRatio="xMidYMid slice">${titleMarkup}${defs.toString()}${body}</svg>`;
}

export function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}
