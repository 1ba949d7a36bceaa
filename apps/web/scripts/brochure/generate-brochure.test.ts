// @vitest-environment node
import { PDFParse } from 'pdf-parse';
import { beforeAll, describe, expect, it } from 'vitest';
import { LOCATION, PHONES, RERA } from '../../src/content/site.ts';
import { createBrochure } from './generate-brochure.ts';

describe('the brochure PDF', () => {
  let pdf: Buffer;
  let text: string;
  let pages: number;

  beforeAll(async () => {
    pdf = await createBrochure();
    const parser = new PDFParse({ data: new Uint8Array(pdf) });
    const result = await parser.getText();
    await parser.destroy();
    pages = result.total;
    // Line breaks inside table cells and paragraphs are irrelevant to a reader searching it.
    text = result.text.replace(/\s+/g, ' ');
  }, 60_000);

  it('when generated, then it is a six-page PDF under 1.5 MB', () => {
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pages).toBe(6);
    expect(pdf.length).toBeLessThan(1.5 * 1024 * 1024);
  });

  it('when read, then its text carries the project figures at a glance', () => {
    for (const figure of [
      '100 acres',
      '60 acres',
      '800 plots',
      'Phases 1–4',
      '165–660 sq. yds',
      '20+ amenities',
      'DTCP and RERA approved',
    ]) {
      expect(text).toContain(figure);
    }
  });

  it('when read, then every landmark of the location section appears with its distance', () => {
    for (const landmark of LOCATION.landmarks) {
      expect(text).toContain(landmark.name);
    }
    const distances = LOCATION.landmarks.map((l) => l.distance);
    for (const distance of new Set(distances)) expect(text).toContain(distance);
  });

  it('when read, then it names the RERA registration and the sales phone', () => {
    expect(text).toContain(RERA.registrationNumber);
    expect(text).toContain(PHONES.sales.display);
  });

  it('when generated twice, then the bytes are identical', async () => {
    const again = await createBrochure();
    expect(again.equals(pdf)).toBe(true);
  }, 60_000);
});
