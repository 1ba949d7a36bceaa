import type { LeadSource } from './lead-source.ts';

/*
 * The sales desk's API contract (docs/desk-api.md): what the API answers with and the desk app
 * reads, in one place so the two cannot drift apart.
 */

export const STAGES = [
  'new',
  'contacted',
  'visit_scheduled',
  'visit_done',
  'booked',
  'lost',
] as const;
export type Stage = (typeof STAGES)[number];

export const STAGE_LABELS: Record<Stage, string> = {
  new: 'New',
  contacted: 'Contacted',
  visit_scheduled: 'Site visit scheduled',
  visit_done: 'Site visit done',
  booked: 'Booked',
  lost: 'Lost',
};

export const ROLES = ['manager', 'agent'] as const;
export type Role = (typeof ROLES)[number];

export interface DeskUser {
  id: number;
  email: string;
  name: string;
  role: Role;
  disabled: boolean;
}

export interface Person {
  id: number;
  name: string;
}

export const TIMELINE_TYPES = [
  'stored',
  'emailed',
  'email_failed',
  'stage',
  'owner',
  'follow_up',
  'note',
  'contact',
  'erased',
] as const;
export type TimelineType = (typeof TIMELINE_TYPES)[number];

export interface TimelineEntry {
  at: string;
  type: TimelineType;
  actor: Person | null;
  text: string;
}

/** A lead as the inbox lists it. */
export interface DeskLeadRow {
  id: number;
  receivedAt: string;
  kind: 'brochure' | 'contact';
  form: LeadSource | null;
  name: string;
  mobile: string;
  plotRange: string | null;
  location: string | null;
  utmSource: string | null;
  utmCampaign: string | null;
  stage: Stage;
  owner: Person | null;
  followUpAt: string | null;
  erased: boolean;
  /** Kept over the per-address limit; not delivered until an operator releases it. */
  held: boolean;
}

export type DeliveryState = 'pending' | 'failing' | 'sent' | 'dead' | 'held' | 'not_sent';

export interface EmailDelivery {
  state: DeliveryState;
  attempts: number;
  lastError: string | null;
  sentAt: string | null;
}

/** The lead's delivery to one webhook endpoint (the builder's CRM). */
export interface WebhookDelivery extends EmailDelivery {
  channel: string;
}

export interface DeskLeadDetail extends DeskLeadRow {
  publicId: string;
  page: string | null;
  utmMedium: string | null;
  utmTerm: string | null;
  utmContent: string | null;
  gclid: string | null;
  consentNotice: { version: string; text: string } | null;
  /** The email outbox's verdict on the lead. */
  status: 'pending' | 'sent' | 'duplicate' | 'spam' | 'held';
  email: EmailDelivery;
  webhooks: WebhookDelivery[];
  lostReason: string | null;
  firstContactAt: string | null;
}

export interface DeskReport {
  days: number;
  perDay: { day: string; form: LeadSource | null; count: number }[];
  byCampaign: {
    utmSource: string | null;
    utmCampaign: string | null;
    leads: number;
    siteVisits: number;
    bookings: number;
  }[];
  funnel: { stage: Stage; count: number }[];
  firstContact: {
    user: Person;
    leads: number;
    medianMinutes: number | null;
    p90Minutes: number | null;
  }[];
}

export interface LeadPage {
  leads: DeskLeadRow[];
  nextCursor: string | null;
}

export interface LeadView {
  lead: DeskLeadDetail;
  timeline: TimelineEntry[];
  duplicates: DeskLeadRow[];
}

export interface TodayLists {
  overdue: DeskLeadRow[];
  dueToday: DeskLeadRow[];
  uncontacted: DeskLeadRow[];
}
