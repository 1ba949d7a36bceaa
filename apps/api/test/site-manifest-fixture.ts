import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { SITE_MANIFEST_FILE, type SiteManifest } from '@iconia/shared';

/**
 * Writes the manifest the site's build writes, for a site a test made by hand: `scripts` are
 * the inline scripts its pages hold, by page file.
 */
export function writeSiteManifestFixture(
  dir: string,
  scripts: Record<string, string[]>,
  analytics: Partial<SiteManifest['analytics']> = {},
): void {
  const hash = (script: string) =>
    `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;
  const manifest: SiteManifest = {
    analytics: { gtmId: null, gaId: null, ...analytics },
    pages: Object.fromEntries(
      Object.entries(scripts).map(([page, texts]) => [
        page,
        { inlineScriptHashes: texts.map(hash) },
      ]),
    ),
  };
  writeFileSync(path.join(dir, SITE_MANIFEST_FILE), JSON.stringify(manifest));
}
