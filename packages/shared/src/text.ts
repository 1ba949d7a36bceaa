/**
 * Rules for free text a visitor types (names, locations) and values a page sends (attribution),
 * shared by every schema that reads them.
 */

/**
 * Characters that change how text around them is shown without showing themselves: bidi
 * embeddings, overrides, isolates and marks, zero-width spaces, word joiners and byte-order marks.
 * In a name they can make a list, a CSV or an email subject show something other than what was
 * stored.
 */
const INVISIBLE = /[\u061c\u180e\u200b\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;

/**
 * Zero-width joiners (ZWJ, ZWNJ) are part of how Indic scripts spell some names, so they stay
 * between two letters; anywhere else they only hide things and are removed. (Checked by a
 * function rather than a lookbehind, which older phone browsers cannot parse.)
 */
const JOINERS = /[\u200c\u200d]/g;
const LETTER_OR_MARK = /[\p{L}\p{M}]/u;

function keepJoinerInWord(joiner: string, offset: number, text: string): string {
  const inWord =
    LETTER_OR_MARK.test(text.charAt(offset - 1)) && LETTER_OR_MARK.test(text.charAt(offset + 1));
  return inWord ? joiner : '';
}

/** Control characters (C0, DEL, C1) and the Unicode line/paragraph separators. */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** An RFC 2047 encoded word, `=?charset?B|Q?text?=`, which a mail client would decode. */
const ENCODED_WORD = /=\?[^?\s]+\?[bq]\?[^?\s]*\?=/i;

/** Removes invisible formatting characters and surrounding white space. */
export function cleanText(value: string): string {
  return value.replace(INVISIBLE, '').replace(JOINERS, keepJoinerInWord).trim();
}

export function hasControlCharacters(value: string): boolean {
  return CONTROL_CHARACTERS.test(value);
}

export function hasEncodedWord(value: string): boolean {
  return ENCODED_WORD.test(value);
}

/** Length in characters (code points), as a person and JSON Schema count them. */
export function characterCount(value: string): number {
  return [...value].length;
}

/** Control characters and line separators anywhere, for `normaliseText`. */
// eslint-disable-next-line no-control-regex
const ALL_CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

/**
 * Text from a sender whose format we do not control (an ad platform's name or answer), made
 * safe to store, show, mail and forward: control characters become spaces, invisible formatting
 * goes, runs of white space fold into one, and the result is cut to `max` characters. A CR/LF
 * in a name can then never start a new header line in an email or a CSV row.
 */
export function normaliseText(value: string, max: number): string {
  return capText(cleanText(value.replace(ALL_CONTROL_CHARACTERS, ' ').replace(/\s+/g, ' ')), max);
}

/** As `normaliseText`, keeping line breaks (as `\n`, at most one blank line in a row). */
export function normaliseMultilineText(value: string, max: number): string {
  const lines = value.split(/\r\n|[\r\n\u2028\u2029]/).map((line) => normaliseText(line, max));
  return capText(
    lines
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim(),
    max,
  );
}

function capText(text: string, max: number): string {
  return characterCount(text) <= max ? text : [...text].slice(0, max).join('').trimEnd();
}
