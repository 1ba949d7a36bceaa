import type { LeadSource } from './lead-source.ts';

/**
 * The consent notices a lead form may show, by version. A version names one exact wording: when
 * the words change, add a new version rather than editing an old one, so every stored lead keeps
 * pointing at the notice its visitor actually saw (TRAI's rules and the DPDP Act 2023 ask the
 * business to show when and how a person agreed to be called).
 */
export const CONSENT_NOTICES = {
  /** The tick box under every brochure form; the form refuses to send without it. */
  'brochure-consent-v1':
    'I agree to be contacted by Elegant Iconia and its sales team by call, SMS, email or WhatsApp about this project. This consent overrides any registration under DNC/NDNC.',
  /** The contact form shows no tick box: sending the enquiry is the request to be called back. */
  'enquiry-v1':
    'No consent box on this form: the visitor sent an enquiry asking the sales team to get in touch.',
} as const;

export type ConsentNoticeVersion = keyof typeof CONSENT_NOTICES;

/** The wording of the brochure forms' consent box, for the forms to show. */
export const BROCHURE_CONSENT_TEXT = CONSENT_NOTICES['brochure-consent-v1'];

/** Which notice each form shows today. */
export const CONSENT_NOTICE_BY_SOURCE: Record<LeadSource, ConsentNoticeVersion> = {
  'inline-brochure': 'brochure-consent-v1',
  'brochure-modal': 'brochure-consent-v1',
  'location-modal': 'brochure-consent-v1',
  'contact-form': 'enquiry-v1',
};

export function isConsentNoticeVersion(value: unknown): value is ConsentNoticeVersion {
  return typeof value === 'string' && Object.hasOwn(CONSENT_NOTICES, value);
}

/**
 * The notice a lead's form showed, from the `source` the form sends; undefined when the lead
 * came without a known source (a hand-made request, an old page), so nothing is claimed.
 */
export function consentNoticeFor(source: LeadSource | undefined): ConsentNoticeVersion | undefined {
  return source === undefined ? undefined : CONSENT_NOTICE_BY_SOURCE[source];
}
