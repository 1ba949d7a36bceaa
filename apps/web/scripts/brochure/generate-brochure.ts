import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import {
  ABOUT,
  BRAND_NAME,
  BRAND_TAGLINE,
  BROCHURE_FILE_NAME,
  CONTACT,
  HIGHLIGHTS,
  LOCATION,
} from '../../src/content/site.ts';
import { FONT_FILES } from '../artwork/fonts.ts';
import { readPalette } from '../artwork/palette.ts';
import {
  drawContact,
  drawCover,
  drawGlance,
  drawHighlights,
  drawLocation,
  drawPlotSizes,
  footer,
  MARGIN,
  PAGE,
  type BrochurePage,
} from './brochure-pages.ts';

/**
 * The downloadable presentation, built from the same content module as the site and from the
 * generated artwork, so the brochure never disagrees with the pages. A4 landscape, real
 * (selectable) text in embedded fonts, JPEG-compressed artwork to stay well under 1.5 MB.
 *
 * Usage: tsx scripts/brochure/generate-brochure.ts [output.pdf]  (default: public/<file name>)
 */
const webRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const artworkDir = join(webRoot, 'src', 'assets', 'artwork');

/** Fixed so that the same content always gives byte-identical PDFs (cacheable, diffable). */
const FIXED_DATE = new Date('2025-01-01T00:00:00Z');

interface Artwork {
  jpeg(name: string, width: number): Promise<Buffer>;
  png(name: string, width: number): Promise<Buffer>;
}

function createArtwork(dir: string): Artwork {
  return {
    // The largest committed WebP of a slot, re-encoded as JPEG (what PDF viewers decode natively).
    jpeg: (name, width) =>
      sharp(join(dir, name)).resize({ width }).jpeg({ quality: 74, mozjpeg: true }).toBuffer(),
    // Likewise as PNG, for the drawings on a transparent ground (logo, seals).
    png: (name, width) =>
      sharp(join(dir, name)).resize({ width }).png({ compressionLevel: 9 }).toBuffer(),
  };
}

export async function createBrochure(): Promise<Buffer> {
  const p = readPalette(join(webRoot, 'src', 'styles', 'tokens.css'));
  const art = createArtwork(artworkDir);
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 0,
    autoFirstPage: false,
    compress: true,
    pdfVersion: '1.7',
    lang: 'en-IN',
    displayTitle: true,
    info: {
      Title: `${BRAND_NAME} – Project Presentation`,
      Author: BRAND_NAME,
      Subject: BRAND_TAGLINE,
      Keywords: 'villa plots, Shadnagar, Hyderabad, DTCP, RERA',
      Creator: BRAND_NAME,
      Producer: BRAND_NAME,
      CreationDate: FIXED_DATE,
      ModDate: FIXED_DATE,
    },
  });
  doc.registerFont('display', FONT_FILES.display);
  doc.registerFont('body', FONT_FILES.body);
  doc.registerFont('body-semibold', FONT_FILES.bodySemibold);
  doc.registerFont('body-bold', FONT_FILES.bodyBold);

  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const [hero, clubhouse, map, approvals, logo, ...galleryShots] = await Promise.all([
    art.jpeg('hero-1920.webp', 1400),
    art.jpeg('clubhouse-1200.webp', 900),
    art.jpeg('location-map-1200.webp', 1000),
    art.png('approvals-1200.webp', 560),
    art.png('logo-on-dark-840.webp', 560),
    ...[1, 2, 3, 7].map((n) => art.jpeg(`gallery-proposed-${n}-800.webp`, 640)),
    ...[1, 2].map((n) => art.jpeg(`gallery-completed-${n}-800.webp`, 640)),
  ]);

  let pageNumber = 0;
  const newPage = (title?: string, eyebrow?: string) => {
    doc.addPage();
    pageNumber += 1;
    doc.rect(0, 0, PAGE.width, PAGE.height).fill(p.cream50);
    if (title) {
      doc.rect(0, 0, PAGE.width, 6).fill(p.gold500);
      if (eyebrow) {
        doc.font('body-bold').fontSize(9).fillColor(p.gold700);
        doc.text(eyebrow.toUpperCase(), MARGIN, 34, { characterSpacing: 2 });
      }
      doc.font('display').fontSize(28).fillColor(p.green800).text(title, MARGIN, 48);
      doc.rect(MARGIN, 88, 56, 2).fill(p.gold500);
    }
    footer(doc, p, pageNumber);
  };

  const page: BrochurePage = {
    doc,
    p,
    art: { hero, clubhouse, map, approvals, logo, galleryShots },
  };
  // 1. Cover.
  doc.addPage();
  pageNumber += 1;
  drawCover(page);
  // 2. The project at a glance.
  newPage('The project at a glance', ABOUT.eyebrow);
  drawGlance(page);
  // 3. Highlights and reasons to choose.
  newPage(HIGHLIGHTS.heading, HIGHLIGHTS.eyebrow);
  drawHighlights(page);
  // 4. Location: the landmarks table beside the map.
  newPage(LOCATION.heading, LOCATION.eyebrow);
  drawLocation(page);
  // 5. Plot sizes and the artwork.
  newPage('Plot sizes', 'Choose your plot');
  drawPlotSizes(page);
  // 6. Contact and registration.
  newPage(CONTACT.heading, CONTACT.eyebrow);
  drawContact(page);

  doc.end();
  return finished;
}

async function main(): Promise<void> {
  const output = process.argv[2] ?? join(webRoot, 'public', BROCHURE_FILE_NAME);
  const pdf = await createBrochure();
  mkdirSync(dirname(output), { recursive: true });
  writeFileSync(output, pdf);
  console.log(`brochure: ${output} (${(pdf.length / 1024).toFixed(0)} KB)`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await main();
}
