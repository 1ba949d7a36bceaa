/** The shapes the desk API answers with (docs/desk-api.md). */

export const STAGES = [
  'new',
  'contacted',
  'visit_scheduled',
  'visit_done',
  'booked',
  'lost',
] as const;
export type Stage = (typeof STAGES)[number];

export const FORMS = [
  'inline-brochure',
  'brochure-modal',
  'location-modal',
  'contact-form',
] as const;
export type Form = (typeof FORMS)[number];

export type Role = 'manager' | 'agent';

export interface User {
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

export interface LeadRow {
  id: number;
  receivedAt: string;
  kind: 'brochure' | 'contact';
  form: Form | null;
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
  /** Kept over the per-address limit; not emailed until an operator releases it. */
  held: boolean;
}

export interface EmailDelivery {
  state: 'pending' | 'failing' | 'sent' | 'dead' | 'held' | 'not_sent';
  attempts: number;
  lastError: string | null;
  sentAt: string | null;
}

/** The lead's delivery to one webhook endpoint (the builder's CRM). */
export interface WebhookDelivery extends EmailDelivery {
  channel: string;
}

export interface LeadDetail extends LeadRow {
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

export type TimelineType =
  | 'stored'
  | 'emailed'
  | 'email_failed'
  | 'stage'
  | 'owner'
  | 'follow_up'
  | 'note'
  | 'contact'
  | 'erased';

export interface TimelineEntry {
  at: string;
  type: TimelineType;
  actor: Person | null;
  text: string;
}

export interface LeadPage {
  leads: LeadRow[];
  nextCursor: string | null;
}

export interface LeadView {
  lead: LeadDetail;
  timeline: TimelineEntry[];
  duplicates: LeadRow[];
}

export interface TodayLists {
  overdue: LeadRow[];
  dueToday: LeadRow[];
  uncontacted: LeadRow[];
}

export interface Report {
  days: number;
  perDay: { day: string; form: Form | null; count: number }[];
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
