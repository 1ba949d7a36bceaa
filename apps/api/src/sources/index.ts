/**
 * The lead sources as the business manages them: the registry of partner sources (each with its
 * signing secret, rotated with a day's overlap, disabled and enabled), and every source's health
 * (its figures, and the alerts emailed to the managers when one goes quiet or fails, and when it
 * recovers), with the desk's routes for both. Partner intake checks a request's signature against
 * this registry; `pnpm leads sources` manages it too. The alerts' table and email are
 * `store/source-health-schema.ts`.
 */
export {
  createPartnerSources,
  PartnerSourceError,
  type PartnerSources,
} from './partner-sources.ts';
export { createSourceHealth, type SourceHealth } from './source-health.ts';
export { createSourceHealthStore, type FigureWindow } from './source-health-store.ts';
export { sourceRoutes, type SourceRouteDeps } from './source-routes.ts';
