import {
  CONSENT_NOTICES,
  isConsentNoticeVersion,
  formatOrigin,
  isLeadOrigin,
  isLeadSource,
  type BuyerSaid,
  type DeliveryState,
  type DeskLeadDetail,
  type DeskLeadRow,
  type TimelineEntry,
} from '@iconia/shared';
import { indiaDay, indiaTimestamp } from '../format/india-day.ts';
import { readAnswers, readProblems } from '../store/lead-types.ts';
import type { InboxRow } from './inbox-queries.ts';
import type { DeliveryRow, EventRow } from './timeline-queries.ts';

function time(epochMs: number | null): string | null {
  return epochMs === null ? null : indiaTimestamp(epochMs);
}

/** One enquiry's part of `InboxRow['buyer_said']`. */
interface EnquirySaid {
  plotRange: string | null;
  location: string | null;
  message: string | null;
  utmSource: string | null;
  utmCampaign: string | null;
}

/** Across the buyer's enquiries, newest first: the newest of each thing said, every campaign. */
function buyerSaid(json: string): BuyerSaid {
  const enquiries = JSON.parse(json) as EnquirySaid[];
  const newest = (key: 'plotRange' | 'location' | 'message') =>
    enquiries.map((enquiry) => enquiry[key]?.trim()).find(Boolean) ?? null;
  const campaigns = new Map<string, BuyerSaid['campaigns'][number]>();
  for (const { utmSource, utmCampaign } of enquiries) {
    if (!utmSource && !utmCampaign) continue;
    const key = JSON.stringify([utmSource, utmCampaign]);
    if (!campaigns.has(key)) campaigns.set(key, { utmSource, utmCampaign });
  }
  return {
    plotRange: newest('plotRange'),
    location: newest('location'),
    message: newest('message'),
    campaigns: [...campaigns.values()],
  };
}

/** The JSON shapes of docs/desk-api.md, the ones the desk app reads (`@iconia/shared`). */
export function toLeadRow(row: InboxRow): DeskLeadRow {
  return {
    id: row.id,
    buyerId: row.buyer_id,
    enquiries: row.enquiries,
    receivedAt: indiaTimestamp(row.received_at),
    kind: row.kind === 'contact' || row.kind === 'enquiry' ? row.kind : 'brochure',
    origin: isLeadOrigin(row.origin) ? row.origin : 'site',
    form: isLeadSource(row.source) ? row.source : null,
    name: row.name,
    mobile: row.mobile,
    problems: readProblems(row.problems),
    plotRange: row.plot_range,
    location: row.location,
    utmSource: row.utm_source,
    utmCampaign: row.utm_campaign,
    buyerSaid: buyerSaid(row.buyer_said),
    stage: row.stage,
    owner:
      row.owner_id !== null && row.owner_name !== null
        ? { id: row.owner_id, name: row.owner_name }
        : null,
    followUpAt: time(row.follow_up_at),
    erased: row.erased_at !== null,
    held: row.status === 'held',
    whatsappWaiting: row.whatsapp_waiting,
    whatsappWaitingSince: time(row.whatsapp_waiting_since),
    brokerClaim: brokerClaimOf(row.broker_claim),
  };
}

/** The live claim as the inbox shows it: its firm, its end day (India) and whether proven. */
function brokerClaimOf(json: string | null): DeskLeadRow['brokerClaim'] {
  if (json === null) return null;
  const claim = JSON.parse(json) as { firm: string; until: number; proven: 0 | 1 };
  return { firm: claim.firm, until: indiaDay(claim.until), proven: claim.proven === 1 };
}

function deliveryState(
  status: InboxRow['email_status'],
  lastError: string | null,
  leadStatus: string,
): DeliveryState {
  if (status === 'sent' || status === 'dead') return status;
  if (status === 'pending') return lastError === null ? 'pending' : 'failing';
  return leadStatus === 'held' ? 'held' : 'not_sent';
}

