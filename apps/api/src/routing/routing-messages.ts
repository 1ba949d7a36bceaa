import { formatOrigin } from '@iconia/shared';
import { EMAIL_CHANNEL, type StoredLead } from '../store/lead-types.ts';
import type { NewMessage } from '../store/outbox-store.ts';
import {
  AGENT_ALERT_KIND,
  MANAGER_ALERT_KIND,
  type AgentAlertPayload,
  type AssignmentReason,
  type ManagerAlertEvent,
  type ManagerAlertPayload,
} from '../store/routing-alert-payloads.ts';

/** The outbox channel of routing's due steps: reassignments and the managers' summaries. */
export const ROUTING_CHANNEL = 'routing';

/**
 * The emails routing sends through the outbox, built from the lead and the assignment: the
 * assigned agent's alert and the managers' alert (their payloads: store/routing-alert-payloads.ts).
 */

export {
  AGENT_ALERT_KIND,
  ASSIGNMENT_REASONS,
  MANAGER_ALERT_EVENTS,
  MANAGER_ALERT_KIND,
  agentAlertPayloadSchema,
  managerAlertPayloadSchema,
  type AgentAlertPayload,
  type AssignmentReason,
  type ManagerAlertEvent,
  type ManagerAlertPayload,
} from '../store/routing-alert-payloads.ts';

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
