import { CONSENT_NOTICES, isConsentNoticeVersion, isLeadSource } from '@iconia/shared';
import { indiaTimestamp } from '../reports/india-day.ts';
import type { EventRow, InboxRow } from './desk-store.ts';
import type { Person, Stage, TimelineType } from './desk-types.ts';

/** The JSON shapes of docs/desk-api.md. */
export interface LeadRowJson {
  id: number;
  receivedAt: string;
  kind: 'brochure' | 'contact';
  form: string | null;
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
}

export interface TimelineEntry {
  at: string;
  type: TimelineType;
  actor: Person | null;
  text: string;
}

function time(epochMs: number | null): string | null {
  return epochMs === null ? null : indiaTimestamp(epochMs);
}

export function toLeadRow(row: InboxRow): LeadRowJson {
  return {
    id: row.id,
    receivedAt: indiaTimestamp(row.received_at),
    kind: row.kind === 'contact' ? 'contact' : 'brochure',
    form: isLeadSource(row.source) ? row.source : null,
    name: row.name,
    mobile: row.mobile,
    plotRange: row.plot_range,
    location: row.location,
    utmSource: row.utm_source,
    utmCampaign: row.utm_campaign,
    stage: row.stage ?? 'new',
    owner:
      row.owner_id !== null && row.owner_name !== null
        ? { id: row.owner_id, name: row.owner_name }
        : null,
    followUpAt: time(row.follow_up_at),
    erased: row.erased_at !== null,
  };
}

function emailState(row: InboxRow): 'pending' | 'failing' | 'sent' | 'not_sent' {
  if (row.status === 'sent') return 'sent';
  if (row.status === 'pending') return row.last_error === null ? 'pending' : 'failing';
  return 'not_sent';
}

export function toLeadDetail(row: InboxRow) {
  return {
    ...toLeadRow(row),
    publicId: row.public_id,
    page: row.page,
    utmMedium: row.utm_medium,
    utmTerm: row.utm_term,
    utmContent: row.utm_content,
    gclid: row.gclid,
    consentNotice: isConsentNoticeVersion(row.consent_notice)
      ? { version: row.consent_notice, text: CONSENT_NOTICES[row.consent_notice] }
      : null,
    status: row.status,
    email: {
      state: emailState(row),
      attempts: row.attempts,
      lastError: row.last_error,
      sentAt: time(row.sent_at),
    },
    lostReason: row.lost_reason,
    firstContactAt: time(row.first_contact_at),
  };
}

export function toTimelineEntry(event: EventRow): TimelineEntry {
  return {
    at: indiaTimestamp(event.at),
    type: event.type,
    actor:
      event.actor_id !== null && event.actor_name !== null
        ? { id: event.actor_id, name: event.actor_name }
        : null,
    text: event.text,
  };
}

/** The outbox's part of the story (stored, emailed, the latest failure) and the desk's, in order. */
export function timeline(row: InboxRow, events: readonly EventRow[]): TimelineEntry[] {
  const entries: Array<TimelineEntry & { ms: number }> = [
    {
      ms: row.received_at,
      at: indiaTimestamp(row.received_at),
      type: 'stored',
      actor: null,
      text:
        row.status === 'duplicate'
          ? 'Received again from the same mobile and form; kept, not emailed'
          : row.status === 'spam'
            ? 'Received with the hidden field filled (spam); kept, not emailed'
            : 'Received from the website',
    },
  ];
  if (row.sent_at !== null) {
    entries.push({
      ms: row.sent_at,
      at: indiaTimestamp(row.sent_at),
      type: 'emailed',
      actor: null,
      text: `Emailed to sales (attempt ${row.attempts})`,
    });
  } else if (row.last_error !== null) {
    // The outbox keeps only the latest failure, not when it happened: shown after arrival.
    entries.push({
      ms: row.received_at,
      at: indiaTimestamp(row.received_at),
      type: 'email_failed',
      actor: null,
      text: `Email not delivered yet (${row.attempts} attempts, retried automatically): ${row.last_error}`,
    });
  }
  for (const event of events) entries.push({ ms: event.at, ...toTimelineEntry(event) });
  // Stable sort: equal times keep the order above.
  return entries.sort((a, b) => a.ms - b.ms).map(({ ms: _ms, ...entry }) => entry);
}
