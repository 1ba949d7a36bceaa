/**
 * Site visits: the week's slots and their capacity, booking a buyer's visit into one, moving and
 * cancelling it, checking the visitor in at the site and writing the outcome, and what each does
 * to the buyer's stage (on their timeline and to the CRM endpoints). It owns the visits' desk
 * routes, their queries, each visit's reminders (queued in the outbox: an email, and a push to
 * the devices of the person it reminds) and its calendar file. Its tables (visit_slots, visits)
 * are migrated in store/visit-schema.ts, beside the row and reminder shapes the mail and push
 * channels read when a reminder goes out; the rest of the API uses what this module exports: the
 * desk's routes, the stage a buyer's visits give (`stageFromVisits`, from
 * `createVisitStatuses`), a buyer's merge (`moveBuyer`) and erasure (`eraseOfLead`).
 */
export { salesOrganizer, type CalendarPublisher } from './visit-calendar.ts';
export { visitRoutes, type VisitRouteDeps } from './visit-routes.ts';
export { stageFromVisits } from './visit-stage.ts';
export { createVisitStatuses } from './visit-queries.ts';
export { createVisitStore, type VisitStore } from './visit-store.ts';
export { createVisits, type Visits } from './visits.ts';
export type { VisitsDeps } from './visit-context.ts';
