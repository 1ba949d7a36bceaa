/// <reference types="vite/client" />

/** Build-time settings the site reads (through `src/config/env.ts` only). */
interface ImportMetaEnv {
  readonly VITE_API_ORIGIN?: string;
  readonly VITE_GTM_ID?: string;
  readonly VITE_GA_ID?: string;
  readonly VITE_SITE_URL?: string;
  /** Set by vite.config.ts. */
  readonly VITE_BUILD_YEAR?: string;
}