/** The email's delivery state (from the outbox's email row) and each webhook endpoint's. */
export function toLeadDetail(row: InboxRow, webhooks: readonly DeliveryRow[] = []): DeskLeadDetail {
  return {
    ...toLeadRow(row),
    publicId: row.public_id,
    emailAddress: row.email,
    page: row.page,
    utmMedium: row.utm_medium,
    utmTerm: row.utm_term,
    utmContent: row.utm_content,
    gclid: row.gclid,
    fbclid: row.fbclid,
    gbraid: row.gbraid,
    wbraid: row.wbraid,
    landingPage: row.landing_page,
    referrer: row.referrer,
    consentNotice: isConsentNoticeVersion(row.consent_notice)
      ? { version: row.consent_notice, text: CONSENT_NOTICES[row.consent_notice] }
      : null,
    status: row.status,
    email: {
      state: deliveryState(row.email_status, row.last_error, row.status),
      attempts: row.attempts,
      lastError: row.last_error,
      sentAt: time(row.sent_at),
    },
    webhooks: webhooks.map((delivery) => ({
      channel: delivery.channel,
      state: deliveryState(delivery.status, delivery.last_error, row.status),
      attempts: delivery.attempts,
      lastError: delivery.last_error,
      sentAt: time(delivery.sent_at),
    })),
    lostReason: row.lost_reason,
    firstContactAt: time(row.first_contact_at),
    message: row.message,
    answers: Object.entries(readAnswers(row.answers) ?? {}).map(([question, answer]) => ({
      question,
      answer,
    })),
  };
}

/** The desk's words, then what the person typed: "Stage changed from New to Lost: <reason>". */
function eventText({ text, detail }: Pick<EventRow, 'text' | 'detail'>): string {
  if (detail === null) return text;
  return text === '' ? detail : `${text}: ${detail}`;
}

export function toTimelineEntry(event: EventRow): TimelineEntry {
  return {
    at: indiaTimestamp(event.at),
    type: event.type,
    actor:
      event.actor_id !== null && event.actor_name !== null
        ? { id: event.actor_id, name: event.actor_name }
        : null,
    text: eventText(event),
    leadId: event.lead_id,
  };
}

/** What the outbox did with one enquiry: its arrival, and its email or the latest failure. */
function enquiryEntries(row: InboxRow): Array<TimelineEntry & { ms: number }> {
  const entries: Array<TimelineEntry & { ms: number }> = [
    {
      ms: row.received_at,
      at: indiaTimestamp(row.received_at),
      type: 'stored',
      actor: null,
      text:
        row.origin !== 'site' && isLeadOrigin(row.origin)
          ? `Received from ${formatOrigin(row.origin)}${row.status === 'test' ? ' as a test lead; kept, not emailed' : ''}`
          : row.status === 'duplicate'
            ? 'Received again from the same mobile and form; kept, not emailed'
            : row.status === 'spam'
              ? 'Received with the hidden field filled (spam); kept, not emailed'
              : row.status === 'held'
                ? 'Received over the limit for one address; held, not emailed until released'
                : 'Received from the website',
      leadId: row.id,
    },
  ];
  if (row.sent_at !== null) {
    entries.push({
      ms: row.sent_at,
      at: indiaTimestamp(row.sent_at),
      type: 'emailed',
      actor: null,
      text: `Emailed to sales (attempt ${row.attempts})`,
      leadId: row.id,
    });
  } else if (row.last_error !== null) {
    // The outbox keeps only the latest failure, not when it happened: shown after arrival.
    entries.push({
      ms: row.received_at,
      at: indiaTimestamp(row.received_at),
      type: 'email_failed',
      actor: null,
      text: `Email not delivered yet (${row.attempts} attempts, retried automatically): ${row.last_error}`,
      leadId: row.id,
    });
  }
  return entries;
}

/**
 * The buyer's story: every enquiry's arrival and delivery, and the desk's work on any of them,
 * in order.
 */
export function timeline(
  enquiries: readonly InboxRow[],
  events: readonly EventRow[],
): TimelineEntry[] {
  const entries = enquiries.flatMap(enquiryEntries);
  for (const event of events) entries.push({ ms: event.at, ...toTimelineEntry(event) });
  // Stable sort: equal times keep the order above.
  return entries.sort((a, b) => a.ms - b.ms).map(({ ms: _ms, ...entry }) => entry);
}
