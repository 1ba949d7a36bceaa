import * as fontkit from 'fontkit';
import { FONT_FILES, type FontName } from './fonts.ts';

/**
 * Text in the artwork is drawn as outlines (SVG paths) from the npm-shipped fonts: the SVG
 * renderer then needs no installed fonts and the images are identical on every machine.
 */
export interface TextOptions {
  font: FontName;
  size: number;
  x: number;
  y: number;
  fill: string;
  anchor?: 'start' | 'middle' | 'end';
  /** Extra space between letters, in em. */
  tracking?: number;
  opacity?: number;
}

export interface TextShaper {
  width(text: string, font: FontName, size: number, tracking?: number): number;
  path(text: string, options: TextOptions): string;
}

export function createTextShaper(): TextShaper {
  const cache = new Map<FontName, fontkit.Font>();
  const load = (name: FontName): fontkit.Font => {
    let font = cache.get(name);
    if (!font) {
      const opened = fontkit.openSync(FONT_FILES[name]);
      if (!('layout' in opened)) throw new Error(`${FONT_FILES[name]} is a font collection`);
      font = opened;
      cache.set(name, font);
    }
    return font;
  };

  const width = (text: string, name: FontName, size: number, tracking = 0) => {
    const font = load(name);
    const run = font.layout(text);
    const scale = size / font.unitsPerEm;
    const advance = run.positions.reduce((sum, p) => sum + p.xAdvance, 0) * scale;
    return advance + Math.max(0, run.glyphs.length - 1) * tracking * size;
  };

  const path = (text: string, options: TextOptions) => {
    const { font: name, size, fill, tracking = 0, anchor = 'start' } = options;
    const font = load(name);
    const run = font.layout(text);
    const scale = size / font.unitsPerEm;
    const total = width(text, name, size, tracking);
    let x = options.x - (anchor === 'middle' ? total / 2 : anchor === 'end' ? total : 0);
    const parts: string[] = [];
    run.glyphs.forEach((glyph, i) => {
      const position = run.positions[i];
      if (!position) return;
      const outline = glyph.path
        .scale(scale, -scale)
        .translate(x + position.xOffset * scale, options.y - position.yOffset * scale)
        .toSVG();
      if (outline) parts.push(outline);
      x += position.xAdvance * scale + tracking * size;
    });
    const opacity = options.opacity === undefined ? '' : ` opacity="${options.opacity}"`;
    return `<path d="${roundPath(parts.join(''))}" fill="${fill}"${opacity}/>`;
  };

  return { width, path };
}

/** Two decimals are plenty at our sizes and keep the SVG files small. */
function roundPath(d: string): string {
  return d.replace(/-?\d+\.\d{3,}/g, (n) => String(Math.round(Number(n) * 100) / 100));
}
