/** Exactly ten digits: the only shape a mobile number is stored in. */
export const MOBILE_LENGTH = 10;

/** An Indian mobile number: ten digits, the first 6 to 9. */
export const INDIAN_MOBILE = /^[6-9]\d{9}$/;

/**
 * The national number behind what a visitor may type: an optional country code (+91, 0091 or 91),
 * an optional trunk 0 (also written after the country code, as in +91 (0) 98765 43210), then the
 * ten digits.
 */
const DIALLED_NUMBER = /^(?:\+91|0091|91)?0?(\d{10})$/;

/**
 * Zero code points of the decimal digit sets Indian visitors type with:
 * Indic scripts (Telugu among them), Arabic-Indic and full-width forms.
 */
const DIGIT_ZEROS = [
  0x0660, 0x06f0, 0x0966, 0x09e6, 0x0a66, 0x0ae6, 0x0b66, 0x0be6, 0x0c66, 0x0ce6, 0x0d66, 0xff10,
];

/** Separators people put inside phone numbers; they carry no meaning. */
const SEPARATORS = /[\s\-.()/\u2010-\u2015]/g;

/** The same input never exceeds this; longer input is not a phone number. */
const MAX_INPUT_LENGTH = 40;

function toAsciiDigit(char: string): string {
  const code = char.codePointAt(0) ?? 0;
  for (const zero of DIGIT_ZEROS) {
    if (code >= zero && code <= zero + 9) return String(code - zero);
  }
  return char;
}

/**
 * Turns what a visitor typed into the ten-digit national number when it can be read as one:
 * drops spaces, dashes, dots and brackets, reads Indic and full-width digits, and removes a
 * leading +91, 0091 or 91 and a trunk 0. Anything else is returned cleaned but otherwise
 * unchanged, so validation can refuse it.
 */
export function normalizeMobile(input: string): string {
  if (input.length > MAX_INPUT_LENGTH) return input;
  const cleaned = Array.from(input.replace(SEPARATORS, ''), toAsciiDigit).join('');
  return DIALLED_NUMBER.exec(cleaned)?.[1] ?? cleaned;
}

/**
 * The digits of a search for a mobile number or part of one, read as `normalizeMobile` reads a
 * number; undefined when the search is not one.
 */
export function mobileSearchDigits(search: string): string | undefined {
  const digits = normalizeMobile(search);
  return /^\d+$/.test(digits) ? digits : undefined;
}

/** A country code or trunk 0 at the start of a number still being typed. */
const TYPED_PREFIX = /^(?:\+91)?0?/;

/**
 * What a ten-digit mobile field keeps of what a visitor types or pastes into it: the number as
 * `normalizeMobile` reads it, and also, while it is still being typed, without a leading +91 or
 * 0. Letters and other signs stay, so the field's own check still refuses a real mistake.
 */
export function tidyTypedMobile(input: string): string {
  return normalizeMobile(input).replace(TYPED_PREFIX, '');
}

/** True for the stored form of an Indian mobile number: ten ASCII digits, the first 6 to 9. */
export function isValidMobile(value: string): boolean {
  return INDIAN_MOBILE.test(value);
}

/** Masks a number for logs: `9876543210` becomes `98xxxxxx10`. */
export function maskMobile(value: string): string {
  if (value.length <= 4) return 'x'.repeat(value.length);
  return `${value.slice(0, 2)}${'x'.repeat(value.length - 4)}${value.slice(-2)}`;
}
