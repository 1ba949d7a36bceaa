// @vitest-environment node
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  ABOUT,
  CONTACT,
  DISCLAIMER,
  GALLERY,
  HERO,
  HIGHLIGHTS,
  LOCATION,
  NOT_FOUND,
  NOT_FOUND_META,
  PRIVACY_POLICY,
  RERA,
  ROUTE_META,
  THANK_YOU,
  WHY,
  type RoutePath,
} from '../content/site.ts';
import { PAGE_PATHS } from './site-paths.ts';

/*
 * Reads what `pnpm build` wrote: each page must carry its heading and text in the HTML itself,
 * before any JavaScript runs (search engines, slow phones, the first paint).
 */

const CLIENT_DIR = fileURLToPath(new URL('../../build/client/', import.meta.url));
const built = existsSync(path.join(CLIENT_DIR, 'index.html'));
if (!built) {
  console.warn(
    'Skipping the prerendered-page checks: build/client is missing. Run `pnpm --filter @iconia/web build` (the root `pnpm test` builds first).',
  );
}

function htmlFile(page: string): string {
  return page === '/404.html'
    ? path.join(CLIENT_DIR, '404.html')
    : path.join(CLIENT_DIR, page.slice(1), 'index.html');
}

/** The visible text of a page: tags and scripts dropped, entities decoded, spaces collapsed. */
function textOf(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

function h1Of(html: string): string[] {
  return [...html.matchAll(/<h1[^>]*>([\s\S]*?)<\/h1>/g)].map((match) =>
    textOf(match[1] ?? '').trim(),
  );
}

const EXPECTED: Record<RoutePath, { heading: string; text: string[] }> = {
  '/': {
    heading: HERO.headline,
    text: [
      ...HERO.subLines,
      ABOUT.heading,
      HIGHLIGHTS.points[0],
      WHY.reasons[0]!.title,
      GALLERY.heading,
      LOCATION.landmarks[0]!.name,
      CONTACT.heading,
    ],
  },
  '/about': { heading: ABOUT.heading, text: [...ABOUT.features, CONTACT.heading] },
  '/highlights': { heading: HIGHLIGHTS.heading, text: [...HIGHLIGHTS.points] },
  '/why': { heading: WHY.heading, text: WHY.reasons.map((reason) => reason.title) },
  '/gallery': {
    heading: GALLERY.heading,
    text: GALLERY.categories.flatMap((category) => [
      category.label,
      ...category.entries.map((e) => e.title),
    ]),
  },
  '/location-highlights': {
    heading: LOCATION.heading,
    text: [LOCATION.landmarksHeading, ...LOCATION.landmarks.map((l) => l.name), LOCATION.enquire],
  },
  '/contact': { heading: CONTACT.heading, text: [CONTACT.contactUs, CONTACT.formHeading] },
  '/thank-you': { heading: THANK_YOU.heading, text: [THANK_YOU.line, THANK_YOU.backToHome] },
  '/privacy-policy': {
    heading: PRIVACY_POLICY.heading,
    text: PRIVACY_POLICY.sections.map((section) => section.heading),
  },
};

describe.skipIf(!built)('prerendered pages', () => {
  it.each(PAGE_PATHS)(
    'when %s is fetched, then its HTML already holds its one h1, its text, title and description',
    (page) => {
      const html = readFileSync(htmlFile(page), 'utf8');
      const expected = EXPECTED[page];
      expect(html).toMatch(/^<!DOCTYPE html><html lang="en-IN"/);
      expect(h1Of(html)).toEqual([expected.heading]);
      const text = textOf(html);
      for (const snippet of expected.text) expect(text).toContain(snippet);
      expect(html).toContain(
        `<title>${textOf(ROUTE_META[page].title).replace(/&/g, '&amp;')}</title>`,
      );
      expect(html).toContain('<meta name="description"');
    },
  );

  it.each(PAGE_PATHS.filter((page) => page !== '/thank-you' && page !== '/privacy-policy'))(
    'when %s is fetched, then the disclaimer bar, footer and RERA number are in the HTML',
    (page) => {
      const text = textOf(readFileSync(htmlFile(page), 'utf8'));
      expect(text).toContain(DISCLAIMER.barText);
      expect(text).toContain('Follow Us:');
      expect(text).toContain(RERA.registrationNumber);
    },
  );

  it('when an unknown path is answered with 404.html, then it is the not-found page with a link home', () => {
    const html = readFileSync(htmlFile('/404.html'), 'utf8');
    expect(h1Of(html)).toEqual([NOT_FOUND.heading]);
    expect(html).toContain(`<title>${NOT_FOUND_META.title}</title>`);
    expect(html).toContain('<meta name="robots" content="noindex, follow"/>');
    expect(html).toMatch(/<a[^>]*href="\/"[^>]*>[^<]*Go to the home page/);
    expect(existsSync(path.join(CLIENT_DIR, '404', 'index.html'))).toBe(false);
  });

  it('when a page is fetched, then the head script that hides an accepted disclaimer comes before the body', () => {
    const html = readFileSync(htmlFile('/'), 'utf8');
    const head = html.slice(0, html.indexOf('<body'));
    expect(head).toContain('localStorage.getItem("disclaimerAccepted")');
  });

  it.each([
    ['/', 'inline-brochure', '/send-email', 'multipart/form-data'],
    ['/contact', 'contact-form', '/contact-form', 'multipart/form-data'],
  ])(
    'when %s is fetched, then its %s form is a plain form that posts to %s without any script',
    (page, source, endpoint, encoding) => {
      const html = readFileSync(htmlFile(page), 'utf8');
      const form = [...html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)].find(([, , body]) =>
        body?.includes(`name="source" value="${source}"`),
      );
      expect(form, `a form with source ${source}`).toBeDefined();
      const [, attributes = '', body = ''] = form ?? [];
      expect(attributes).toContain('method="post"');
      expect(attributes).toContain(`action="${endpoint}"`);
      // HTML attribute names ignore case; React writes this one as encType.
      expect(attributes.toLowerCase()).toContain(`enctype="${encoding}"`);
      // The browser checks the required fields itself until the page has hydrated.
      expect(attributes).not.toMatch(/novalidate/i);
      expect(body).toContain(`name="page" value="${page}"`);
      const input = (name: string) =>
        [...body.matchAll(/<input\b[^>]*>/g)]
          .map(([tag]) => tag)
          .find((tag) => tag.includes(` name="${name}"`)) ?? '';
      expect(input('name')).toContain('required');
      expect(input('mobile')).toContain('required');
      if (source === 'inline-brochure') {
        expect(input('agree')).toContain('required');
        expect(input('mobile')).toContain('pattern="[0-9]{10}"');
      }
    },
  );

  it('when a page is fetched, then its scripts wait in an inert holder for the first paint', () => {
    const html = readFileSync(htmlFile('/'), 'utf8');
    const head = html.slice(0, html.indexOf('<body'));
    expect(head).not.toContain('modulepreload');
    const holder = /<noscript id="page-scripts">([\s\S]*?)<\/noscript>/.exec(html)?.[1] ?? '';
    expect(holder).toContain('rel="modulepreload"');
    expect(holder).toMatch(/<script type="module"[^>]*>import /);
    expect(html.replace(holder, '')).not.toContain('type="module"');
  });

  // The browser builds every SVG used as an image as a document of its own, on the page's main
  // thread while it loads: the logo, seals and favicon together cost the landing page tens of ms.
  it.each(PAGE_PATHS)('when %s is fetched, then no SVG is used as an image or icon', (page) => {
    const html = readFileSync(htmlFile(page), 'utf8');
    const imageUrls = [
      ...html.matchAll(/<(?:img|source)\b[^>]*?\b(?:src|srcSet|srcset)="([^"]*)"/g),
      ...html.matchAll(/<link\b[^>]*?rel="(?:icon|apple-touch-icon)"[^>]*?href="([^"]*)"/g),
      ...html.matchAll(/url\(\s*["']?([^"')]*)/g),
    ].map((match) => match[1] ?? '');
    expect(imageUrls.length).toBeGreaterThan(0);
    expect(imageUrls.filter((url) => /\.svg\b|image\/svg/.test(url))).toEqual([]);
  });
});
