/*
 * What every intake endpoint (`/intake/…`) answers besides a channel's own refusals: shared by
 * the intake plumbing that sends them and the OpenAPI document that lists them.
 */

/** An ad platform's lead is a few fields and answers; anything bigger is not a lead. */
export const INTAKE_BODY_LIMIT_BYTES = 64 * 1024;

/** What an intake endpoint answers, besides `success` and the field a 400 names. */
export const INTAKE_REPLIES = {
  success: 'success',
  tooLarge: 'The request body is over 64 kB.',
  unreadable: 'The request body could not be read.',
  notJson: 'The request body is not valid JSON.',
  notJsonType: 'The request body must be JSON, sent with content-type: application/json.',
  tooMany: 'Too many requests from this source. Please retry after the time in Retry-After.',
} as const;
