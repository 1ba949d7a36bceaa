import { getCountries, getExampleNumber } from 'libphonenumber-js/max';
import examples from 'libphonenumber-js/mobile/examples';
import { describe, expect, it } from 'vitest';
import {
  displayMobile,
  isValidMobile,
  localMobile,
  maskMobile,
  mobileSearchDigits,
  normalizeMobile,
  parseMobile,
  splitMobile,
  telHref,
  tidyTypedMobile,
  whatsAppHref,
} from './mobile.ts';

describe('normalizeMobile', () => {
  it.each([
    ['9876543210', '9876543210'],
    ['98765 43210', '9876543210'],
    ['98765-43210', '9876543210'],
    [' 987.654.3210 ', '9876543210'],
    ['(987) 654-3210', '9876543210'],
    ['+91 98765 43210', '9876543210'],
    ['+91-9876543210', '9876543210'],
    ['919876543210', '9876543210'],
    ['0091 98765 43210', '9876543210'],
    ['09876543210', '9876543210'],
    ['098765 43210', '9876543210'],
    ['+91 0 98765 43210', '9876543210'],
    ['+91(0)9876543210', '9876543210'],
    ['+91 (0) 98765-43210', '9876543210'],
    ['0091 0 98765 43210', '9876543210'],
    ['91 98765 43210', '9876543210'],
    ['9198765432', '9198765432'],
    ['\u096F\u096E\u096D\u096C\u096B\u096A\u0969\u0968\u0967\u0966', '9876543210'],
    ['\u0C6F\u0C6E\u0C6D\u0C6C\u0C6B\u0C6A\u0C69\u0C68\u0C67\u0C66', '9876543210'],
    ['\uFF19\uFF18\uFF17\uFF16\uFF15\uFF14\uFF13\uFF12\uFF11\uFF10', '9876543210'],
  ])('when a visitor types %j, then it reads as %s', (typed, expected) => {
    expect(normalizeMobile(typed)).toBe(expected);
  });

  it('when the number has 11 digits without a leading 0, then it is left for validation to refuse', () => {
    expect(normalizeMobile('98765432101')).toBe('98765432101');
  });

  it('when the input is very long, then it is returned unchanged and never valid', () => {
    const long = '9'.repeat(10_000);
    expect(normalizeMobile(long)).toBe(long);
    expect(isValidMobile(normalizeMobile(long))).toBe(false);
  });
});

describe('tidyTypedMobile', () => {
  it.each([
    ['98765 43210', '9876543210'],
    ['+91 98765 43210', '9876543210'],
    ['098765-43210', '9876543210'],
    ['(98765) 43210.', '9876543210'],
    ['919876543210', '9876543210'],
  ])('when a visitor pastes %j, then the field keeps %s', (pasted, expected) => {
    expect(tidyTypedMobile(pasted)).toBe(expected);
  });

  it.each([
    ['+', '+'],
    ['+9', '+9'],
    ['+91', ''],
    ['+91 ', ''],
    ['0', ''],
    ['98765 ', '98765'],
    ['98765-4', '987654'],
  ])('when a visitor has typed %j so far, then the field keeps %j', (typed, expected) => {
    expect(tidyTypedMobile(typed)).toBe(expected);
  });

  it('when the number holds letters, then they stay for the form to refuse', () => {
    expect(tidyTypedMobile('98765 abcde')).toBe('98765abcde');
  });
});

describe('isValidMobile', () => {
  it.each([
    ['', false],
    ['987654321', false],
    ['98765432101', false],
    ['98765abcde', false],
    ['98765 43210', false],
    ['+919876543210', false],
    ['\u096F\u096E\u096D\u096C\u096B\u096A\u0969\u0968\u0967\u0966', false],
    ['9876543210', true],
    ['6000000000', true],
    ['7400000001', true],
    ['8123456789', true],
    ['0123456789', false],
    ['0000000000', false],
    ['1234567890', false],
    ['5555555555', false],
  ])('when the value is %j, then valid is %s', (value, valid) => {
    expect(isValidMobile(value)).toBe(valid);
  });
});

