import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTempDir } from '@iconia/testkit';
import { inlineScriptHashes, siteHasTags, siteScriptHashes } from './security-headers.ts';

// sha256 of the exact text between the tags, base64: what a browser computes for CSP.
const HASH_OF_ALERT = "'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='";
const HASH_OF_MODULE = "'sha256-OfjsKQ3ChL6NJUd5sQ8ep1lonjMsKLten46oPwgr6lw='";

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
});

describe('siteScriptHashes', () => {
  let temp: ReturnType<typeof createTempDir>;
  beforeEach(() => {
    temp = createTempDir();
  });
  afterEach(() => temp.remove());

  it('when the site has pages in nested folders, then every distinct inline script is allowed once', () => {
    mkdirSync(path.join(temp.dir, 'about'));
    writeFileSync(path.join(temp.dir, 'index.html'), '<script>alert(1)</script>');
    writeFileSync(path.join(temp.dir, 'about', 'index.html'), '<script>alert(1)</script>');
    writeFileSync(
      path.join(temp.dir, '404.html'),
      '<script type="module">import "/assets/entry.js";</script>',
    );
    writeFileSync(path.join(temp.dir, 'notes.txt'), '<script>not a page</script>');

    expect(siteScriptHashes(temp.dir)).toEqual([HASH_OF_MODULE, HASH_OF_ALERT].sort());
  });

  it('when the site is not built, then there are no hashes and no error', () => {
    expect(siteScriptHashes(path.join(temp.dir, 'missing'))).toEqual([]);
  });
});

describe('siteHasTags', () => {
  let temp: ReturnType<typeof createTempDir>;
  beforeEach(() => {
    temp = createTempDir();
    mkdirSync(path.join(temp.dir, 'assets'));
  });
  afterEach(() => temp.remove());

  it.each([
    ['quotes', 'const e={gtmId:"GTM-ABC1234"}'],
    ['a template literal, as the minifier writes it', 'const e={gtmId:t(`GTM-ABC1234`)}'],
    ['only a measurement id', "const e={gaId:'G-ABCDEF123'}"],
  ])('when the built scripts carry a tag id in %s, then the site has tags', (_how, code) => {
    writeFileSync(path.join(temp.dir, 'assets', 'site.js'), code);
    expect(siteHasTags(temp.dir)).toBe(true);
  });

  it('when the site was built without tag ids, then it has none', () => {
    writeFileSync(path.join(temp.dir, 'assets', 'site.js'), 'const e={gtmId:void 0}');
    expect(siteHasTags(temp.dir)).toBe(false);
  });
});
