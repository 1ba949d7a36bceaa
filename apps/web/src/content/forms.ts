/**
 * The words of the lead forms: labels, placeholders, consent and buttons. The error catalogue
 * of the specification lives in `@iconia/shared` (`MESSAGES`) and is reused from there, so the
 * form and the API say the same thing.
 */
import { BROCHURE_CONSENT_TEXT, MESSAGES, type LeadKind, type LeadSource } from '@iconia/shared';

export const FORM_FIELDS = {
  name: { label: 'Full name', placeholder: 'Your full name' },
  mobile: {
    label: 'Mobile number',
    placeholder: '10-digit mobile number',
    hint: MESSAGES.mobileHint,
  },
  plotRange: { label: 'Plot range', placeholder: 'Select plot range' },
  location: { label: 'Your location', placeholder: 'City or area you live in' },
  /** The hidden trap field; people never see it, bots often fill it. */
  website: { label: 'Website' },
} as const;

/** Shown next to the label of a field a visitor may leave empty. */
export const OPTIONAL_MARK = '(optional)';

/**
 * Consent to be contacted by the sales team. Under India's telemarketing rules an explicit
 * opt-in like this lets the team call numbers registered with the Do Not Call registry. The
 * wording is versioned in `@iconia/shared`, and each lead records the version it was shown.
 */
export const CONSENT_TEXT = BROCHURE_CONSENT_TEXT;

export const FORM_BUTTONS = {
  submit: 'Submit',
  downloadBrochure: 'Download Brochure',
  submitting: MESSAGES.submitting,
} as const;

/** Field messages of the forms that have no wording in the specification's catalogue. */
export const FORM_MESSAGES = {
  mobileRequired: 'Please enter your mobile number.',
  consentRequired: 'Please tick the box to agree to be contacted.',
  plotRangeRequired: MESSAGES.plotRangeRequired,
} as const;

export const BROCHURE_MODAL = {
  title: 'Download Brochure',
} as const;

/** Accessible names of the forms when the page gives them no heading of their own. */
export const FORM_NAMES = {
  inlineBrochure: 'Download the brochure',
  brochureModal: 'Brochure request',
  contact: 'Enquire Now',
} as const;

/** After a lead from the location-highlights modal, /thank-you follows after this pause. */
export const LOCATION_THANK_YOU_DELAY_MS = 1500;

export const THANK_YOU_PATH = '/thank-you';

/** The site's four lead forms, each named for where a visitor finds it. */
export type LeadFormVariant = 'inline' | 'navigation' | 'location' | 'contact';

/**
 * How the four lead forms differ: specification sections 4, 5, 7 and 8, one row per form.
 * Everything else about them (the fields, the "Submitting..." button, the thank-you page,
 * the plain form post before any script) is the same `LeadForm`.
 */
export interface LeadFormSettings {
  /** Names the form in each lead; the API checks it against the forms the site has. */
  source: LeadSource;
  /** The endpoint: `/send-email` for a brochure, `/contact-form` for an enquiry. */
  kind: LeadKind;
  /** How the body travels, after the page has hydrated and before. */
  encoding: 'multipart' | 'urlencoded';
  /** The plot-range field: asked for and required, asked for but optional, or not asked. */
  plotRange: 'required' | 'optional' | 'none';
  /** The optional location field of the enquiry. */
  locationField: boolean;
  /** The consent box, which must be ticked and is never sent by the script. */
  consent: boolean;
  /** Exactly ten digits (with the "numbers only" hint), or any mobile the visitor typed. */
  tenDigitMobile: boolean;
  /** Missing fields are named in one alert for them all, or field by field. */
  missingFields: 'one-alert' | 'per-field';
  /** "Success" in any case counts as success, or only "success". */
  successInAnyCase: boolean;
  /** What a reply other than success reads; `withReply` adds the server's text. */
  rejected: { message: string; withReply: boolean };
  /** What a network failure reads. */
  networkFailed: string;
  /** Failures come as an alert as well as inline (the modals and the contact form). */
  alertOnFailure: boolean;
  /** The alert after a success, if any. */
  successAlert: string | null;
  /** The brochure downloads by itself after a success. */
  download: boolean;
  /** The page scrolls to the top after a success, before the thank-you page shows. */
  scrollToTop: boolean;
  /** The pause before the thank-you page. */
  thankYouDelayMs: number;
  submitLabel: string;
  /** The form's accessible name when the page gives it no heading. */
  name: string;
  /** The form sits in the brochure modal rather than on a card of its own in the page. */
  inModal: boolean;
}

export const LEAD_FORMS: Record<LeadFormVariant, LeadFormSettings> = {
  inline: {
    source: 'inline-brochure',
    kind: 'brochure',
    encoding: 'multipart',
    plotRange: 'optional',
    locationField: false,
    consent: true,
    tenDigitMobile: true,
    missingFields: 'per-field',
    successInAnyCase: false,
    rejected: { message: MESSAGES.emailFailed, withReply: false },
    networkFailed: MESSAGES.submissionFailedLater,
    alertOnFailure: false,
    successAlert: null,
    download: false,
    scrollToTop: true,
    thankYouDelayMs: 0,
    submitLabel: FORM_BUTTONS.submit,
    name: FORM_NAMES.inlineBrochure,
    inModal: false,
  },
  navigation: {
    source: 'brochure-modal',
    kind: 'brochure',
    encoding: 'urlencoded',
    plotRange: 'required',
    locationField: false,
    consent: true,
    tenDigitMobile: true,
    missingFields: 'one-alert',
    successInAnyCase: true,
    rejected: { message: MESSAGES.submissionFailedPrefix, withReply: true },
    networkFailed: MESSAGES.somethingWentWrong,
    alertOnFailure: true,
    successAlert: MESSAGES.brochureDownloading,
    download: true,
    scrollToTop: false,
    thankYouDelayMs: 0,
    submitLabel: FORM_BUTTONS.downloadBrochure,
    name: FORM_NAMES.brochureModal,
    inModal: true,
  },
  location: {
    source: 'location-modal',
    kind: 'brochure',
    encoding: 'multipart',
    plotRange: 'required',
    locationField: false,
    consent: true,
    tenDigitMobile: false,
    missingFields: 'per-field',
    successInAnyCase: true,
    rejected: { message: MESSAGES.emailFailed, withReply: false },
    networkFailed: MESSAGES.submissionFailedLater,
    alertOnFailure: true,
    successAlert: null,
    download: true,
    scrollToTop: false,
    thankYouDelayMs: LOCATION_THANK_YOU_DELAY_MS,
    submitLabel: FORM_BUTTONS.downloadBrochure,
    name: FORM_NAMES.brochureModal,
    inModal: true,
  },
  contact: {
    source: 'contact-form',
    kind: 'contact',
    encoding: 'multipart',
    plotRange: 'none',
    locationField: true,
    consent: false,
    tenDigitMobile: false,
    missingFields: 'per-field',
    successInAnyCase: true,
    rejected: { message: MESSAGES.contactFailedPrefix, withReply: true },
    networkFailed: MESSAGES.contactNetworkFailed,
    alertOnFailure: true,
    successAlert: null,
    download: false,
    scrollToTop: false,
    thankYouDelayMs: 0,
    submitLabel: FORM_BUTTONS.submit,
    name: FORM_NAMES.contact,
    inModal: false,
  },
};
