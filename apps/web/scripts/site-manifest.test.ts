// @vitest-environment node
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseSiteManifest, SITE_MANIFEST_FILE } from '@iconia/shared';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes, writeSiteManifest } from './site-manifest.ts';

// sha256 of the exact text between the tags, base64: what a browser computes for CSP.
const HASH_OF_ALERT = "'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='";
const HASH_OF_MODULE = "'sha256-OfjsKQ3ChL6NJUd5sQ8ep1lonjMsKLten46oPwgr6lw='";

const BUILT_SITE = fileURLToPath(new URL('../build/client/', import.meta.url));
const HAS_BUILD = existsSync(path.join(BUILT_SITE, 'index.html'));

describe('inlineScriptHashes', () => {
  it('when a page has classic and module inline scripts, then both hashes are listed in order', () => {
    const html = `<html><head><script>alert(1)</script></head><body>
      <script type="module">import "/assets/entry.js";</script></body></html>`;
    expect(inlineScriptHashes(html)).toEqual([HASH_OF_ALERT, HASH_OF_MODULE]);
  });

  it('when scripts load from a file, are data blocks or are empty, then they need no hash', () => {
    const html = `<script src="/assets/app.js"></script>
      <script type="application/ld+json">{"@type":"Place"}</script>
      <script async src='https://www.googletagmanager.com/gtag/js'></script>
      <script></script>`;
    expect(inlineScriptHashes(html)).toEqual([]);
  });

  it('when whitespace surrounds the code, then it is part of what is hashed', () => {
    expect(inlineScriptHashes('<script> alert(1)</script>')).not.toEqual([HASH_OF_ALERT]);
  });

  it('when scripts wait as text inside a noscript for the page to insert them, then they are hashed too', () => {
    const html =
      '<noscript id="page-scripts"><script>alert(1)</script></noscript><script type="module">import "/assets/entry.js";</script>';
    expect(inlineScriptHashes(html)).toEqual([HASH_OF_ALERT, HASH_OF_MODULE]);
  });

  it('when a script holds text that looks like a closing tag in a string or comment, then the parser reads it as the browser does', () => {
    const html = '<script>alert(1)</script><!-- <script>alert(2)</script> -->';
    expect(inlineScriptHashes(html)).toEqual([HASH_OF_ALERT]);
  });
});

describe('writeSiteManifest', () => {
  it('when pages are written, then the manifest lists each with its scripts, and the tag ids given', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'iconia-manifest-'));
    try {
      await mkdir(path.join(dir, 'about'));
      await writeFile(path.join(dir, 'index.html'), '<script>alert(1)</script>');
      await writeFile(path.join(dir, 'about', 'index.html'), '<p>About</p>');

      await writeSiteManifest(dir, ['index.html', path.join('about', 'index.html')], {
        gtmId: 'GTM-AB12CD',
        gaId: null,
      });

      const written: unknown = JSON.parse(
        await readFile(path.join(dir, SITE_MANIFEST_FILE), 'utf8'),
      );
      expect(written).toEqual({
        analytics: { gtmId: 'GTM-AB12CD', gaId: null },
        pages: {
          'about/index.html': { inlineScriptHashes: [] },
          'index.html': { inlineScriptHashes: [HASH_OF_ALERT] },
        },
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe.skipIf(!HAS_BUILD)('the manifest of the built site', () => {
  const manifest = () =>
    parseSiteManifest(JSON.parse(readFileSync(path.join(BUILT_SITE, SITE_MANIFEST_FILE), 'utf8')));

  it('when the site is built, then its manifest lists every page with the hashes of its inline scripts', () => {
    const result = manifest();
    expect(result.ok).toBe(true);
    const pages = readdirSync(BUILT_SITE, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
      .map((entry) =>
        path
          .relative(BUILT_SITE, path.join(entry.parentPath, entry.name))
          .split(path.sep)
          .join('/'),
      )
      .sort();
    const listed = result.ok ? result.value.pages : {};

    expect(Object.keys(listed).sort()).toEqual(pages);
    for (const page of pages) {
      const hashes = inlineScriptHashes(readFileSync(path.join(BUILT_SITE, page), 'utf8'));
      expect(hashes.length, page).toBeGreaterThan(0);
      expect(listed[page]?.inlineScriptHashes, page).toEqual(hashes);
    }
  });
});
