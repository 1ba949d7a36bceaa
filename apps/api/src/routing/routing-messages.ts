import { formatOrigin } from '@iconia/shared';
import * as v from 'valibot';
import { EMAIL_CHANNEL, type StoredLead } from '../store/lead-types.ts';
import type { NewMessage } from '../store/outbox-store.ts';

/**
 * The emails routing sends through the outbox: the assigned agent's alert and the managers'
 * alert. Each payload holds everything its email says, fixed when queued in the transaction of
 * the assignment, so a retry sends the same email. The desk link is made when the email is
 * composed, from the server's SITE_URL.
 */

/** To the agent a buyer was just assigned to: who to call, and by when. */
export const AGENT_ALERT_KIND = 'routing.agent-alert';
/** To the managers: a buyer was not answered in time. */
export const MANAGER_ALERT_KIND = 'routing.manager-alert';

/** Why a buyer went to an agent, as buyer_assignments.reason records it. */
export const ASSIGNMENT_REASONS = ['new', 'returning', 'on_duty', 'reassigned', 'manual'] as const;
export type AssignmentReason = (typeof ASSIGNMENT_REASONS)[number];

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

/** Plot range, location, message and a form's answers: what the buyer asked about. */
export function askedFor(
  lead: Pick<StoredLead, 'kind' | 'plotRange' | 'location' | 'message' | 'answers'>,
): AgentAlertPayload['askedFor'] {
  const lines: AgentAlertPayload['askedFor'] = [];
  if (lead.kind === 'brochure') lines.push({ label: 'Brochure', value: 'Asked for the brochure' });
  if (lead.kind === 'contact') lines.push({ label: 'Enquiry', value: 'Asked to be called back' });
  if (lead.plotRange) lines.push({ label: 'Plot range', value: lead.plotRange });
  if (lead.location) lines.push({ label: 'Location', value: lead.location });
  if (lead.message) lines.push({ label: 'Message', value: lead.message });
  for (const [question, answer] of Object.entries(lead.answers ?? {})) {
    lines.push({ label: question, value: answer });
  }
  return lines;
}

type LeadForAlert = Pick<
  StoredLead,
  | 'id'
  | 'buyerId'
  | 'name'
  | 'mobile'
  | 'kind'
  | 'origin'
  | 'plotRange'
  | 'location'
  | 'message'
  | 'answers'
  | 'attribution'
>;

function factsOf(lead: LeadForAlert) {
  return {
    leadId: lead.id,
    buyerId: lead.buyerId,
    name: lead.name,
    mobile: lead.mobile,
    askedFor: askedFor(lead),
    origin: formatOrigin(lead.origin),
    campaign: lead.attribution.utm_campaign ?? null,
  };
}

/** One alert per assignment, whatever retries or restarts do: `queueOnce` keeps the first. */
export const agentAlertMessageId = (assignmentId: number, domain: string) =>
  `<routing-agent-alert-${assignmentId}@${domain}>`;
/** One managers' alert per assignment that ran out. */
export const managerAlertMessageId = (missedAssignmentId: number, domain: string) =>
  `<routing-manager-alert-${missedAssignmentId}@${domain}>`;

export interface AgentAlertInput {
  lead: LeadForAlert;
  assignment: {
    id: number;
    reason: AssignmentReason;
    attempt: number;
    assignedAt: number;
    dueAt: number;
  };
  agent: { name: string; email: string };
  targetMinutes: number;
  messageIdDomain: string;
}

/** The agent's alert, due at once: queue it (`queueOnce`) in the assignment's transaction. */
export function agentAlertMessage(input: AgentAlertInput): NewMessage {
  const { lead, assignment, agent } = input;
  const payload: AgentAlertPayload = {
    to: { name: agent.name, address: agent.email },
    ...factsOf(lead),
    reason: assignment.reason,
    attempt: assignment.attempt,
    assignedAt: assignment.assignedAt,
    dueAt: assignment.dueAt,
    targetMinutes: input.targetMinutes,
  };
  return {
    messageId: agentAlertMessageId(assignment.id, input.messageIdDomain),
    channel: EMAIL_CHANNEL,
    kind: AGENT_ALERT_KIND,
    leadId: lead.id,
    payload,
    dueAt: assignment.assignedAt,
  };
}

export interface ManagerAlertInput {
  event: ManagerAlertEvent;
  lead: LeadForAlert;
  /** The assignment whose target ran out. */
  missed: {
    id: number;
    attempt: number;
    assignedAt: number;
    dueAt: number;
    agent: { id: number; name: string };
  };
  nowWith: { id: number; name: string };
  to: ReadonlyArray<{ name: string; email: string }>;
  targetMinutes: number;
  at: number;
  messageIdDomain: string;
}

/** The managers' alert, due at once: queue it (`queueOnce`) in the reassignment's transaction. */
export function managerAlertMessage(input: ManagerAlertInput): NewMessage {
  const { lead, missed } = input;
  const payload: ManagerAlertPayload = {
    to: input.to.map((manager) => ({ name: manager.name, address: manager.email })),
    event: input.event,
    ...factsOf(lead),
    missedBy: missed.agent,
    nowWith: input.nowWith,
    attempt: missed.attempt,
    missedAssignedAt: missed.assignedAt,
    missedDueAt: missed.dueAt,
    targetMinutes: input.targetMinutes,
    at: input.at,
  };
  return {
    messageId: managerAlertMessageId(missed.id, input.messageIdDomain),
    channel: EMAIL_CHANNEL,
    kind: MANAGER_ALERT_KIND,
    leadId: lead.id,
    payload,
    dueAt: input.at,
  };
}
