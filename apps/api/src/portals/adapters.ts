import { acres99 } from './acres99.ts';
import { housing } from './housing.ts';
import { magicbricks } from './magicbricks.ts';
import type { PortalAdapter } from './portal-adapter.ts';

/** Every portal the desk can pull from, by its key. */
export const PORTAL_ADAPTERS: ReadonlyMap<string, PortalAdapter> = new Map(
  [acres99, housing, magicbricks].map((adapter) => [adapter.portal, adapter]),
);

export const PORTAL_KEYS = [...PORTAL_ADAPTERS.keys()];
