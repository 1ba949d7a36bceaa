import { describe, expect, it } from 'vitest';
import {
  LOCATION_MAX_LENGTH,
  NAME_MAX_LENGTH,
  parseAttribution,
  parseBrochureLead,
  parseContactEnquiry,
} from './lead.ts';
import { MESSAGES } from './messages.ts';
import { PLOT_RANGES } from './plot-ranges.ts';

describe('PLOT_RANGES', () => {
  it('when the forms list plot ranges, then they are exactly the three of the specification', () => {
    expect(PLOT_RANGES).toEqual(['165 - 200 Sq. Yds', '200 - 300 Sq. Yds', '300 - 400 Sq. Yds']);
  });
});

describe('parseBrochureLead', () => {
  it('when every field is good, then the lead is trimmed and normalised', () => {
    const result = parseBrochureLead({
      name: '  Ravi Kumar ',
      mobile: '+91 98765 43210',
      plotRange: '200 - 300 Sq. Yds',
      agree: 'on',
    });
    expect(result).toEqual({
      ok: true,
      value: { name: 'Ravi Kumar', mobile: '9876543210', plotRange: '200 - 300 Sq. Yds' },
    });
  });

  it('when the plot range is missing or empty, then the lead is still accepted', () => {
    expect(parseBrochureLead({ name: 'Ravi', mobile: '9876543210' })).toEqual({
      ok: true,
      value: { name: 'Ravi', mobile: '9876543210' },
    });
    expect(parseBrochureLead({ name: 'Ravi', mobile: '9876543210', plotRange: '' }).ok).toBe(true);
  });

  it.each([
    [{ mobile: '9876543210' }, 'name', MESSAGES.nameRequired],
    [{ name: '   ', mobile: '9876543210' }, 'name', MESSAGES.nameRequired],
    [{ name: 'x'.repeat(NAME_MAX_LENGTH + 1), mobile: '9876543210' }, 'name', MESSAGES.nameTooLong],
    [{ name: 'Ravi\r\nBcc: x@y.z', mobile: '9876543210' }, 'name', MESSAGES.nameInvalid],
    [{ name: 'Ravi\u0000', mobile: '9876543210' }, 'name', MESSAGES.nameInvalid],
    [{ name: 'Ravi' }, 'mobile', MESSAGES.invalidMobile],
    [{ name: 'Ravi', mobile: '987654321' }, 'mobile', MESSAGES.invalidMobile],
    [{ name: 'Ravi', mobile: '98765432101' }, 'mobile', MESSAGES.invalidMobile],
    [{ name: 'Ravi', mobile: 'nine eight' }, 'mobile', MESSAGES.invalidMobile],
    [
      { name: 'Ravi', mobile: '9876543210', plotRange: '500 Sq. Yds' },
      'plotRange',
      MESSAGES.plotRangeInvalid,
    ],
  ])('when the input is %j, then %s is refused with its message', (input, field, message) => {
    expect(parseBrochureLead(input)).toEqual({ ok: false, error: { field, message } });
  });

  it('when a name has exactly the maximum length in characters, then it is accepted', () => {
    const name = '\u0C30'.repeat(NAME_MAX_LENGTH);
    expect(parseBrochureLead({ name, mobile: '9876543210' }).ok).toBe(true);
  });

  it('when a field arrives as an array, then it is treated as missing', () => {
    expect(parseBrochureLead({ name: ['a', 'b'], mobile: '9876543210' })).toEqual({
      ok: false,
      error: { field: 'name', message: MESSAGES.nameRequired },
    });
  });
});

describe('parseContactEnquiry', () => {
  it('when a location is given, then it is kept trimmed', () => {
    expect(
      parseContactEnquiry({ name: 'Asha', mobile: '98765-43210', location: ' Kukatpally ' }),
    ).toEqual({
      ok: true,
      value: { name: 'Asha', mobile: '9876543210', location: 'Kukatpally' },
    });
  });

  it('when the location is empty, then it is left out', () => {
    expect(parseContactEnquiry({ name: 'Asha', mobile: '9876543210', location: '' })).toEqual({
      ok: true,
      value: { name: 'Asha', mobile: '9876543210' },
    });
  });

  it('when the location is too long, then it is refused, not truncated', () => {
    const location = 'x'.repeat(LOCATION_MAX_LENGTH + 1);
    expect(parseContactEnquiry({ name: 'Asha', mobile: '9876543210', location })).toEqual({
      ok: false,
      error: { field: 'location', message: MESSAGES.locationTooLong },
    });
  });

  it('when the location holds a control character, then it is refused', () => {
    expect(
      parseContactEnquiry({ name: 'Asha', mobile: '9876543210', location: 'a\u0007b' }),
    ).toEqual({
      ok: false,
      error: { field: 'location', message: MESSAGES.locationInvalid },
    });
  });
});

describe('parseAttribution', () => {
  it('when a known source and campaign fields are sent, then they are kept', () => {
    expect(
      parseAttribution({
        source: 'brochure-modal',
        page: '/gallery',
        utm_source: 'google',
        utm_campaign: 'plots',
        gclid: 'abc',
        other: 'ignored',
      }),
    ).toEqual({
      source: 'brochure-modal',
      page: '/gallery',
      utm_source: 'google',
      utm_campaign: 'plots',
      gclid: 'abc',
    });
  });

  it('when a value is unknown, too long or multi-line, then it is dropped', () => {
    expect(
      parseAttribution({ source: 'fax', utm_term: 'x'.repeat(501), utm_medium: 'a\nb' }),
    ).toEqual({});
  });
});
