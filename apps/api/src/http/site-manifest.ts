import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseSiteManifest, SITE_MANIFEST_FILE } from '@iconia/shared';

/** The built site cannot be served as it is: its manifest is missing or unreadable. */
export class SiteManifestError extends Error {
  constructor(webDist: string, problem: string) {
    super(
      `The site in ${webDist} cannot be served: ${problem} \`pnpm build\` writes ${SITE_MANIFEST_FILE} beside the pages; build the site again.`,
    );
    this.name = 'SiteManifestError';
  }
}

/** What the page policy needs to know of the built site. */
export interface SiteScripts {
  /** The CSP hash of every inline script of every page, each once. */
  scriptHashes: string[];
  /** The site was built with a Tag Manager or Analytics id, so the thank-you page loads tags. */
  tags: boolean;
}

/**
 * Read once at start, from the manifest the build wrote: the pages do not change while the
 * server runs. A folder without a built site (no `index.html`) has no page to allow anything
 * for; a built site without its manifest is refused, since its pages could not run their scripts.
 */
export function readSiteScripts(webDist: string): SiteScripts {
  if (!existsSync(path.join(webDist, 'index.html'))) return { scriptHashes: [], tags: false };
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path.join(webDist, SITE_MANIFEST_FILE), 'utf8'));
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
    throw new SiteManifestError(
      webDist,
      missing ? `it has no ${SITE_MANIFEST_FILE}.` : `${SITE_MANIFEST_FILE} is not JSON.`,
    );
  }
  const manifest = parseSiteManifest(json);
  if (!manifest.ok) {
    throw new SiteManifestError(
      webDist,
      `${SITE_MANIFEST_FILE} is invalid:\n${manifest.problems}\n`,
    );
  }
  const { analytics, pages } = manifest.value;
  const hashes = new Set(Object.values(pages).flatMap((page) => page.inlineScriptHashes));
  return {
    scriptHashes: [...hashes].sort(),
    tags: analytics.gtmId !== null || analytics.gaId !== null,
  };
}
