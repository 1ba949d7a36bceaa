/**
 * Every route of the desk API, by feature. The router mounts each feature's routes with its
 * dependencies (`desk-router.ts`), the OpenAPI document is written from this list
 * (`desk-openapi.ts`), and the security test calls every one of them as each kind of caller.
 */
import { accountRoutes, sessionRoutes } from '../accounts/index.ts';
import { brokerDeskRoutes } from '../brokers/index.ts';
import { buyerRoutes } from '../buyers/index.ts';
import { plotRoutes } from '../plots/index.ts';
import { portalRoutes } from '../portals/index.ts';
import { erasureRoutes } from '../privacy/index.ts';
import { pushRoutes } from '../push/index.ts';
import { reportRoutes } from '../reports/index.ts';
import { heldRoutes, routingRoutes } from '../routing/index.ts';
import { sourceRoutes } from '../sources/index.ts';
import { visitRoutes } from '../visits/index.ts';
import { conversationRoutes } from '../whatsapp/index.ts';
import { openApiRoutes } from './openapi-routes.ts';
import type { DeskRoute } from '../desk/route.ts';

export const DESK_ROUTES: readonly DeskRoute<never>[] = [
  ...sessionRoutes,
  ...accountRoutes,
  ...visitRoutes,
  ...buyerRoutes,
  ...reportRoutes,
  ...erasureRoutes,
  ...routingRoutes,
  ...heldRoutes,
  ...pushRoutes,
  ...sourceRoutes,
  ...portalRoutes,
  ...plotRoutes,
  ...conversationRoutes,
  ...brokerDeskRoutes,
  ...openApiRoutes,
];
