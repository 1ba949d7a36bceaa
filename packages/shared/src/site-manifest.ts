import * as v from 'valibot';

/**
 * What the site's build tells the server about the pages it wrote, so the server never reads
 * the built HTML or JavaScript to find out: the analytics tag ids the build was given and the
 * hash of every inline script of every page, for the Content-Security-Policy. A dot file in the
 * built site's folder: it travels with the pages and the static server never serves it.
 */
export const SITE_MANIFEST_FILE = '.site-manifest.json';

/** A CSP source expression for one inline script: its SHA-256, base64. */
const SCRIPT_HASH = /^'sha256-[A-Za-z0-9+/]{43}='$/;

export const siteManifestSchema = v.strictObject({
  /** `VITE_GTM_ID` and `VITE_GA_ID` as the build read them; null when unset. */
  analytics: v.strictObject({
    gtmId: v.nullable(v.pipe(v.string(), v.nonEmpty())),
    gaId: v.nullable(v.pipe(v.string(), v.nonEmpty())),
  }),
  /** By page file, relative to the site's folder (`index.html`, `about/index.html`, `404.html`). */
  pages: v.record(
    v.string(),
    v.strictObject({ inlineScriptHashes: v.array(v.pipe(v.string(), v.regex(SCRIPT_HASH))) }),
  ),
});

export type SiteManifest = v.InferOutput<typeof siteManifestSchema>;

/** The manifest in `value`, or what is wrong with it, one problem a line. */
export function parseSiteManifest(
  value: unknown,
): { ok: true; value: SiteManifest } | { ok: false; problems: string } {
  const result = v.safeParse(siteManifestSchema, value);
  return result.success
    ? { ok: true, value: result.output }
    : { ok: false, problems: v.summarize(result.issues) };
}
