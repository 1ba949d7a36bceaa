/**
 * Routing: who gets a buyer. It owns duty (who takes new buyers), the routing settings
 * (automatic assignment, the first-response target, the working hours), the round robin, each
 * buyer's assignments and the response clock they run, the reassignment of a buyer whose target
 * passed, the buyers that wait for someone on duty, held leads and their release, and what the
 * managers are told (alerts, summaries, Overdue now, what waits for them). Its tables are
 * `routing_settings`, `buyer_assignments`, `routing_waiting` and `manager_alerts`, and the duty
 * column of `desk_users`; other features reach them only through what this module exports.
 */
export { createRouting, routingOptionsOf, type Routing, type RoutingOptions } from './routing.ts';
export { createRoutingChannel } from './routing-channel.ts';
export { releaseHeldLead } from './release-held-lead.ts';
export { createHeldRelease, type HeldReleaseDeps } from './held-release.ts';
export { heldRoutes, type HeldRouteDeps } from './held-routes.ts';
export { routingRoutes, type RoutingRouteDeps } from './routing-routes.ts';
export {
  DEFAULT_TARGET_MINUTES,
  DEFAULT_WORKING_HOURS,
  workingDueAt,
  workingMinutesBetween,
  type WorkingHours,
} from './working-hours.ts';
export { createWorkingHoursSetting } from './working-hours-setting.ts';
