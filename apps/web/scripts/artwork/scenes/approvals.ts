import { mix } from '../palette.ts';
import { circle, linear, r, rect, type DrawContext } from '../svg.ts';

/**
 * The approvals card: two embossed seals, DTCP and RERA, on a cream card with a gold rule. Drawn
 * for the page at up to three device pixels per CSS pixel, and for the brochure.
 */
export const APPROVALS_SIZE = { width: 800, height: 420 } as const;

function seal(
  ctx: DrawContext,
  cx: number,
  cy: number,
  radius: number,
  title: string,
  caption: string,
): string {
  const { p, text } = ctx;
  const face = linear(ctx, [
    [0, p.green600],
    [1, p.green900],
  ]);
  const rim = linear(ctx, [
    [0, p.gold300],
    [0.5, p.gold500],
    [1, p.gold700],
  ]);
  let notches = '';
  const count = 36;
  for (let i = 0; i < count; i += 1) {
    const a = (i / count) * Math.PI * 2;
    notches += circle(cx + Math.cos(a) * radius, cy + Math.sin(a) * radius, radius * 0.09, rim);
  }
  const check = `M${r(cx - radius * 0.2)} ${r(cy + radius * 0.3)}l${r(radius * 0.12)} ${r(radius * 0.12)}l${r(radius * 0.24)} ${r(-radius * 0.26)}`;
  return (
    circle(cx + 6, cy + 10, radius * 1.04, p.green900, 'opacity="0.12"') +
    notches +
    circle(cx, cy, radius, rim) +
    circle(cx, cy, radius * 0.86, face) +
    circle(
      cx,
      cy,
      radius * 0.78,
      'none',
      `stroke="${p.gold300}" stroke-width="2" stroke-dasharray="2 6" opacity="0.8"`,
    ) +
    text.path(title, {
      font: 'displayBold',
      size: radius * 0.36,
      x: cx,
      y: cy - radius * 0.02,
      fill: p.cream50,
      anchor: 'middle',
      tracking: 0.06,
    }) +
    text.path(caption, {
      font: 'bodyBold',
      size: radius * 0.11,
      x: cx,
      y: cy - radius * 0.36,
      fill: p.gold300,
      anchor: 'middle',
      tracking: 0.3,
    }) +
    `<path d="${check}" fill="none" stroke="${p.gold300}" stroke-width="${r(radius * 0.07)}" stroke-linecap="round" stroke-linejoin="round"/>`
  );
}

export function approvalsScene(ctx: DrawContext): string {
  const { p, text } = ctx;
  const { width: w, height: h } = APPROVALS_SIZE;
  const card = linear(ctx, [
    [0, p.cream50],
    [1, p.cream100],
  ]);
  return (
    rect(0, 0, w, h, card, 'rx="24"') +
    rect(
      14,
      14,
      w - 28,
      h - 28,
      'none',
      `rx="16" stroke="${mix(p.gold300, p.gold500, 0.4)}" stroke-width="2"`,
    ) +
    seal(ctx, 230, 200, 120, 'DTCP', 'APPROVED') +
    seal(ctx, 570, 200, 120, 'RERA', 'REGISTERED') +
    text.path('DTCP & RERA APPROVED', {
      font: 'bodyBold',
      size: 26,
      x: w / 2,
      y: 378,
      fill: p.green800,
      anchor: 'middle',
      tracking: 0.18,
    })
  );
}
