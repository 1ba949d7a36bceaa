/**
 * The words of the lead forms: labels, placeholders, consent and buttons. The error catalogue
 * of the specification lives in `@iconia/shared` (`MESSAGES`) and is reused from there, so the
 * form and the API say the same thing.
 */
import { BROCHURE_CONSENT_TEXT, MESSAGES } from '@iconia/shared';

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
