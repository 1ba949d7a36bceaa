import { describe, expect, it } from 'vitest';
import {
  campaignLabel,
  funnelRows,
  lastDays,
  perDayTable,
  responseTables,
  wrapLabel,
} from './report-tables.ts';

describe('report tables', () => {
  it('when a period is asked for, then it lists every India day up to today, oldest first', () => {
    const days = lastDays(30, Date.parse('2026-11-21T20:00:00Z'));
    expect(days).toHaveLength(30);
    expect(days[0]).toBe('2026-10-24');
    expect(days.at(-1)).toBe('2026-11-22');
  });

  it('when some days had no leads, then the per-day table shows them as zero', () => {
    const table = perDayTable(
      [
        { day: '2026-11-20', origin: 'site', form: 'contact-form', count: 2 },
        { day: '2026-11-20', origin: 'site', form: 'brochure-modal', count: 1 },
        { day: '2026-11-22', origin: 'site', form: 'contact-form', count: 4 },
      ],
      ['2026-11-20', '2026-11-21', '2026-11-22'],
    );
    expect(table.totals).toEqual([3, 0, 4]);
    expect(table.counts[1]).toEqual([0, 0]);
    expect(table.channels.map((channel) => channel.label)).toEqual([
      'Download Brochure pop-up',
      'Contact form',
    ]);
    expect(table.counts[2]?.[1]).toBe(4);
  });

  it('when leads named no form, then each counts under its origin and the total holds them all', () => {
    const table = perDayTable(
      [
        { day: '2026-11-20', origin: 'partner:acme-realty', form: null, count: 5 },
        { day: '2026-11-20', origin: 'site', form: null, count: 21 },
        { day: '2026-11-20', origin: 'google_ads', form: null, count: 1 },
        { day: '2026-11-21', origin: 'site', form: 'inline-brochure', count: 4 },
      ],
      ['2026-11-20', '2026-11-21'],
    );
    expect(table.channels.map((channel) => channel.label)).toEqual([
      'Brochure form on the home page',
      'Google Ads',
      'Partner: acme-realty',
      'Website, no form named',
    ]);
    expect(table.counts).toEqual([
      [0, 1, 5, 21],
      [4, 0, 0, 0],
    ]);
    expect(table.total).toBe(31);
  });

  it('when a stage has no leads, then the funnel still lists it, in pipeline order', () => {
    expect(
      funnelRows([
        { stage: 'booked', count: 1 },
        { stage: 'new', count: 9 },
      ]),
    ).toEqual([
      { label: 'New', count: 9 },
      { label: 'Contacted', count: 0 },
      { label: 'Site visit scheduled', count: 0 },
      { label: 'Site visit done', count: 0 },
      { label: 'Booked', count: 1 },
      { label: 'Lost', count: 0 },
    ]);
  });

  it('when a lead came with no campaign, then its row says so in words', () => {
    const row = { origin: 'site', leads: 3, siteVisits: 1, bookings: 0 };
    expect(campaignLabel({ ...row, utmSource: null, utmCampaign: null })).toBe(
      'No campaign (direct or organic)',
    );
    expect(campaignLabel({ ...row, utmSource: 'google', utmCampaign: 'diwali' })).toBe(
      'google / diwali',
    );
  });

  it('when buyers first came from another channel, then their row names it before the campaign', () => {
    const row = { leads: 2, siteVisits: 0, bookings: 0, utmSource: null, utmCampaign: 'plots' };
    expect(campaignLabel({ ...row, origin: 'google_ads' })).toBe('Google Ads: no source / plots');
    expect(campaignLabel({ ...row, origin: 'partner:acme-realty' })).toBe(
      'Partner: acme-realty: no source / plots',
    );
  });

  it('when speed to lead is reported, then each row reads as a person, an origin or a form', () => {
    const figures = {
      buyers: 4,
      answered: 3,
      medianMinutes: 2,
      p90Minutes: 6,
      withinTargetPercent: 75,
      reassigned: 1,
    };
    const [byAgent, byOrigin, byForm] = responseTables({
      targetMinutes: 5,
      byAgent: [{ user: { id: 7, name: 'Asha Agent' }, ...figures }],
      byOrigin: [
        { origin: 'site', ...figures },
        { origin: 'partner:acme-realty', ...figures },
      ],
      bySource: [
        { source: 'contact-form', ...figures },
        { source: null, ...figures },
      ],
    });
    expect(byAgent?.rows).toEqual([{ label: 'Asha Agent', figures }]);
    expect(byOrigin?.rows.map((row) => row.label)).toEqual(['Website', 'Partner: acme-realty']);
    expect(byForm?.rows.map((row) => row.label)).toEqual([
      'Contact form',
      'Other channels (ads, partners)',
    ]);
  });

  it('when a campaign’s name is longer than a line, then it wraps at spaces and no word is cut', () => {
    expect(wrapLabel('Partner: acme-realty: No campaign (direct or organic)', 18)).toEqual([
      'Partner:',
      'acme-realty: No',
      'campaign (direct',
      'or organic)',
    ]);
    expect(wrapLabel('google / villa-plots', 40)).toEqual(['google / villa-plots']);
  });
});
