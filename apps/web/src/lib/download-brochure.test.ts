import { afterEach, describe, expect, it, vi } from 'vitest';
import { BROCHURE_FILE_NAME, BROCHURE_URL } from '../content/site.ts';
import { spyOnDownloads } from '../test/browser-spies.ts';
import { downloadBrochure } from './download-brochure.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('downloadBrochure', () => {
  it('when called, then the brochure PDF downloads under its file name and nothing is left in the page', () => {
    const downloads = spyOnDownloads();
    downloadBrochure();
    expect(downloads()).toEqual([
      { href: BROCHURE_URL, fileName: 'Elegant-Iconia-Presentation.pdf' },
    ]);
    expect(BROCHURE_FILE_NAME).toBe('Elegant-Iconia-Presentation.pdf');
    expect(document.querySelector('a[download]')).toBeNull();
  });
});
