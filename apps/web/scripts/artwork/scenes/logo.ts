import { circle, linear, r, type DrawContext } from '../svg.ts';

/**
 * The wordmark: an arched-gate emblem with a leaf, then "ELEGANT ICONIA" in the display serif
 * over a tracked small-caps line. `onDark` swaps the ink for cream for dark backgrounds.
 */
export const LOGO_SIZE = { width: 560, height: 120 } as const;

export function emblem(
  ctx: DrawContext,
  cx: number,
  cy: number,
  size: number,
  onDark: boolean,
): string {
  const { p } = ctx;
  const gold = linear(ctx, [
    [0, p.gold300],
    [1, p.gold500],
  ]);
  const ring = onDark ? p.gold500 : p.green700;
  const w = size * 0.5;
  const h = size * 0.56;
  const top = cy - h / 2;
  const arch = `M${r(cx - w / 2)} ${r(cy + h / 2)}L${r(cx - w / 2)} ${r(top + w / 2)}A${r(w / 2)} ${r(w / 2)} 0 0 1 ${r(cx + w / 2)} ${r(top + w / 2)}L${r(cx + w / 2)} ${r(cy + h / 2)}`;
  const inner = w * 0.56;
  const innerArch = `M${r(cx - inner / 2)} ${r(cy + h / 2)}L${r(cx - inner / 2)} ${r(top + w / 2 + w * 0.12)}A${r(inner / 2)} ${r(inner / 2)} 0 0 1 ${r(cx + inner / 2)} ${r(top + w / 2 + w * 0.12)}L${r(cx + inner / 2)} ${r(cy + h / 2)}`;
  const leaf = `M${r(cx)} ${r(cy + h * 0.36)}C${r(cx - size * 0.12)} ${r(cy + h * 0.1)} ${r(cx - size * 0.06)} ${r(cy - h * 0.12)} ${r(cx)} ${r(cy - h * 0.22)}C${r(cx + size * 0.06)} ${r(cy - h * 0.12)} ${r(cx + size * 0.12)} ${r(cy + h * 0.1)} ${r(cx)} ${r(cy + h * 0.36)}Z`;
  return (
    circle(
      cx,
      cy,
      size / 2 - size * 0.03,
      'none',
      `stroke="${ring}" stroke-width="${r(size * 0.045)}"`,
    ) +
    `<path d="${arch}" fill="none" stroke="${gold}" stroke-width="${r(size * 0.06)}" stroke-linecap="round"/>` +
    `<path d="${innerArch}" fill="none" stroke="${gold}" stroke-width="${r(size * 0.03)}" opacity="0.8"/>` +
    `<path d="${leaf}" fill="${onDark ? p.cream50 : p.green700}"/>` +
    `<path d="M${r(cx)} ${r(cy + h * 0.34)}L${r(cx)} ${r(cy - h * 0.14)}" stroke="${gold}" stroke-width="${r(size * 0.018)}"/>`
  );
}

const TITLE = {
  text: 'ELEGANT ICONIA',
  font: 'display',
  size: 46,
  x: 128,
  tracking: 0.04,
} as const;
const SUBTITLE = {
  text: 'GATED VILLA PLOT COMMUNITY',
  font: 'bodySemibold',
  size: 15.5,
  x: 130,
  tracking: 0.28,
} as const;
/** Room kept free after the longest line, so no renderer's rounding touches the frame's edge. */
const RIGHT_MARGIN = 8;

export function logoScene(ctx: DrawContext, onDark: boolean): string {
  const { p, text } = ctx;
  const ink = onDark ? p.cream50 : p.green800;
  const sub = onDark ? p.gold300 : p.gold700;
  // The letters are measured with the real font: a wordmark wider than its frame would lose its
  // last letters ("ICONI…") in every browser, so the build stops instead.
  for (const line of [TITLE, SUBTITLE]) {
    const end = line.x + text.width(line.text, line.font, line.size, line.tracking);
    if (end > LOGO_SIZE.width - RIGHT_MARGIN) {
      throw new Error(
        `logo: "${line.text}" ends at ${end.toFixed(1)}, past the ${LOGO_SIZE.width}-unit frame`,
      );
    }
  }
  return (
    emblem(ctx, 60, 60, 104, onDark) +
    text.path(TITLE.text, { ...TITLE, y: 68, fill: ink }) +
    text.path(SUBTITLE.text, { ...SUBTITLE, y: 96, fill: sub })
  );
}