describe('parseMobile', () => {
  it.each([
    ['9876543210', '+919876543210'],
    ['98765 43210', '+919876543210'],
    ['+91 (0) 98765-43210', '+919876543210'],
    ['0091 98765 43210', '+919876543210'],
    ['919876543210', '+919876543210'],
    ['+919876543210', '+919876543210'],
    ['\u096F\u096E\u096D\u096C\u096B\u096A\u0969\u0968\u0967\u0966', '+919876543210'],
    [9876543210, '+919876543210'],
    ['+44 7911 123456', '+447911123456'],
    ['0044 7911 123456', '+447911123456'],
    ['+1 (415) 555-2671', '+14155552671'],
    ['+971 50 123 4567', '+971501234567'],
    ['+65 8123 4567', '+6581234567'],
  ])('when a channel sends %j, then it is stored as %s', (sent, stored) => {
    expect(parseMobile(sent)).toBe(stored);
  });

  it.each([
    ['', 'nothing'],
    ['12345', 'too few digits'],
    ['5123456789', 'ten digits that are no Indian mobile'],
    ['+91 51234 56789', 'an Indian number that is no mobile'],
    ['4155552671', 'a foreign number without its country code'],
    ['+44 1234', 'too short for its country'],
    ['+971 5012345678', 'too long for its country'],
    ['+999 123456789', 'an unassigned country code'],
    ['+44 7911 12345a', 'letters'],
    ['9'.repeat(10_000), 'a very long input'],
    [null, 'null'],
    [{ mobile: '9876543210' }, 'an object'],
    [98765.4321, 'a fraction'],
  ])('when a channel sends %j (%s), then it is refused', (sent: unknown, _what: string) => {
    expect(parseMobile(sent)).toBeUndefined();
  });
});

describe('splitMobile', () => {
  it("when any country's example mobile is split, then the country code is the one libphonenumber reads", () => {
    const misread = getCountries().flatMap((country) => {
      const example = getExampleNumber(country, examples);
      if (!example) return [];
      const { callingCode, national } = splitMobile(example.number);
      return callingCode === example.countryCallingCode &&
        `+${callingCode}${national}` === example.number
        ? []
        : [example.number];
    });
    expect(misread).toEqual([]);
  });
});

describe('displayMobile', () => {
  it.each([
    ['+919876543210', '+91 98765 43210'],
    ['+14155552671', '+1 415 555 2671'],
    ['+447911123456', '+44 791 112 3456'],
    ['+971501234567', '+971 501 234 567'],
    ['+6581234567', '+65 812 34567'],
  ])('when %s is shown, then it reads %s', (stored, shown) => {
    expect(displayMobile(stored)).toBe(shown);
  });
});

describe('links and the CRM form', () => {
  it('when an Indian number is dialled, then the link carries +91', () => {
    expect(telHref('+919876543210')).toBe('tel:+919876543210');
  });

  it('when a number is opened in WhatsApp, then wa.me gets the digits with the country code', () => {
    expect(whatsAppHref('+447911123456')).toBe('https://wa.me/447911123456');
  });

  it('when a CRM reads an Indian number, then it gets ten digits; a foreign one stays E.164', () => {
    expect(localMobile('+919876543210')).toBe('9876543210');
    expect(localMobile('+447911123456')).toBe('+447911123456');
  });
});

describe('maskMobile', () => {
  it('when a number is logged, then only its first and last two digits show', () => {
    expect(maskMobile('9876543210')).toBe('98xxxxxx10');
  });

  it('when a stored number is logged, then its country code and two digits each end show', () => {
    expect(maskMobile('+919876543210')).toBe('+9198xxxxxx10');
    expect(maskMobile('+447911123456')).toBe('+4479xxxxxx56');
  });

  it('when the value is short, then nothing of it shows', () => {
    expect(maskMobile('123')).toBe('xxx');
  });
});

describe('mobileSearchDigits', () => {
  it.each([
    ['4321', '4321'],
    ['98765 43210', '9876543210'],
    ['+91 98765 43210', '9876543210'],
    ['+9198765', '9198765'],
    ['+44 7911', '447911'],
    ['९८७६५', '98765'],
    ['Ravi', undefined],
    ['Flat 12', undefined],
  ])('when the search is %j, then the mobile digits are %j', (search, digits) => {
    expect(mobileSearchDigits(search)).toBe(digits);
  });
});
