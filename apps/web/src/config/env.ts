/**
 * Build-time settings of the site, read once. Vite replaces `import.meta.env.VITE_*` at build
 * time, so a value must be present when `pnpm build` runs.
 */
import { DEFAULT_SITE_URL } from './site-url.ts';

function optional(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

export const env = {
  /** Origin of the lead API when the site is hosted elsewhere; the page's own origin when unset. */
  apiOrigin: optional(import.meta.env.VITE_API_ORIGIN)?.replace(/\/+$/, '') ?? '',
  /** Google Tag Manager container ID (GTM-XXXX); analytics stay off without it. */
  gtmId: optional(import.meta.env.VITE_GTM_ID),
  /** Google Analytics 4 measurement ID (G-XXXX); analytics stay off without it. */
  gaId: optional(import.meta.env.VITE_GA_ID),
  /**
   * Public origin of the site, for canonical, share and sitemap URLs: `SITE_URL` (or
   * `VITE_SITE_URL`) at build time, passed through by vite.config.ts.
   */
  siteUrl: (optional(import.meta.env.VITE_SITE_URL) ?? DEFAULT_SITE_URL).replace(/\/+$/, ''),
  /** The year the site was built: what the prerendered pages print until the page is live. */
  buildYear: Number(import.meta.env.VITE_BUILD_YEAR) || new Date().getFullYear(),
} as const;
