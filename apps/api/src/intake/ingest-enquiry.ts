import { randomUUID } from 'node:crypto';
import {
  ATTRIBUTION_MAX_LENGTH,
  maskMobile,
  NAME_MAX_LENGTH,
  normaliseMultilineText,
  normaliseText,
  PLATFORM_LEAD_PROBLEMS,
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
  /** Empty when the platform sent none (see `problems`). */
  name: string;
  /** Already in E.164 (`parseMobile`); empty when the platform sent no usable number. */
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
  /** What is wrong with the lead as sent, in words for the desk; it is kept all the same. */
  problems?: readonly string[] | undefined;
  /** The channel's own write, in the lead's transaction (see `NewLead.alongside`). */
  alongside?: ((lead: { id: number; buyerId: number }) => void) | undefined;
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

/** Longest email address (RFC 5321), message and answer kept from a channel. */
const EMAIL_MAX_LENGTH = 254;
const MESSAGE_MAX_LENGTH = 2_000;
const QUESTION_MAX_LENGTH = 500;
const ANSWER_MAX_LENGTH = 2_000;

function attributionOf(campaign: ChannelEnquiry['campaign']): Attribution {
  const attribution: Attribution = {};
  for (const [field, value] of Object.entries(campaign ?? {})) {
    const text = normaliseText(value ?? '', ATTRIBUTION_MAX_LENGTH);
    if (text) attribution[field as CampaignField] = text;
  }
  return attribution;
}

function answersOf(answers: LeadAnswers): LeadAnswers {
  const normalised: LeadAnswers = {};
  for (const [question, answer] of Object.entries(answers)) {
    const asked = normaliseText(question, QUESTION_MAX_LENGTH);
    const answered = normaliseMultilineText(answer, ANSWER_MAX_LENGTH);
    if (asked && answered) normalised[asked] = answered;
  }
  return normalised;
}

/** Empty text is no value at all. */
const orUndefined = (text: string): string | undefined => text || undefined;

/**
 * The story of an enquiry: stamp it → normalise every text of it (control characters out, white
 * space folded, lengths capped: a platform's CR/LF never reaches an email header, a CSV row or
 * the CRM) → store it with the channel's id, queued to the sales email
 * and the CRM in the same transaction unless it is a test → wake delivery. A repeat of an id
 * already stored stores and queues nothing and answers with the first one. The desk sees the
 * lead on its next poll of the store, as it sees the site's.
 */
export function createIngestEnquiry(options: IngestEnquiryOptions): IngestEnquiry {
  const { storeLead, clock, logger, messageIdDomain, onPending } = options;

  return async (enquiry) => {
    const publicId = randomUUID();
    const name = normaliseText(enquiry.name, NAME_MAX_LENGTH);
    const problems = [...(enquiry.problems ?? [])];
    if (name === '' && !problems.includes(PLATFORM_LEAD_PROBLEMS.noName)) {
      problems.push(PLATFORM_LEAD_PROBLEMS.noName);
    }
    const lead = await storeLead({
      publicId,
      messageId: `<lead-${publicId}@${messageIdDomain}>`,
      kind: 'enquiry',
      origin: enquiry.origin,
      externalId: enquiry.externalId,
      name,
      mobile: enquiry.mobile,
      email: orUndefined(normaliseText(enquiry.email ?? '', EMAIL_MAX_LENGTH)),
      plotRange: enquiry.plotRange,
      message: orUndefined(normaliseMultilineText(enquiry.message ?? '', MESSAGE_MAX_LENGTH)),
      answers: answersOf(enquiry.answers),
      attribution: attributionOf(enquiry.campaign),
      problems,
      receivedAt: enquiry.receivedAt ?? clock.now(),
      spam: false,
      test: enquiry.test === true,
      alongside: enquiry.alongside,
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
