import { describe, expect, it } from 'vitest';
import type { LeadRow } from '../../lib/types.ts';
import { leadFiltersQuery, matchesFilters, parseLeadFilters } from './lead-filters.ts';

const ME = 7;

function lead(overrides: Partial<LeadRow> = {}): LeadRow {
  return {
    id: 1,
    buyerId: 1,
    enquiries: 1,
    origin: 'site',
    receivedAt: '2026-11-21T10:00:00+05:30',
    kind: 'contact',
    form: 'contact-form',
    name: 'Asha Rao',
    mobile: '+919876543210',
    problems: [],
    plotRange: null,
    location: 'Kukatpally',
    utmSource: 'google',
    utmCampaign: 'diwali',
    buyerSaid: {
      plotRange: null,
      location: 'Kukatpally',
      message: null,
      campaigns: [{ utmSource: 'google', utmCampaign: 'diwali' }],
    },
    stage: 'new',
    owner: null,
    followUpAt: null,
    erased: false,
    held: false,
    whatsappWaiting: 0,
    whatsappWaitingSince: null,
    brokerClaim: null,
    ...overrides,
  };
}

const filters = (query: string) => parseLeadFilters(new URLSearchParams(query));

describe('parseLeadFilters', () => {
  it('when the address holds unknown stages, forms, owners or dates, then those filters are off', () => {
    expect(filters('stage=won&form=popup&owner=bob&from=21-11-2026&due=yes')).toMatchObject({
      stage: '',
      form: '',
      owner: '',
      from: '',
      due: false,
    });
  });

  it('when filters are set, then the API query carries exactly the set ones', () => {
    const query = leadFiltersQuery(filters('stage=contacted&q=+98765+&owner=me&due=1&form='));
    expect(query.toString()).toBe('stage=contacted&owner=me&due=1&q=98765');
  });
});

describe('matchesFilters (which live leads join the list on screen)', () => {
  it('when no filter is set, then every new lead joins', () => {
    expect(matchesFilters(lead(), filters(''), ME)).toBe(true);
  });

  it('when filtering by stage, form or campaign, then only leads with those values join', () => {
    expect(
      matchesFilters(lead(), filters('stage=new&form=contact-form&utmSource=google'), ME),
    ).toBe(true);
    expect(matchesFilters(lead(), filters('stage=contacted'), ME)).toBe(false);
    expect(matchesFilters(lead(), filters('form=brochure-modal'), ME)).toBe(false);
    expect(matchesFilters(lead(), filters('utmCampaign=holi'), ME)).toBe(false);
  });

  it('when filtering by owner, then "me", "none" and a person each match their own leads', () => {
    const mine = lead({ owner: { id: ME, name: 'Me' } });
    expect(matchesFilters(mine, filters('owner=me'), ME)).toBe(true);
    expect(matchesFilters(mine, filters('owner=none'), ME)).toBe(false);
    expect(matchesFilters(lead(), filters('owner=none'), ME)).toBe(true);
    expect(matchesFilters(mine, filters('owner=8'), ME)).toBe(false);
  });

  it('when filtering by dates, then the India day of arrival decides, both ends included', () => {
    const lateEvening = lead({ receivedAt: '2026-11-21T23:30:00+05:30' });
    expect(matchesFilters(lateEvening, filters('from=2026-11-21&to=2026-11-21'), ME)).toBe(true);
    expect(matchesFilters(lateEvening, filters('from=2026-11-22'), ME)).toBe(false);
  });

  it('when searching, then digits match any part of the mobile and words match the name', () => {
    expect(matchesFilters(lead(), filters('q=43210'), ME)).toBe(true);
    expect(matchesFilters(lead(), filters('q=%2B91 98765 43210'), ME)).toBe(true);
    expect(matchesFilters(lead(), filters('q=asha'), ME)).toBe(true);
    expect(matchesFilters(lead(), filters('q=11111'), ME)).toBe(false);
    expect(matchesFilters(lead(), filters('q=ravi'), ME)).toBe(false);
  });

  it('when searching with a country code, then an Indian and a foreign number are both found', () => {
    expect(matchesFilters(lead(), filters('q=%2B9198765'), ME)).toBe(true);
    const abroad = lead({ mobile: '+447911123456' });
    expect(matchesFilters(abroad, filters('q=%2B44 7911 123456'), ME)).toBe(true);
    expect(matchesFilters(abroad, filters('q=7911 123'), ME)).toBe(true);
    expect(matchesFilters(abroad, filters('q=%2B9198765'), ME)).toBe(false);
  });

  it('when only due follow-ups or spam are shown, then a lead that just arrived does not join', () => {
    expect(matchesFilters(lead(), filters('due=1'), ME)).toBe(false);
    expect(matchesFilters(lead(), filters('spam=1'), ME)).toBe(false);
  });

  it('when a manager lists test leads, then the query asks for them and no live lead joins', () => {
    expect(leadFiltersQuery(filters('test=1')).toString()).toBe('test=1');
    expect(matchesFilters(lead(), filters('test=1'), ME)).toBe(false);
  });

  it('when only held leads are shown, then a held lead joins and any other does not', () => {
    expect(matchesFilters(lead({ held: true }), filters('held=1'), ME)).toBe(true);
    expect(matchesFilters(lead(), filters('held=1'), ME)).toBe(false);
    expect(leadFiltersQuery(filters('held=1&spam=0')).toString()).toBe('held=1');
  });
});
