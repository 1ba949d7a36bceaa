import { readFileSync } from 'node:fs';

/**
 * The artwork's colours come from the site's design tokens, so a change of palette in
 * `src/styles/tokens.css` carries into every illustration on the next run of the generator.
 */
export interface Palette {
  green900: string;
  green800: string;
  green700: string;
  green600: string;
  green100: string;
  gold700: string;
  gold500: string;
  gold300: string;
  gold100: string;
  cream50: string;
  cream100: string;
  ink900: string;
  ink700: string;
  ink500: string;
  line: string;
  white: string;
}

const TOKEN_NAMES: Record<keyof Palette, string> = {
  green900: '--color-green-900',
  green800: '--color-green-800',
  green700: '--color-green-700',
  green600: '--color-green-600',
  green100: '--color-green-100',
  gold700: '--color-gold-700',
  gold500: '--color-gold-500',
  gold300: '--color-gold-300',
  gold100: '--color-gold-100',
  cream50: '--color-cream-50',
  cream100: '--color-cream-100',
  ink900: '--color-ink-900',
  ink700: '--color-ink-700',
  ink500: '--color-ink-500',
  line: '--color-line',
  white: '--color-white',
};

export function parsePalette(css: string): Palette {
  const values = new Map<string, string>();
  for (const match of css.matchAll(/(--color-[\w-]+)\s*:\s*(#[0-9a-fA-F]{6})\b/g)) {
    const [, name, value] = match;
    if (name && value) values.set(name, value.toLowerCase());
  }
  const palette = {} as Palette;
  const missing: string[] = [];
  for (const [key, token] of Object.entries(TOKEN_NAMES) as [keyof Palette, string][]) {
    const value = values.get(token);
    if (value) palette[key] = value;
    else missing.push(token);
  }
  if (missing.length) throw new Error(`tokens.css lacks hex values for: ${missing.join(', ')}`);
  return palette;
}

export function readPalette(tokensPath: string): Palette {
  return parsePalette(readFileSync(tokensPath, 'utf8'));
}

/** Mixes two hex colours; `amount` 0 gives `a`, 1 gives `b`. */
export function mix(a: string, b: string, amount: number): string {
  const pa = hexToRgb(a);
  const pb = hexToRgb(b);
  const channel = (i: 0 | 1 | 2) => Math.round(pa[i] + (pb[i] - pa[i]) * amount);
  return rgbToHex([channel(0), channel(1), channel(2)]);
}

function hexToRgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function rgbToHex(rgb: [number, number, number]): string {
  return `#${rgb.map((c) => Math.max(0, Math.min(255, c)).toString(16).padStart(2, '0')).join('')}`;
}
