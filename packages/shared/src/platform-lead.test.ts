import { describe, expect, it } from 'vitest';
import { isPlatformTestValue, mobileOrProblem, readPlatformPhone } from './platform-lead.ts';
import { normaliseMultilineText, normaliseText } from './text.ts';

describe('text from a platform whose format we do not control', () => {
  it('when a name carries CR/LF, NUL, BEL and a bidi override, then they go and the white space folds', () => {
    expect(normaliseText('  Repro\r\nBcc: evil@evil.test\u0000\u0007 \u202eX  ', 100)).toBe(
      'Repro Bcc: evil@evil.test X',
    );
  });

  it('when text is longer than the cap, then it is cut at a character, not inside one', () => {
    expect(normaliseText('అఆఇఈ', 3)).toBe('అఆఇ');
  });

  it('when a message has paragraphs, then its line breaks stay and its control characters go', () => {
    expect(normaliseMultilineText('Call after 6 pm\r\n\r\n\r\n\r\nPlot\u0000 300', 100)).toBe(
      'Call after 6 pm\n\nPlot 300',
    );
  });
});

describe('a platform lead’s phone', () => {
  it.each([
    ['+91 98765 43210', { mobile: '+919876543210' }],
    ['+11234567890', { mobile: '', problem: 'Number not valid: +11234567890' }],
    ['dummy_value', { mobile: '', problem: 'Number not valid: dummy_value' }],
    [undefined, { mobile: '', problem: 'No number' }],
    ['  ', { mobile: '', problem: 'No number' }],
  ])('when it is %j, then it reads %j', (raw, expected) => {
    expect(readPlatformPhone(raw)).toEqual(expected);
  });

  it('when a lead has no usable number, then it reads as its problem, else as the number', () => {
    expect(mobileOrProblem('', ['No name', 'Number not valid: 12345'])).toBe(
      'Number not valid: 12345',
    );
    expect(mobileOrProblem('')).toBe('No number');
    expect(mobileOrProblem('+919876543210')).toBe('+91 98765 43210');
  });
});

describe('the platforms’ test values', () => {
  it.each([
    ['dummy_value', true],
    ['DUMMY_VALUE', true],
    ['<test lead: dummy data for phone_number>', true],
    ['Dummy Valued Customer', false],
    ['Asha Rao', false],
  ])('when a value is %j, then it is a test value: %s', (value, expected) => {
    expect(isPlatformTestValue(value)).toBe(expected);
  });
});
