import { BROCHURE_FILE_NAME, BROCHURE_URL } from '../content/site.ts';

/** Starts the download of the brochure PDF under its own file name, without leaving the page. */
export function downloadBrochure(doc: Document = document): void {
  const link = doc.createElement('a');
  link.href = BROCHURE_URL;
  link.download = BROCHURE_FILE_NAME;
  link.hidden = true;
  doc.body.append(link);
  link.click();
  link.remove();
}
