import { randomUUID } from 'node:crypto';
import {
  consentNoticeFor,
  indianE164,
  maskMobile,
  type Attribution,
  type BrochureLead,
  type ConsentNoticeVersion,
  type ContactEnquiry,
  type LeadKind,
  type LeadSource,
} from '@iconia/shared';
import type { Clock } from '../clock.ts';
import type { Logger } from '../logger.ts';
import type { NewLead, StoredLead } from '../store/lead-types.ts';

/** The same mobile sending the same form again within this window is kept but emailed once. */
export const DUPLICATE_WINDOW_MS = 10 * 60_000;

interface CaptureCommon {
  attribution: Attribution;
  honeypotFilled: boolean;
  /** Over the per-address rate limit: stored, not emailed until released. */
  held?: boolean;
}

export type CaptureInput =
  | (CaptureCommon & { kind: 'brochure'; fields: BrochureLead })
  | (CaptureCommon & { kind: 'contact'; fields: ContactEnquiry });

export interface LeadCaptureOptions {
  /** Stores a lead durably (with DUPLICATE_WINDOW_MS); resolves once it is on disk. */
  storeLead: (lead: NewLead) => Promise<StoredLead>;
  clock: Clock;
  logger: Logger;
  /** Right part of every Message-ID, normally the sender's domain. */
  messageIdDomain: string;
  /** Called after a lead that needs emailing is stored. */
  onPending: () => void;
}

export type CaptureLead = (input: CaptureInput) => Promise<StoredLead>;

/**
 * The consent notice the visitor's form showed. The `agree` box itself is never sent; the form
 * the lead came from says which notice was shown, and only a form of the lead's own kind counts:
 * `source` is the client's word, so an enquiry never claims the brochure box's consent and a
 * brochure lead claims it only from one of the site's brochure forms.
 */
export function consentShown(
  kind: LeadKind,
  source: LeadSource | undefined,
): ConsentNoticeVersion | undefined {
  const formKind: LeadKind | undefined =
    source === undefined ? undefined : source === 'contact-form' ? 'contact' : 'brochure';
  return formKind === kind ? consentNoticeFor(source) : undefined;
}

/** Logs show who by initial only: enough to match a complaint, not enough to profile anyone. */
export function nameInitial(name: string): string {
  const first = [...name.trim()][0];
  return first ? `${first}…` : '';
}

/**
 * The story of a lead: stamp it → store it in the outbox, spam and duplicates marked (several
 * visitors' leads may share one disk sync) → wake delivery.
 */
export function createCaptureLead(options: LeadCaptureOptions): CaptureLead {
  const { storeLead, clock, logger, messageIdDomain, onPending } = options;

  return async (input) => {
    const publicId = randomUUID();
    const stored = await storeLead({
      publicId,
      // Fixed at insert: a resend after a crash carries the same Message-ID, so the inbox can
      // tell it is the same lead.
      messageId: `<lead-${publicId}@${messageIdDomain}>`,
      kind: input.kind,
      name: input.fields.name,
      mobile: indianE164(input.fields.mobile),
      plotRange: input.kind === 'brochure' ? input.fields.plotRange : undefined,
      location: input.kind === 'contact' ? input.fields.location : undefined,
      attribution: input.attribution,
      receivedAt: clock.now(),
      spam: input.honeypotFilled,
      held: input.held === true,
      consentNotice: consentShown(input.kind, input.attribution.source),
    });

    // The fields are worked out only when the line is written (LOG_LEVEL info or finer).
    if (logger.isLevelEnabled('info')) {
      logger.info(
        {
          leadId: stored.publicId,
          kind: stored.kind,
          status: stored.status,
          source: stored.attribution.source,
          name: nameInitial(stored.name),
          mobile: maskMobile(stored.mobile),
        },
        'lead stored',
      );
    }
    if (stored.status === 'pending') onPending();
    return stored;
  };
}
