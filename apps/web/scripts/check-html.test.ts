// @vitest-environment node
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkHtml, type HtmlError } from './check-html.ts';

const page = (body: string, css = '') =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Page</title>` +
  `<style>${css}</style></head><body>${body}</body></html>`;

/** What the site's pages had before they were fixed. */
const INVALID = page(
  '<label>Mobile <input type="tel" autocomplete="tel-national"></label>' +
    '<figure><img src="a.png" alt="Map"><figcaption>Map</figcaption><p>Approved</p></figure>',
);

/** What they have now, with the newer features the checker does not know yet. */
const VALID = page(
  '<label>Mobile <input type="text" inputmode="numeric" autocomplete="tel-national"></label>' +
    '<figure><img src="a.png" alt="Map" elementtiming="hero"><p>Approved</p><figcaption>Map</figcaption></figure>',
  '@starting-style { dialog[open] { opacity: 0; } }',
);

describe('the HTML check of the built pages', () => {
  let dir = '';
  let errors: HtmlError[] = [];
  // The checker is a Java program that takes seconds to start: one run checks both pages.
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'check-html-'));
    await writeFile(path.join(dir, 'invalid.html'), INVALID);
    await writeFile(path.join(dir, 'valid.html'), VALID);
    errors = await checkHtml([path.join(dir, 'invalid.html'), path.join(dir, 'valid.html')]);
  }, 60_000);
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('when a page has a phone field with a national autofill and a caption between a picture and its text, then both are reported with their file', () => {
    const reported = errors.filter((error) => error.file.endsWith('invalid.html'));

    expect(reported.map((error) => error.message)).toEqual([
      expect.stringMatching(/“tel-national” for attribute “autocomplete”/),
      expect.stringMatching(/Element “p” not allowed as child of element “figure”/),
    ]);
  });

  it('when a page uses only what the site uses, @starting-style and a marked main image included, then nothing is reported', () => {
    expect(errors.filter((error) => error.file.endsWith('/valid.html'))).toEqual([]);
  });
});
