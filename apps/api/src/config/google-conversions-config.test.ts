import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { configProblems } from './config-test-support.ts';

const ALL = {
  GOOGLE_CONVERSIONS_USER: 'google-ads',
  GOOGLE_CONVERSIONS_PASSWORD: 'a long feed password',
  GOOGLE_CONVERSION_NAMES: 'Contacted=Lead contacted,Site visit done=Site visit,Booked=Booking',
};

describe('the Google Ads conversions feed settings', () => {
  it('when none is set, then the feed is off', () => {
    expect(loadConfig({}).googleConversions).toBeUndefined();
  });

  it('when all three are set, then each named stage has its conversion name and the rest none', () => {
    const settings = loadConfig(ALL).googleConversions;
    expect(settings?.user).toBe('google-ads');
    expect(settings?.password).toBe('a long feed password');
    expect([...(settings?.names ?? [])]).toEqual([
      ['contacted', 'Lead contacted'],
      ['visit_done', 'Site visit'],
      ['booked', 'Booking'],
    ]);
  });

  it('when a stage is written by its key or in another case, then it is read all the same', () => {
    const settings = loadConfig({ ...ALL, GOOGLE_CONVERSION_NAMES: 'visit_done=Visit, LOST=Lost' });
    expect([...(settings.googleConversions?.names ?? [])]).toEqual([
      ['visit_done', 'Visit'],
      ['lost', 'Lost'],
    ]);
  });

  it('when a stage is unknown, then the start is refused naming it and the stages there are', () => {
    expect(
      configProblems({ ...ALL, GOOGLE_CONVERSION_NAMES: 'Contacted=Lead,Visit done=Site visit' }),
    ).toEqual([
      'GOOGLE_CONVERSION_NAMES names an unknown stage "Visit done": use Contacted, Site visit scheduled, Site visit done, Booked, Lost (New is every enquiry and is not reported).',
    ]);
  });

  it('when a stage has no name, is named twice, or nothing is named, then the start is refused saying so', () => {
    expect(configProblems({ ...ALL, GOOGLE_CONVERSION_NAMES: 'Booked' })).toEqual([
      'GOOGLE_CONVERSION_NAMES gives no conversion name for "Booked": write it as Booked=<the conversion action\'s name in Google Ads>.',
    ]);
    expect(configProblems({ ...ALL, GOOGLE_CONVERSION_NAMES: 'Booked=A,booked=B' })).toEqual([
      'GOOGLE_CONVERSION_NAMES names "Booked" twice.',
    ]);
    expect(configProblems({ ...ALL, GOOGLE_CONVERSION_NAMES: ' , ' })).toEqual([
      'GOOGLE_CONVERSION_NAMES names no stage: write e.g. Booked=Booking.',
    ]);
  });

  it('when the password is short, then the start is refused, never echoing it', () => {
    const refused = configProblems({ ...ALL, GOOGLE_CONVERSIONS_PASSWORD: 'short' });
    expect(refused).toEqual([
      'GOOGLE_CONVERSIONS_PASSWORD must be at least 16 characters: the feed is on the open internet.',
    ]);
  });

  it('when only some are set, then the start is refused naming the missing ones', () => {
    expect(configProblems({ GOOGLE_CONVERSIONS_USER: 'google-ads' })).toEqual([
      'GOOGLE_CONVERSIONS_USER, GOOGLE_CONVERSIONS_PASSWORD, GOOGLE_CONVERSION_NAMES go together: set all three to publish the Google Ads conversions feed, or none (missing: GOOGLE_CONVERSIONS_PASSWORD, GOOGLE_CONVERSION_NAMES).',
    ]);
  });
});
