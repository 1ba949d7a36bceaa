/**
 * Every message a visitor can read about a lead, spelled once. The first group is the
 * specification's error catalogue, word for word; the second covers the server's checks.
 */
export const MESSAGES = {
  /** Inline brochure form, bad mobile; also the server's answer to a bad mobile. */
  invalidMobile: 'Please enter a valid 10-digit mobile number.',
  /** Inline brochure form and location modal, non-success reply. */
  emailFailed: 'Email failed. Please try again.',
  /** Inline brochure form and location modal, network failure. */
  submissionFailedLater: 'Submission failed. Try again later.',
  /** Navigation modal, missing fields. */
  fillAllFields: 'Please fill out all fields and accept terms.',
  /** Navigation modal, non-success reply: followed by the server's text. */
  submissionFailedPrefix: 'Submission failed: ',
  /** Navigation modal, network failure. */
  somethingWentWrong: 'Something went wrong. Please check your internet or try again.',
  /** Navigation modal, success. */
  brochureDownloading: 'Form submitted successfully! Your brochure is downloading...',
  /** Contact form, non-success reply: followed by the server's text. */
  contactFailedPrefix: 'Submission failed. Server response: ',
  /** Contact form, network failure. */
  contactNetworkFailed: 'Failed to submit form. Please try again.',
  /** Hint under the navigation modal's mobile field. */
  mobileHint: 'Numbers only, no country code.',
  /** Button label while a form is being sent. */
  submitting: 'Submitting...',

  nameRequired: 'Please enter your name.',
  nameTooLong: 'Please enter a name of at most 100 characters.',
  nameInvalid: 'Please enter a name without control characters.',
  namePlainText: 'Please enter your name as plain text, without =?...?= codes.',
  plotRangeInvalid:
    'Please choose a plot range: 165 - 200 Sq. Yds, 200 - 300 Sq. Yds or 300 - 400 Sq. Yds.',
  plotRangeRequired: 'Please choose a plot range.',
  locationTooLong: 'Please enter a location of at most 200 characters.',
  locationInvalid: 'Please enter a location without control characters.',
  tooManyRequests: 'Too many requests. Please try again in a few minutes.',
} as const;

export type MessageKey = keyof typeof MESSAGES;

/**
 * The answer to a field sent as something other than text (a JSON number, list or object): only
 * a script can send one, so it names the field as the API spells it.
 */
export function notTextMessage(field: string): string {
  return `The field "${field}" must be text.`;
}
