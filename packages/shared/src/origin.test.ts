import { describe, expect, it } from 'vitest';
import {
  enquirySourceLabel,
  formatOrigin,
  isLeadOrigin,
  partnerName,
  partnerOrigin,
  portalName,
  portalOrigin,
} from './origin.ts';

describe('lead origins', () => {
  it('when an origin is one of the fixed channels or a well-named partner, then it is an origin', () => {
    expect(
      ['site', 'google_ads', 'meta', 'partner:acme-realty', 'partner:99', 'portal:99acres'].map(
        isLeadOrigin,
      ),
    ).toEqual([true, true, true, true, true, true]);
  });

  it('when a partner name breaks the naming rule, then it is no origin', () => {
    expect(
      [
        'partner:',
        'partner:a',
        'partner:Acme',
        'partner:a_b',
        'portal:',
        `partner:${'a'.repeat(41)}`,
        'web',
        1,
      ].map(isLeadOrigin),
    ).toEqual([false, false, false, false, false, false, false, false]);
  });

  it('when an origin is shown to sales staff, then it reads as words', () => {
    expect(formatOrigin('google_ads')).toBe('Google Ads');
    expect(formatOrigin('meta')).toBe('Meta lead ads');
    expect(formatOrigin('site')).toBe('Website');
    expect(formatOrigin(partnerOrigin('acme-realty'))).toBe('Partner: acme-realty');
    expect(partnerName('partner:acme-realty')).toBe('acme-realty');
    expect(partnerName('meta')).toBeUndefined();
    expect(formatOrigin(portalOrigin('housing-main'))).toBe('Portal: housing-main');
    expect(portalName('portal:housing-main')).toBe('housing-main');
    expect(portalName('partner:housing-main')).toBeUndefined();
  });

  it('when an enquiry is named for sales staff, then a site post without a form reads "Website, no form named" and another channel by its name', () => {
    expect(enquirySourceLabel({ origin: 'site', form: 'contact-form' })).toBe('Contact form');
    expect(enquirySourceLabel({ origin: 'site', form: null })).toBe('Website, no form named');
    expect(enquirySourceLabel({ origin: 'google_ads', form: null })).toBe('Google Ads');
    expect(enquirySourceLabel({ origin: partnerOrigin('acme'), form: null })).toBe('Partner: acme');
  });
});
