import { ROLES, type LeadSource, type Role, type Stage, type TimelineType } from '@iconia/shared';

export {
  ROLES,
  STAGE_LABELS,
  STAGE_RANK,
  STAGES,
  TIMELINE_TYPES,
  type ContactChannel,
  type DeskUser,
  type LeadCursor,
  type Person,
  type Role,
  type Stage,
  type TimelineType,
} from '@iconia/shared';

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** The inbox filters, as `/leads` and the export take them (already checked). */
export interface LeadFilter {
  stage?: Stage | undefined;
  form?: LeadSource | undefined;
  utmSource?: string | undefined;
  utmCampaign?: string | undefined;
  /** A user id, or 'none' for unassigned leads. */
  owner?: number | 'none' | undefined;
  /** Received at or after (epoch ms). */
  since?: number | undefined;
  /** Received before (epoch ms). */
  until?: number | undefined;
  /** Follow-up at or before this time (epoch ms). */
  dueBy?: number | undefined;
  /** Only spam (true) or everything but spam (false). */
  spam: boolean;
  /** Only the test leads of the ad platforms, lead by lead (hidden otherwise). */
  test?: boolean | undefined;
  /** Only the leads held over the address limit, waiting for an operator to release them. */
  held?: boolean | undefined;
  /** Only the buyers whose WhatsApp messages wait for our reply. */
  whatsappWaiting?: boolean | undefined;
  /** Any part of the mobile number. */
  mobilePart?: string | undefined;
  /** Any part of the name, case-insensitive. */
  namePart?: string | undefined;
}

/** The timeline entries the desk writes; the others come from the outbox. */
export type DeskEventType = Extract<
  TimelineType,
  | 'stage'
  | 'owner'
  | 'follow_up'
  | 'note'
  | 'contact'
  | 'erased'
  | 'routing'
  | 'plot'
  | 'visit'
  | 'released'
  | 'merged'
  | 'whatsapp'
>;
