import { afterEach, describe, expect, it } from 'vitest';
import { captureAttribution, getAttribution } from './attribution.ts';

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('campaign attribution', () => {
  it('when the first landing URL carries campaign parameters, then they are kept for the session', () => {
    window.history.replaceState(
      null,
      '',
      '/?utm_source=google&utm_medium=cpc&utm_campaign=plots&utm_term=villa&utm_content=ad1&gclid=xyz&fbclid=ignored',
    );
    captureAttribution();
    window.history.replaceState(null, '', '/gallery');
    expect(getAttribution()).toEqual({
      utm_source: 'google',
      utm_medium: 'cpc',
      utm_campaign: 'plots',
      utm_term: 'villa',
      utm_content: 'ad1',
      gclid: 'xyz',
    });
  });

  it('when a later landing in the same session has other parameters, then the first campaign stays', () => {
    captureAttribution('?utm_source=google&utm_campaign=plots');
    captureAttribution('?utm_source=facebook&utm_campaign=retarget');
    expect(getAttribution()).toEqual({ utm_source: 'google', utm_campaign: 'plots' });
  });

  it('when the first landing had no campaign, then a later one does not add one', () => {
    captureAttribution('');
    captureAttribution('?utm_source=facebook');
    expect(getAttribution()).toEqual({});
  });

  it('when a parameter is empty or only spaces, then it is left out', () => {
    captureAttribution('?utm_source=%20%20&utm_medium=&utm_campaign=%20summer%20');
    expect(getAttribution()).toEqual({ utm_campaign: 'summer' });
  });

  it('when nothing was captured yet, then there is no attribution', () => {
    expect(getAttribution()).toEqual({});
  });

  it('when the browser refuses storage, then leads still go out without attribution', () => {
    const refusing = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    } as unknown as Storage;
    expect(captureAttribution('?utm_source=google', refusing)).toEqual({ utm_source: 'google' });
    expect(getAttribution(refusing)).toEqual({});
    expect(getAttribution(null)).toEqual({});
  });

  it('when the stored value was tampered with, then only well-formed campaign fields are read', () => {
    window.sessionStorage.setItem(
      'iconia.attribution',
      JSON.stringify({ utm_source: 'google', gclid: 42, other: 'x' }),
    );
    expect(getAttribution()).toEqual({ utm_source: 'google' });
    window.sessionStorage.setItem('iconia.attribution', '{not json');
    expect(getAttribution()).toEqual({});
  });
});
