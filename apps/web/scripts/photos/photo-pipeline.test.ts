// @vitest-environment node
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import sharp from 'sharp';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromPicture, type PictureImport } from '../../src/assets/image-asset.ts';
import { ResponsiveImage } from '../../src/components/ui/responsive-image.tsx';
import { PHOTO_QUERY_EXAMPLE, photoPipeline } from './photo-pipeline.ts';

const MAX_VARIANT_BYTES = 250 * 1024;

/** A 4000 px camera-like JPEG of about 3 MB: smooth light with fine detail noise on top. */
async function cameraPhoto(path: string): Promise<number> {
  const width = 4000;
  const height = 2667;
  const noise = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 38 },
    },
  })
    .raw()
    .toBuffer();
  const light = await sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#8fb8cf"/><stop offset="0.55" stop-color="#f4eee2"/><stop offset="0.56" stop-color="#2a7353"/><stop offset="1" stop-color="#163d2e"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#s)"/></svg>`,
    ),
  )
    .raw()
    .toBuffer();
  const blended = Buffer.alloc(noise.length);
  for (let i = 0; i < noise.length; i += 1) {
    blended[i] = Math.round((light[i] ?? 0) * 0.8 + (noise[i] ?? 0) * 0.2);
  }
  const jpeg = await sharp(blended, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
  writeFileSync(path, jpeg);
  return jpeg.length;
}

describe('photos dropped in by the builder', () => {
  let root: string;
  let fixtureBytes: number;
  let assets: Map<string, number>;
  let markup: string;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'iconia-photos-'));
    fixtureBytes = await cameraPhoto(join(root, 'clubhouse.jpg'));
    writeFileSync(
      join(root, 'entry.js'),
      `import picture from './clubhouse.jpg?${PHOTO_QUERY_EXAMPLE}';\nexport default picture;\n`,
    );
    const outDir = join(root, 'dist');
    await build({
      root,
      configFile: false,
      logLevel: 'silent',
      plugins: [photoPipeline()],
      build: {
        outDir,
        ssr: join(root, 'entry.js'),
        ssrEmitAssets: true,
        assetsInlineLimit: 0,
        rollupOptions: { output: { entryFileNames: 'entry.mjs' } },
      },
    });
    assets = new Map(
      readdirSync(join(outDir, 'assets')).map((file) => [
        `/assets/${file}`,
        statSync(join(outDir, 'assets', file)).size,
      ]),
    );
    const built = (await import(pathToFileURL(join(outDir, 'entry.mjs')).href)) as {
      default: PictureImport;
    };
    const image = fromPicture(built.default, 'The clubhouse', '(min-width: 1024px) 560px, 100vw');
    markup = renderToStaticMarkup(createElement(ResponsiveImage, { image }));
  }, 180_000);

  afterAll(() => {
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('when the fixture is a 4000 px photo of about 3 MB, then it really is one', () => {
    expect(fixtureBytes).toBeGreaterThan(2.5 * 1024 * 1024);
  });

  it('when built, then AVIF and WebP variants at three widths are emitted, each under 250 KB', () => {
    const variants = [...assets].filter(([url]) => /\.(avif|webp)$/.test(url));
    expect(variants.filter(([url]) => url.endsWith('.avif'))).toHaveLength(3);
    expect(variants.filter(([url]) => url.endsWith('.webp'))).toHaveLength(3);
    for (const [url, bytes] of variants) {
      expect(bytes, url).toBeLessThan(MAX_VARIANT_BYTES);
    }
  });

  it('when rendered, then the markup points at the emitted variants with srcset, sizes and dimensions', () => {
    const urls = [...markup.matchAll(/(\/assets\/[^\s",]+)/g)].map((m) => m[1] ?? '');
    expect(urls.length).toBeGreaterThanOrEqual(6);
    for (const url of urls) expect(assets.has(url), url).toBe(true);
    expect(markup).toContain('type="image/avif"');
    expect(markup).toMatch(/srcSet="[^"]*480w[^"]*960w[^"]*1600w"/i);
    expect(markup).toContain('sizes="(min-width: 1024px) 560px, 100vw"');
    expect(markup).toMatch(/width="1600" height="1067"/);
  });
});
