import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { PLOT_RANGES } from '@iconia/shared';
import {
  ABOUT,
  BRAND_NAME,
  BRAND_TAGLINE,
  BROCHURE_FILE_NAME,
  CONTACT,
  DISCLAIMER,
  GALLERY,
  HERO,
  HIGHLIGHTS,
  LOCATION,
  OFFICE_ADDRESS,
  OFFICE_HOURS,
  PHONES,
  PROJECT_FIGURES,
  RERA,
  WHATSAPP_NUMBER,
  WHY,
} from '../../src/content/site.ts';
import { FONT_FILES } from '../artwork/fonts.ts';
import { readPalette, type Palette } from '../artwork/palette.ts';

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

const PAGE = { width: 841.89, height: 595.28 } as const;
const MARGIN = 48;

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

  // 1. Cover.
  doc.addPage();
  pageNumber += 1;
  doc.image(hero, 0, 0, { cover: [PAGE.width, PAGE.height], align: 'center', valign: 'center' });
  doc.save();
  doc.rect(0, 0, 330, PAGE.height).fillOpacity(0.93).fill(p.green900);
  doc.restore();
  doc.image(logo, MARGIN - 6, 56, { width: 260 });
  doc.font('display').fontSize(30).fillColor(p.cream50);
  doc.text(HERO.headline, MARGIN, 150, { width: 250, lineGap: 2 });
  doc.rect(MARGIN, doc.y + 12, 56, 2).fill(p.gold500);
  doc.font('body').fontSize(11.5).fillColor(p.cream50);
  let y = doc.y + 28;
  for (const line of HERO.subLines) {
    doc.text(line, MARGIN, y, { width: 250 });
    y = doc.y + 6;
  }
  doc.font('body-bold').fontSize(10).fillColor(p.gold300);
  doc.text('DTCP and RERA approved', MARGIN, 470);
  doc.font('body').fontSize(9).fillColor(p.cream50);
  doc.text(`${RERA.authorityShort} Reg. No. ${RERA.registrationNumber}`, MARGIN, 488);
  doc.text(`Sales: ${PHONES.sales.display}`, MARGIN, 504);
  doc.fontSize(7.5).fillColor(p.gold100).text('Artist’s impressions. Not to scale.', MARGIN, 548);

  // 2. The project at a glance.
  newPage('The project at a glance', ABOUT.eyebrow);
  const figures: [string, string][] = [
    [`${PROJECT_FIGURES.totalAcres} acres`, 'Gated community under HMDA limits'],
    [`${PROJECT_FIGURES.phaseAcres} acres`, `Phases 1–${PROJECT_FIGURES.phases} now open`],
    [`${PROJECT_FIGURES.plots} plots`, `Across phases 1–${PROJECT_FIGURES.phases}`],
    ['165–660 sq. yds', 'Plot sizes, east and west facing'],
    [`${PROJECT_FIGURES.amenities} amenities`, 'Clubhouse, pool, play zone, parks'],
    ['DTCP & RERA', 'Approved layout, registered project'],
  ];
  figures.forEach(([value, label], i) => {
    const col = i % 3;
    const row = Math.floor(i / 3);
    const x = MARGIN + col * 168;
    const top = 118 + row * 112;
    doc.roundedRect(x, top, 156, 98, 8).fill(p.white);
    doc.rect(x, top, 4, 98).fill(p.gold500);
    doc
      .font('display')
      .fontSize(17)
      .fillColor(p.green700)
      .text(value, x + 16, top + 18, { width: 132 });
    doc
      .font('body')
      .fontSize(9.5)
      .fillColor(p.ink700)
      .text(label, x + 16, top + 58, { width: 132 });
  });
  doc.font('body').fontSize(10.5).fillColor(p.ink700);
  doc.text(ABOUT.intro, MARGIN, 358, { width: 492, lineGap: 3 });
  doc.image(clubhouse, 572, 118, { fit: [222, 148] });
  doc.image(approvals, 572, 290, { fit: [222, 120] });
  doc.font('body').fontSize(8).fillColor(p.ink500);
  doc.text(HIGHLIGHTS.clubhouseCaption, 572, 270, { width: 222 });

  // 3. Highlights and reasons to choose.
  newPage(HIGHLIGHTS.heading, HIGHLIGHTS.eyebrow);
  bulletList(doc, p, HIGHLIGHTS.points, MARGIN, 112, 340, 10.5);
  doc.image(clubhouse, MARGIN, 400, { fit: [200, 133] });
  doc.font('body').fontSize(8.5).fillColor(p.ink500);
  doc.text(HIGHLIGHTS.clubhouseCaption, MARGIN + 212, 470, { width: 150 });
  doc.font('display').fontSize(18).fillColor(p.green800).text(WHY.heading, 432, 104);
  y = 136;
  WHY.reasons.forEach((reason, i) => {
    doc
      .font('display')
      .fontSize(13)
      .fillColor(p.gold700)
      .text(String(i + 1).padStart(2, '0'), 432, y);
    doc
      .font('body-semibold')
      .fontSize(10.5)
      .fillColor(p.green800)
      .text(reason.title, 462, y + 1, { width: 330 });
    doc
      .font('body')
      .fontSize(9.5)
      .fillColor(p.ink700)
      .text(reason.text, 462, doc.y + 2, { width: 330 });
    y = doc.y + 9;
  });

  // 4. Location: the landmarks table beside the map.
  newPage(LOCATION.heading, LOCATION.eyebrow);
  doc
    .font('body')
    .fontSize(10)
    .fillColor(p.ink700)
    .text(LOCATION.intro, MARGIN, 104, { width: 360, lineGap: 2 });
  y = doc.y + 12;
  doc.rect(MARGIN, y, 360, 22).fill(p.green800);
  doc.font('body-bold').fontSize(9).fillColor(p.cream50);
  doc.text(LOCATION.landmarksHeading.toUpperCase(), MARGIN + 10, y + 7, { characterSpacing: 1 });
  doc.text('DISTANCE', MARGIN + 280, y + 7, { width: 70, align: 'right', characterSpacing: 1 });
  y += 22;
  LOCATION.landmarks.forEach((landmark, i) => {
    if (i % 2 === 0) doc.rect(MARGIN, y, 360, 22).fill(p.cream100);
    doc
      .font('body')
      .fontSize(9.5)
      .fillColor(p.ink900)
      .text(landmark.name, MARGIN + 10, y + 6.5, { width: 270, lineBreak: false });
    doc
      .font('body-semibold')
      .fillColor(p.green700)
      .text(landmark.distance, MARGIN + 280, y + 6.5, { width: 70, align: 'right' });
    y += 22;
  });
  doc.image(map, 432, 104, { fit: [362, 302] });
  doc.font('body').fontSize(8).fillColor(p.ink500).text(LOCATION.mapCaption, 432, 410);

  // 5. Plot sizes and the artwork.
  newPage('Plot sizes', 'Choose your plot');
  doc.font('display').fontSize(40).fillColor(p.green700).text('165–660', MARGIN, 108);
  doc
    .font('body-semibold')
    .fontSize(12)
    .fillColor(p.gold700)
    .text('sq. yds per plot', MARGIN, doc.y);
  doc.font('body').fontSize(10).fillColor(p.ink700);
  doc.text(
    'Villa plots from 165 to 660 sq. yds, east and west facing, on wide BT roads with drainage, water and power to every plot. Popular size bands:',
    MARGIN,
    doc.y + 12,
    { width: 230, lineGap: 2 },
  );
  y = doc.y + 10;
  for (const range of PLOT_RANGES) {
    doc.roundedRect(MARGIN, y, 230, 28, 6).fill(p.white);
    doc.rect(MARGIN, y, 4, 28).fill(p.gold500);
    doc
      .font('body-semibold')
      .fontSize(10.5)
      .fillColor(p.green800)
      .text(range, MARGIN + 16, y + 9);
    y += 36;
  }
  doc
    .font('body')
    .fontSize(9)
    .fillColor(p.ink500)
    .text('Larger plots up to 660 sq. yds on request.', MARGIN, y + 2, { width: 230 });
  const captions = [
    ...[0, 1, 2, 6].map((i) => GALLERY.categories[0]?.entries[i]?.title ?? ''),
    ...[0, 1].map((i) => GALLERY.categories[1]?.entries[i]?.title ?? ''),
  ];
  galleryShots.forEach((shot, i) => {
    const col = i % 3;
    const row = Math.floor(i / 3);
    const x = 306 + col * 166;
    const top = 104 + row * 150;
    doc.image(shot, x, top, { fit: [158, 119] });
    doc
      .font('body')
      .fontSize(8.5)
      .fillColor(p.ink700)
      .text(captions[i] ?? '', x, top + 123, { width: 158 });
  });
  doc
    .font('body')
    .fontSize(7.5)
    .fillColor(p.ink500)
    .text('Artist’s impressions of proposed and completed developments.', 306, 410);

  // 6. Contact and registration.
  newPage(CONTACT.heading, CONTACT.eyebrow);
  doc
    .font('body')
    .fontSize(11)
    .fillColor(p.ink700)
    .text(CONTACT.intro, MARGIN, 110, { width: 360, lineGap: 3 });
  y = doc.y + 18;
  const contactRows: [string, string][] = [
    [CONTACT.phoneLabel, `${PHONES.sales.display}  ·  ${PHONES.office.display}`],
    [CONTACT.whatsappLabel, `+${WHATSAPP_NUMBER}`],
    [CONTACT.addressLabel, [OFFICE_ADDRESS.name, ...OFFICE_ADDRESS.lines].join('\n')],
    [CONTACT.hoursLabel, OFFICE_HOURS],
  ];
  for (const [label, value] of contactRows) {
    doc
      .font('body-bold')
      .fontSize(8.5)
      .fillColor(p.gold700)
      .text(label.toUpperCase(), MARGIN, y, { characterSpacing: 1 });
    doc
      .font('body')
      .fontSize(11)
      .fillColor(p.ink900)
      .text(value, MARGIN, doc.y + 2, { width: 360, lineGap: 2 });
    y = doc.y + 12;
  }
  doc.roundedRect(450, 110, 344, 150, 10).fill(p.green800);
  doc
    .font('body-bold')
    .fontSize(9)
    .fillColor(p.gold300)
    .text('RERA REGISTRATION', 474, 132, { characterSpacing: 1.5 });
  doc.font('display').fontSize(24).fillColor(p.cream50).text(RERA.registrationNumber, 474, 152);
  doc
    .font('body')
    .fontSize(9.5)
    .fillColor(p.cream50)
    .text(`${RERA.authority}\n${RERA.websiteLabel}`, 474, 192, { width: 300, lineGap: 2 });
  doc.font('body').fontSize(7.5).fillColor(p.ink500);
  doc.text(DISCLAIMER.modalParagraphs.slice(0, 2).join(' '), 450, 290, {
    width: 344,
    lineGap: 1.5,
    align: 'justify',
  });

  doc.end();
  return finished;
}

function footer(doc: PDFKit.PDFDocument, p: Palette, pageNumber: number): void {
  doc.rect(MARGIN, PAGE.height - 40, PAGE.width - MARGIN * 2, 0.75).fill(p.line);
  doc.font('body').fontSize(8).fillColor(p.ink500);
  doc.text(
    `${BRAND_NAME}  ·  ${RERA.authorityShort} ${RERA.registrationNumber}  ·  ${PHONES.sales.display}`,
    MARGIN,
    PAGE.height - 32,
    { lineBreak: false },
  );
  doc.text(String(pageNumber), PAGE.width - MARGIN - 40, PAGE.height - 32, {
    width: 40,
    align: 'right',
  });
}

function bulletList(
  doc: PDFKit.PDFDocument,
  p: Palette,
  items: readonly string[],
  x: number,
  top: number,
  width: number,
  size: number,
): void {
  let y = top;
  for (const item of items) {
    doc.circle(x + 4, y + size * 0.62, 3).fill(p.gold500);
    doc
      .font('body')
      .fontSize(size)
      .fillColor(p.ink900)
      .text(item, x + 16, y, { width: width - 16 });
    y = doc.y + 10;
  }
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
