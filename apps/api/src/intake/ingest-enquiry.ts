import { randomUUID } from 'node:crypto';
import {
  maskMobile,
  type Attribution,
  type CampaignField,
  type LeadOrigin,
  type PlotRange,
} from '@iconia/shared';
import type { Clock } from '../clock.ts';
import type { Logger } from '../logger.ts';
import type { LeadAnswers, NewLead, StoredLead } from '../store/lead-types.ts';

/**
 * A lead from a channel other than the site's forms, as the channel has read and checked it.
 * The channel names the origin and its own id of the lead; everything else is the person's.
 */
export interface ChannelEnquiry {
  origin: LeadOrigin;
  /** The channel's id of the lead (Google's `lead_id`, Meta's `leadgen_id`, a `webhook-id`). */
  externalId: string;
  name: string;
  /** Already in E.164 (`parseMobile`). */
  mobile: string;
  email?: string | undefined;
  plotRange?: PlotRange | undefined;
  message?: string | undefined;
  campaign?: Partial<Record<CampaignField, string>> | undefined;
  /** Every other question the form asked, as asked and answered. */
  answers: LeadAnswers;
  /** The platform's test lead: kept under "Test leads", never delivered. */
  test?: boolean | undefined;
  /** When the channel received it; now when absent. */
  receivedAt?: number | undefined;
}

/** The stored lead, and whether it was stored by an earlier delivery of the same enquiry. */
export interface IngestedEnquiry {
  lead: StoredLead;
  repeat: boolean;
}

export type IngestEnquiry = (enquiry: ChannelEnquiry) => Promise<IngestedEnquiry>;

export interface IngestEnquiryOptions {
  /**
   * Stores a lead durably, as the site's leads are (the same group commit), and resolves once it
   * is on disk; a lead its origin already delivered comes back as stored then.
   */
  storeLead: (lead: NewLead) => Promise<StoredLead>;
  clock: Clock;
  logger: Logger;
  /** Right part of every Message-ID, normally the sender's domain. */
  messageIdDomain: string;
  /** Called after a lead that needs delivering is stored: wakes the outbox. */
  onPending: () => void;
}

function attributionOf(campaign: ChannelEnquiry['campaign']): Attribution {
  const attribution: Attribution = {};
  for (const [field, value] of Object.entries(campaign ?? {})) {
    if (value) attribution[field as CampaignField] = value;
  }
  return attribution;
}

/**
 * The story of an enquiry: stamp it → store it with the channel's id, queued to the sales email
 * and the CRM in the same transaction unless it is a test → wake delivery. A repeat of an id
 * already stored stores and queues nothing and answers with the first one. The desk sees the
 * lead on its next poll of the store, as it sees the site's.
 */
export function createIngestEnquiry(options: IngestEnquiryOptions): IngestEnquiry {
  const { storeLead, clock, logger, messageIdDomain, onPending } = options;

  return async (enquiry) => {
    const publicId = randomUUID();
    const lead = await storeLead({
      publicId,
      messageId: `<lead-${publicId}@${messageIdDomain}>`,
      kind: 'enquiry',
      origin: enquiry.origin,
      externalId: enquiry.externalId,
      name: enquiry.name,
      mobile: enquiry.mobile,
      email: enquiry.email,
      plotRange: enquiry.plotRange,
      message: enquiry.message,
      answers: enquiry.answers,
      attribution: attributionOf(enquiry.campaign),
      receivedAt: enquiry.receivedAt ?? clock.now(),
      spam: false,
      test: enquiry.test === true,
    });
    const repeat = lead.publicId !== publicId;

    logger.info(
      {
        leadId: lead.publicId,
        origin: lead.origin,
        status: lead.status,
        repeat,
        mobile: maskMobile(lead.mobile),
      },
      repeat ? 'enquiry repeated; already stored' : 'enquiry stored',
    );
    if (!repeat && lead.status === 'pending') onPending();
    return { lead, repeat };
  };
}
