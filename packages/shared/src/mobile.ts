/** Exactly ten digits: the only shape a mobile number is stored in. */
export const MOBILE_LENGTH = 10;

const TEN_DIGITS = /^\d{10}$/;

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
 * leading +91, 0091, 91 (when twelve digits) or 0 (when eleven digits). Anything else is
 * returned cleaned but otherwise unchanged, so validation can refuse it.
 */
export function normalizeMobile(input: string): string {
  if (input.length > MAX_INPUT_LENGTH) return input;
  const cleaned = Array.from(input.replace(SEPARATORS, ''), toAsciiDigit).join('');
  if (/^\+91\d{10}$/.test(cleaned)) return cleaned.slice(3);
  if (/^0091\d{10}$/.test(cleaned)) return cleaned.slice(4);
  if (/^91\d{10}$/.test(cleaned)) return cleaned.slice(2);
  if (/^0\d{10}$/.test(cleaned)) return cleaned.slice(1);
  return cleaned;
}

/** True for exactly ten ASCII digits, the stored form of a mobile number. */
export function isValidMobile(value: string): boolean {
  return TEN_DIGITS.test(value);
}

/** Masks a number for logs: `9876543210` becomes `98xxxxxx10`. */
export function maskMobile(value: string): string {
  if (value.length <= 4) return 'x'.repeat(value.length);
  return `${value.slice(0, 2)}${'x'.repeat(value.length - 4)}${value.slice(-2)}`;
}
