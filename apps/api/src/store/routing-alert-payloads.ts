import { ASSIGNMENT_REASONS, type AssignmentReason } from '@iconia/shared';
import * as v from 'valibot';

/**
 * What routing's emails carry: the assigned agent's alert and the managers' alert. Each payload
 * holds everything its email says, fixed when queued in the transaction of the assignment, so a
 * retry sends the same email; the email channel composes it, making the desk link from the
 * server's SITE_URL. routing/routing-messages.ts builds them.
 */

/** To the agent a buyer was just assigned to: who to call, and by when. */
export const AGENT_ALERT_KIND = 'routing.agent-alert';
/** To the managers: a buyer was not answered in time. */
export const MANAGER_ALERT_KIND = 'routing.manager-alert';

export { ASSIGNMENT_REASONS, type AssignmentReason };

/**
 * What the managers are told: the buyer moved to another agent; or it could not move, because
 * no other agent is on duty; or it stays with the last agent after the third reassignment.
 */
export const MANAGER_ALERT_EVENTS = [
  'reassigned',
  'no-one-else-on-duty',
  'left-with-last',
] as const;
export type ManagerAlertEvent = (typeof MANAGER_ALERT_EVENTS)[number];

const address = v.object({ name: v.string(), address: v.string() });
const person = v.object({ id: v.number(), name: v.string() });
const instant = v.pipe(v.number(), v.integer());

/** The lead the alert is about: its desk page is `/desk/leads/<leadId>`. */
const buyerFacts = {
  leadId: v.pipe(v.number(), v.integer()),
  buyerId: v.pipe(v.number(), v.integer()),
  name: v.string(),
  /** E.164, as stored. */
  mobile: v.string(),
  /** What they asked for, one label and value per line: the plot range, a message, answers. */
  askedFor: v.array(v.object({ label: v.string(), value: v.string() })),
  /** Where the lead entered, as a reader says it ("Google Ads"). */
  origin: v.string(),
  campaign: v.nullable(v.string()),
};

export const agentAlertPayloadSchema = v.object({
  to: address,
  ...buyerFacts,
  reason: v.picklist(ASSIGNMENT_REASONS),
  /** 0 for the first assignment, then 1 to 3 for each reassignment. */
  attempt: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(3)),
  assignedAt: instant,
  /** When the target runs out, counted in working minutes from `assignedAt`. */
  dueAt: instant,
  targetMinutes: v.pipe(v.number(), v.minValue(0)),
});
export type AgentAlertPayload = v.InferOutput<typeof agentAlertPayloadSchema>;

export const managerAlertPayloadSchema = v.object({
  /** The active managers; the sales inbox when there is none. */
  to: v.pipe(v.array(address), v.minLength(1)),
  event: v.picklist(MANAGER_ALERT_EVENTS),
  ...buyerFacts,
  /** The agent who did not answer in time. */
  missedBy: person,
  /** Who has the buyer now: the next agent, or `missedBy` when it could not move. */
  nowWith: person,
  /** The assignment that ran out: 0 for the first, 1 to 3 for the reassignments. */
  attempt: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(3)),
  missedAssignedAt: instant,
  missedDueAt: instant,
  targetMinutes: v.pipe(v.number(), v.minValue(0)),
  at: instant,
});
export type ManagerAlertPayload = v.InferOutput<typeof managerAlertPayloadSchema>;

/**
 * To the managers: what waits for them, gathered. The first alert of a quiet spell goes at once;
 * those that follow within the window go in one summary when it closes (routing/manager-alerts.ts).
 */
export const MANAGER_SUMMARY_KIND = 'routing.manager-summary';

/** How long the managers' alerts are gathered after one went out. */
export const MANAGER_SUMMARY_WINDOW_MS = 5 * 60_000;

const leadId = v.pipe(v.number(), v.integer());

/**
 * One thing a manager is told of. Staff names and a plot's number only: the buyer's name is read
 * from the lead when the email is written, so an erased buyer is never named.
 */
export const managerSummaryItemSchema = v.variant('kind', [
  v.object({
    kind: v.literal('late'),
    leadId,
    event: v.picklist(MANAGER_ALERT_EVENTS),
    missedBy: v.string(),
    nowWith: v.string(),
    attempt: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(3)),
    targetMinutes: v.pipe(v.number(), v.minValue(0)),
    at: instant,
  }),
  v.object({ kind: v.literal('held'), leadId, at: instant }),
  v.object({
    kind: v.literal('booking'),
    leadId,
    plot: v.string(),
    by: v.string(),
    at: instant,
  }),
]);
export type ManagerSummaryItem = v.InferOutput<typeof managerSummaryItemSchema>;

export const managerSummaryPayloadSchema = v.object({
  to: v.pipe(v.array(address), v.minLength(1)),
  /** When the summary was made: its email's date. */
  at: instant,
  items: v.pipe(v.array(managerSummaryItemSchema), v.minLength(1)),
  /** Every buyer past their first-response target as the summary was made, the latest first. */
  overdue: v.array(
    v.object({ leadId, with: v.string(), workingMinutesLate: v.pipe(v.number(), v.minValue(0)) }),
  ),
  /** How many held leads and booking requests wait for a manager. */
  waiting: v.object({
    held: v.pipe(v.number(), v.integer(), v.minValue(0)),
    bookings: v.pipe(v.number(), v.integer(), v.minValue(0)),
  }),
});
export type ManagerSummaryPayload = v.InferOutput<typeof managerSummaryPayloadSchema>;
