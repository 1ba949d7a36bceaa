/**
 * Portals: the property portals (99acres, Housing.com, MagicBricks) that do not push their leads
 * but let the builder pull them. This feature owns the pull sources (`portal_sources`), their
 * logins sealed at rest, one adapter per portal, and the poller that stores each portal's leads
 * through the intake. The intake, routing and the outbox do the rest, as for any channel.
 */
export { PORTAL_ADAPTERS, PORTAL_KEYS } from './adapters.ts';
export { PortalError, type PortalAdapter, type PortalLead } from './portal-adapter.ts';
export {
  createPortalCredentialSeal,
  PORTAL_KEY_FILE,
  PortalCredentialsError,
  type PortalCredentialSeal,
} from './portal-credentials.ts';
export {
  createPortalPoller,
  POLL_LEASE_MS,
  POLL_OVERLAP_MS,
  type PollOutcome,
  type PortalEnquiry,
  type PortalPoller,
} from './portal-poller.ts';
export {
  createPortalSources,
  openPortalSources,
  PortalSourceError,
  type NewPortalSource,
  type PortalSources,
  type PortalSourceState,
} from './portal-sources.ts';
export { createPortalStore, type PortalStore } from './portal-store.ts';
export { portalRoutes, type PortalRouteDeps } from './portal-routes.ts';
