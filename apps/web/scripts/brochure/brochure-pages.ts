import { PLOT_RANGES } from '@iconia/shared';
import {
  ABOUT,
  BRAND_NAME,
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
import type { Palette } from '../artwork/palette.ts';

/*
 * What each page of the brochure shows, and the footer under it; the document and the order of
 * its pages are generate-brochure.ts's.
 */

export const PAGE = { width: 841.89, height: 595.28 } as const;
export const MARGIN = 48;

/** The artwork the pages place, encoded for the PDF. */
export interface BrochureArt {
  hero: Buffer;
  clubhouse: Buffer;
  map: Buffer;
  approvals: Buffer;
  logo: Buffer;
  /** Four proposed and two completed gallery views, in that order. */
  galleryShots: Buffer[];
}

/** What a page draws with: the document on its page, the palette and the artwork. */
export interface BrochurePage {
  doc: PDFKit.PDFDocument;
  p: Palette;
  art: BrochureArt;
}

/** The cover: the hero artwork behind the headline, approvals and the sales number. */
export function drawCover({ doc, p, art }: BrochurePage): void {
  doc.image(art.hero, 0, 0, {
    cover: [PAGE.width, PAGE.height],
    align: 'center',
    valign: 'center',
  });
  doc.save();
  doc.rect(0, 0, 330, PAGE.height).fillOpacity(0.93).fill(p.green900);
  doc.restore();
  doc.image(art.logo, MARGIN - 6, 56, { width: 260 });
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
}

/** The project at a glance: its figures, the introduction, the clubhouse and the approvals. */
export function drawGlance({ doc, p, art }: BrochurePage): void {
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
  doc.image(art.clubhouse, 572, 118, { fit: [222, 148] });
  doc.image(art.approvals, 572, 290, { fit: [222, 120] });
  doc.font('body').fontSize(8).fillColor(p.ink500);
  doc.text(HIGHLIGHTS.clubhouseCaption, 572, 270, { width: 222 });
}

/** Highlights and the reasons to choose the project. */
export function drawHighlights({ doc, p, art }: BrochurePage): void {
  bulletList(doc, p, HIGHLIGHTS.points, MARGIN, 112, 340, 10.5);
  doc.image(art.clubhouse, MARGIN, 400, { fit: [200, 133] });
  doc.font('body').fontSize(8.5).fillColor(p.ink500);
  doc.text(HIGHLIGHTS.clubhouseCaption, MARGIN + 212, 470, { width: 150 });
  doc.font('display').fontSize(18).fillColor(p.green800).text(WHY.heading, 432, 104);
  let y = 136;
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
}

/** Location: the landmarks table beside the map. */
export function drawLocation({ doc, p, art }: BrochurePage): void {
  doc
    .font('body')
    .fontSize(10)
    .fillColor(p.ink700)
    .text(LOCATION.intro, MARGIN, 104, { width: 360, lineGap: 2 });
  let y = doc.y + 12;
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
  doc.image(art.map, 432, 104, { fit: [362, 302] });
  doc.font('body').fontSize(8).fillColor(p.ink500).text(LOCATION.mapCaption, 432, 410);
}

/** Plot sizes and the artwork. */
export function drawPlotSizes({ doc, p, art }: BrochurePage): void {
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
  let y = doc.y + 10;
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
  art.galleryShots.forEach((shot, i) => {
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
}

/** Contact and registration. */
export function drawContact({ doc, p }: BrochurePage): void {
  doc
    .font('body')
    .fontSize(11)
    .fillColor(p.ink700)
    .text(CONTACT.intro, MARGIN, 110, { width: 360, lineGap: 3 });
  let y = doc.y + 18;
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
}

export function footer(doc: PDFKit.PDFDocument, p: Palette, pageNumber: number): void {
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
