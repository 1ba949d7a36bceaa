import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

/** Ten digits: an Indian mobile number without its country code, as the site's forms take it. */
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
 * number and without a leading `+`, to find within the digits of stored numbers (`+9198765`
 * finds `+919876543210`); undefined when the search is not one.
 */
export function mobileSearchDigits(search: string): string | undefined {
  const digits = normalizeMobile(search).replace(/^\+/, '');
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

/** India's country calling code, as E.164 writes it after the `+`. */
export const INDIA_CALLING_CODE = '91';

/** The stored form of the ten digits of an Indian mobile number, as the site's forms take them. */
export function indianE164(national: string): string {
  return `+${INDIA_CALLING_CODE}${national}`;
}

/** The stored form of every mobile number: `+`, a country calling code and the number, 7 to 15 digits. */
export const E164_MOBILE = /^\+[1-9]\d{6,14}$/;

/**
 * What a typed number reads as in E.164, by its shape alone: ten Indian digits as the site's
 * forms read them (separators, +91, 0091, 91, a trunk 0, Indic digits), which must be a mobile,
 * or a number written with `+` or `00` and another country code. Light enough for the desk's
 * own forms; `parseMobile` also checks a foreign number against its country's numbering plan.
 */
export function readMobile(value: unknown): string | undefined {
  const typed = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value;
  if (typeof typed !== 'string' || typed.length > MAX_INPUT_LENGTH) return undefined;
  const national = normalizeMobile(typed);
  if (INDIAN_MOBILE.test(national)) return indianE164(national);
  const international = /^(?:\+|00)([1-9]\d{6,14})$/.exec(national)?.[1];
  if (!international || international.startsWith(INDIA_CALLING_CODE)) return undefined;
  return `+${international}`;
}

/**
 * Reads a mobile number from any channel into E.164 (`+919876543210`), or undefined when it is
 * not one: what `readMobile` reads, a foreign number only when it is a valid number of its
 * country by Google's libphonenumber metadata, so a buyer abroad can enquire through an ad or a
 * partner while a mistyped number is refused.
 */
export function parseMobile(value: unknown): string | undefined {
  const read = readMobile(value);
  if (read === undefined || isIndianMobile(read)) return read;
  const parsed = parsePhoneNumberFromString(read);
  return parsed?.isValid() ? parsed.number : undefined;
}

/**
 * Country calling codes of one and two digits (ITU-T E.164); every other code has three. Codes
 * are prefix-free, so this reads the code off any number without the full metadata, which keeps
 * the desk's bundle small.
 */
const SHORT_CALLING_CODES = new Set(
  '1 7 20 27 30 31 32 33 34 36 39 40 41 43 44 45 46 47 48 49 51 52 53 54 55 56 57 58 60 61 62 63 64 65 66 81 82 84 86 90 91 92 93 94 95 98'.split(
    ' ',
  ),
);

/** A stored number split into its country calling code and the number within the country. */
export function splitMobile(e164: string): { callingCode: string; national: string } {
  const digits = e164.replace(/^\+/, '');
  const length = SHORT_CALLING_CODES.has(digits.slice(0, 1))
    ? 1
    : SHORT_CALLING_CODES.has(digits.slice(0, 2))
      ? 2
      : 3;
  return { callingCode: digits.slice(0, length), national: digits.slice(length) };
}

/** True when a stored number is Indian. */
export function isIndianMobile(e164: string): boolean {
  return e164.startsWith(`+${INDIA_CALLING_CODE}`);
}

/**
 * A stored number as people read it: `+91 98765 43210` for India; elsewhere the country code,
 * then groups of three with up to five digits last (`+1 415 555 2671`).
 */
export function displayMobile(e164: string): string {
  if (e164 === '') return '';
  const { callingCode, national } = splitMobile(e164);
  if (callingCode === INDIA_CALLING_CODE && national.length === MOBILE_LENGTH) {
    return `+${callingCode} ${national.slice(0, 5)} ${national.slice(5)}`;
  }
  const groups: string[] = [];
  let rest = national;
  while (rest.length > 5) {
    groups.push(rest.slice(0, 3));
    rest = rest.slice(3);
  }
  if (rest) groups.push(rest);
  return [`+${callingCode}`, ...groups].join(' ');
}

/** The ten digits of an Indian number, the E.164 form of any other: what CRMs built for India expect. */
export function localMobile(e164: string): string {
  if (e164 === '') return '';
  const { callingCode, national } = splitMobile(e164);
  return callingCode === INDIA_CALLING_CODE ? national : e164;
}

/** A `tel:` link that dials the number from anywhere. */
export function telHref(e164: string): string {
  return `tel:${e164}`;
}

/** A WhatsApp chat link; wa.me takes the international number without the `+`. */
export function whatsAppHref(e164: string): string {
  return `https://wa.me/${e164.replace(/^\+/, '')}`;
}

/**
 * Masks a number for logs, keeping the country code and the first and last two digits of the
 * rest: `+919876543210` becomes `+9198xxxxxx10`, a bare `9876543210` becomes `98xxxxxx10`.
 */
export function maskMobile(value: string): string {
  if (value.startsWith('+')) {
    const { callingCode, national } = splitMobile(value);
    return `+${callingCode}${maskMobile(national)}`;
  }
  if (value.length <= 4) return 'x'.repeat(value.length);
  return `${value.slice(0, 2)}${'x'.repeat(value.length - 4)}${value.slice(-2)}`;
}
