/**
 * Every route of the desk API, by feature. The router mounts each feature's routes with its
 * dependencies (`desk-router.ts`), the OpenAPI document is written from this list
 * (`desk-openapi.ts`), and the security test calls every one of them as each kind of caller.
 */
import { plotRoutes } from '../plots/index.ts';
import { heldRoutes } from './held-routes.ts';
import type { DeskRoute } from './route.ts';

export const DESK_ROUTES: readonly DeskRoute<never>[] = [...heldRoutes, ...plotRoutes];
