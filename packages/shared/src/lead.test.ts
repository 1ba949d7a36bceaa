import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  brochureLeadSchema,
  contactEnquirySchema,
  LOCATION_MAX_LENGTH,
  NAME_MAX_LENGTH,
  parseAttribution,
  parseBrochureLead,
  parseContactEnquiry,
  parseName,
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

  it.each([
    ['a list', ['a', 'b']],
    ['a number', 123],
    ['true', true],
    ['an object', { first: 'Ravi' }],
  ])(
    'when the name arrives as %s, then it is refused as not text, naming the field',
    (_what, name) => {
      expect(parseBrochureLead({ name, mobile: '9876543210' })).toEqual({
        ok: false,
        error: { field: 'name', message: 'The field "name" must be text.' },
      });
    },
  );

  it('when the plot range arrives as a number, then it is refused as not text', () => {
    expect(parseBrochureLead({ name: 'Ravi', mobile: '9876543210', plotRange: 200 })).toEqual({
      ok: false,
      error: { field: 'plotRange', message: 'The field "plotRange" must be text.' },
    });
  });

  it('when the mobile arrives as a number or a field as null, then the number is read as digits and null as absent', () => {
    expect(parseBrochureLead({ name: 'Ravi', mobile: 9876543210, plotRange: null })).toEqual({
      ok: true,
      value: { name: 'Ravi', mobile: '9876543210' },
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

  it('when the visit’s click id, landing page and referrer are sent, then they are kept with the campaign', () => {
    expect(
      parseAttribution({
        utm_source: 'facebook',
        fbclid: 'IwAR0abc',
        landingPage: '/location',
        referrer: 'https://www.facebook.com/',
      }),
    ).toEqual({
      utm_source: 'facebook',
      fbclid: 'IwAR0abc',
      landingPage: '/location',
      referrer: 'https://www.facebook.com/',
    });
  });

  it('when a click id, landing page or referrer is too long or not one line, then it is dropped and the rest kept', () => {
    expect(
      parseAttribution({
        fbclid: 'x'.repeat(501),
        landingPage: '/\r\nSet-Cookie: a=b',
        referrer: ['https://a.example/', 'https://b.example/'],
        gclid: 'kept',
      }),
    ).toEqual({ gclid: 'kept' });
  });
});

describe('hostile and unusual input', () => {
  it.each(['0000000000', '1234567890', '5555555555', '+91 55555 55555'])(
    'when the mobile %j is not an Indian mobile number, then it is refused with the specification message',
    (mobile) => {
      expect(parseBrochureLead({ name: 'Ravi', mobile })).toEqual({
        ok: false,
        error: { field: 'mobile', message: 'Please enter a valid 10-digit mobile number.' },
      });
    },
  );

  it.each([
    '+91 0 98765 43210',
    '+91(0)9876543210',
    '+91 98765 43210',
    '098765 43210',
    '98765-43210',
    '987 654 3210',
  ])('when a visitor types the mobile as %j, then it is stored as ten digits', (mobile) => {
    expect(parseContactEnquiry({ name: 'Asha', mobile })).toEqual({
      ok: true,
      value: { name: 'Asha', mobile: '9876543210' },
    });
  });

  it('when the fields arrive only through __proto__, then no lead is read from them', () => {
    const input = JSON.parse(
      '{"__proto__":{"name":"Ravi","mobile":"9876543210","location":"x"}}',
    ) as Record<string, unknown>;
    const inherited = Object.create({ name: 'Ravi', mobile: '9876543210' }) as Record<
      string,
      unknown
    >;

    expect(parseContactEnquiry(input).ok).toBe(false);
    expect(parseBrochureLead(inherited)).toEqual({
      ok: false,
      error: { field: 'name', message: MESSAGES.nameRequired },
    });
    expect(
      parseAttribution(
        Object.create({ source: 'contact-form', page: '/' }) as Record<string, unknown>,
      ),
    ).toEqual({});
  });

  it('when a name or location holds bidi controls or zero-width characters, then they are removed', () => {
    const result = parseContactEnquiry({
      name: '\u202eRavi\u200b Kumar\u2066\u2069\ufeff',
      mobile: '9876543210',
      location: '\u200fKukat\u2060pally\u202c',
    });
    expect(result).toEqual({
      ok: true,
      value: { name: 'Ravi Kumar', mobile: '9876543210', location: 'Kukatpally' },
    });
  });

  it('when a name needs a zero-width joiner inside a word, then the joiner is kept, and dropped elsewhere', () => {
    expect(parseName('\u200dశ్\u200cరీ\u200d')).toEqual({ ok: true, value: 'శ్\u200cరీ' });
  });

  it('when a name is only invisible characters, then it is refused as missing', () => {
    expect(parseName('\u200b\u202e\u2066')).toEqual({
      ok: false,
      error: { field: 'name', message: MESSAGES.nameRequired },
    });
  });

  it.each(['=?utf-8?b?UmF2aQ0KQmNjOiB4QHkuego=?=', 'Ravi =?UTF-8?Q?=0D=0ABcc:_x@y.z?='])(
    'when a name is written as an RFC 2047 encoded word %j, then it is refused',
    (name) => {
      expect(parseBrochureLead({ name, mobile: '9876543210' })).toEqual({
        ok: false,
        error: { field: 'name', message: MESSAGES.namePlainText },
      });
    },
  );

  it('when a name merely contains =? or ?=, then it is accepted', () => {
    expect(parseName('Ravi =? Kumar ?=').ok).toBe(true);
  });

  it('when attribution values hold invisible characters, then they are removed', () => {
    expect(parseAttribution({ page: '/\u202egallery', utm_source: 'goo\u200bgle' })).toEqual({
      page: '/gallery',
      utm_source: 'google',
    });
  });
});

describe('the schemas', () => {
  it('when a form is validated with the brochure schema, then it gives the same lead as parseBrochureLead', () => {
    const form = { name: ' Ravi ', mobile: '+91 98765 43210', plotRange: '' };
    const result = v.safeParse(brochureLeadSchema, form);
    expect(result.success && result.output).toEqual({
      name: 'Ravi',
      mobile: '9876543210',
      plotRange: undefined,
    });
  });

  it('when a contact enquiry has a bad mobile, then the schema names the field with the message', () => {
    const result = v.safeParse(contactEnquirySchema, { name: 'Asha', mobile: '12345' });
    expect(result.success).toBe(false);
    expect(result.issues?.[0]).toMatchObject({
      message: MESSAGES.invalidMobile,
      path: [{ key: 'mobile' }],
    });
  });
});
