import { describe, expect, it } from 'vitest';
import { formatOrigin, isLeadOrigin, partnerName, partnerOrigin } from './origin.ts';

describe('lead origins', () => {
  it('when an origin is one of the fixed channels or a well-named partner, then it is an origin', () => {
    expect(
      ['site', 'google_ads', 'meta', 'partner:acme-realty', 'partner:99'].map(isLeadOrigin),
    ).toEqual([true, true, true, true, true]);
  });

  it('when a partner name breaks the naming rule, then it is no origin', () => {
    expect(
      [
        'partner:',
        'partner:a',
        'partner:Acme',
        'partner:a_b',
        `partner:${'a'.repeat(41)}`,
        'web',
        1,
      ].map(isLeadOrigin),
    ).toEqual([false, false, false, false, false, false, false]);
  });

  it('when an origin is shown to sales staff, then it reads as words', () => {
    expect(formatOrigin('google_ads')).toBe('Google Ads');
    expect(formatOrigin('meta')).toBe('Meta lead ads');
    expect(formatOrigin('site')).toBe('Website');
    expect(formatOrigin(partnerOrigin('acme-realty'))).toBe('Partner: acme-realty');
    expect(partnerName('partner:acme-realty')).toBe('acme-realty');
    expect(partnerName('meta')).toBeUndefined();
  });
});
