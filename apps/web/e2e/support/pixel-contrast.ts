import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';

/** What a text element measures against the pixels actually painted behind its letters. */
export interface PixelContrast {
  selector: string;
  /** The element's text, to name it in a failure. */
  text: string;
  /**
   * Contrast of the text colour against the background under its glyphs (5th percentile);
   * null when no letters were painted in view (an empty field, text clipped away).
   */
  ratio: number | null;
  required: number;
}

const PROBE = 'data-contrast-probe';
/** A pixel whose colour moves by more than this when the text disappears belongs to a glyph. */
const GLYPH_THRESHOLD = 48;
/** The darkest-contrast 5 % of glyph pixels are ignored: single bright specks are not legibility. */
const PERCENTILE = 0.05;

type Rgb = [number, number, number];

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

function luminance([r, g, b]: Rgb): number {
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** The WCAG contrast ratio of two colours. */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

async function rawPixels(png: Buffer): Promise<Buffer> {
  return sharp(png).removeAlpha().raw().toBuffer();
}

/**
 * axe cannot judge text over photos, gradients or layered backgrounds and leaves it "incomplete".
 * This measures it the way a reader sees it: the element is photographed with and without its
 * text, the pixels that changed are the letters, and the text colour is compared with the
 * background that was under them.
 */
export async function measurePixelContrast(
  page: Page,
  element: Locator,
  selector: string,
  required: number,
): Promise<PixelContrast> {
  // Centred, clear of the sticky header and the phone's bottom bar; instantly, whatever the
  // page's smooth scrolling, so both photographs show the same pixels.
  await element.evaluate((node) =>
    node.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' }),
  );
  const text = ((await element.textContent()) ?? '').trim().replace(/\s+/g, ' ').slice(0, 60);
  // Lazy images come in as the visitor scrolls; measure once those in view have painted.
  await page.waitForFunction(
    () =>
      [...document.images]
        .filter((image) => {
          const rect = image.getBoundingClientRect();
          return rect.bottom > 0 && rect.top < window.innerHeight && rect.width > 0;
        })
        .every((image) => image.complete),
    undefined,
    { timeout: 5_000 },
  );
  const box = await element.boundingBox();
  const viewport = page.viewportSize();
  if (!box || !viewport || box.width < 1 || box.height < 1) {
    return { selector, text, ratio: null, required };
  }
  const clip = {
    x: Math.max(0, box.x),
    y: Math.max(0, box.y),
    width: Math.min(box.width, viewport.width - Math.max(0, box.x)),
    height: Math.min(box.height, viewport.height - Math.max(0, box.y)),
  };
  if (clip.width < 1 || clip.height < 1) return { selector, text, ratio: null, required };

  // Any CSS colour (oklch, color-mix…) to sRGB bytes, through a canvas as the browser paints it.
  const foreground = await element.evaluate((node): [number, number, number] => {
    const canvas = document.createElement('canvas');
    canvas.width = 1;
    canvas.height = 1;
    const context = canvas.getContext('2d');
    if (!context) return [0, 0, 0];
    context.fillStyle = getComputedStyle(node).color;
    context.fillRect(0, 0, 1, 1);
    const [r = 0, g = 0, b = 0] = context.getImageData(0, 0, 1, 1).data;
    return [r, g, b];
  });

  const shoot = () =>
    page.screenshot({ clip, animations: 'disabled', caret: 'hide', scale: 'css' });
  const withText = await rawPixels(await shoot());
  const style = await page.addStyleTag({
    content: `[${PROBE}], [${PROBE}] * { color: transparent !important; -webkit-text-fill-color: transparent !important; }`,
  });
  await element.evaluate((node, probe) => node.setAttribute(probe, ''), PROBE);
  const withoutText = await rawPixels(await shoot());
  await element.evaluate((node, probe) => node.removeAttribute(probe), PROBE);
  await style.evaluate((node) => (node as Element).remove());

  const ratios: number[] = [];
  for (let i = 0; i + 2 < withText.length && i + 2 < withoutText.length; i += 3) {
    const change =
      Math.abs(withText[i]! - withoutText[i]!) +
      Math.abs(withText[i + 1]! - withoutText[i + 1]!) +
      Math.abs(withText[i + 2]! - withoutText[i + 2]!);
    if (change < GLYPH_THRESHOLD) continue;
    ratios.push(
      contrastRatio(foreground, [withoutText[i]!, withoutText[i + 1]!, withoutText[i + 2]!]),
    );
  }
  if (ratios.length === 0) return { selector, text, ratio: null, required };
  ratios.sort((a, b) => a - b);
  const ratio = ratios[Math.floor(ratios.length * PERCENTILE)] ?? 0;
  return { selector, text, ratio: Math.round(ratio * 100) / 100, required };
}
