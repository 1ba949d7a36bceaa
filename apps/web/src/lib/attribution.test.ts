import { afterEach, describe, expect, it } from 'vitest';
import { captureAttribution, getAttribution, type Landing } from './attribution.ts';

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

/** A landing on the home page with no referrer, with these link parameters. */
const landing = (search: string, more: Partial<Landing> = {}): Landing => ({
  search,
  path: '/',
  referrer: '',
  ...more,
});

describe('campaign attribution', () => {
  it('when the first landing URL carries campaign parameters, then they are kept for the session with the landing page', () => {
    window.history.replaceState(
      null,
      '',
      '/location?utm_source=google&utm_medium=cpc&utm_campaign=plots&utm_term=villa&utm_content=ad1&gclid=xyz&fbclid=IwAR0x&other=ignored',
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
      fbclid: 'IwAR0x',
      landingPage: '/location',
    });
  });

  it('when another site sent the visitor, then its address is kept as the referrer', () => {
    captureAttribution(
      landing('?fbclid=IwAR0x', { path: '/highlights', referrer: 'https://l.facebook.com/' }),
    );
    expect(getAttribution()).toEqual({
      fbclid: 'IwAR0x',
      landingPage: '/highlights',
      referrer: 'https://l.facebook.com/',
    });
  });

  it('when a later landing in the same session has other parameters, then the first landing stays', () => {
    captureAttribution(landing('?utm_source=google&utm_campaign=plots'));
    captureAttribution(
      landing('?utm_source=facebook&fbclid=IwAR0x', {
        path: '/gallery',
        referrer: 'https://www.facebook.com/',
      }),
    );
    expect(getAttribution()).toEqual({
      utm_source: 'google',
      utm_campaign: 'plots',
      landingPage: '/',
    });
  });

  it('when the visitor opened an untagged page first and then followed a campaign link, then the campaign landing replaces it', () => {
    captureAttribution(landing('', { referrer: 'https://www.google.com/' }));
    captureAttribution(landing('?utm_source=newspaper&utm_campaign=diwali', { path: '/contact' }));
    expect(getAttribution()).toEqual({
      utm_source: 'newspaper',
      utm_campaign: 'diwali',
      landingPage: '/contact',
    });
  });

  it.each([
    ['a gclid', '?gclid=Cj0KCQ', { gclid: 'Cj0KCQ' }],
    ['an fbclid', '?fbclid=IwAR0x', { fbclid: 'IwAR0x' }],
    ['a gbraid (an iOS app click)', '?gbraid=0AAAAAoY', { gbraid: '0AAAAAoY' }],
    ['a wbraid (an iOS web click)', '?wbraid=Cj8KCQiA', { wbraid: 'Cj8KCQiA' }],
    ['a utm_content', '?utm_content=banner', { utm_content: 'banner' }],
  ])(
    'when the later link carries only %s, then it counts as tagged and replaces the untagged landing',
    (_, search, tags) => {
      captureAttribution(landing(''));
      captureAttribution(landing(search, { path: '/gallery' }));
      expect(getAttribution()).toEqual({ ...tags, landingPage: '/gallery' });
    },
  );

  it('when a campaign landing is kept, then a later untagged landing leaves it', () => {
    captureAttribution(landing('?utm_source=newspaper', { path: '/contact' }));
    captureAttribution(landing('', { path: '/gallery', referrer: 'https://www.google.com/' }));
    expect(getAttribution()).toEqual({ utm_source: 'newspaper', landingPage: '/contact' });
  });

  it('when every landing so far was untagged, then the first one stays', () => {
    captureAttribution(landing(''));
    captureAttribution(landing('?other=ignored', { path: '/gallery' }));
    expect(getAttribution()).toEqual({ landingPage: '/' });
  });

  it('when the later link carries only empty tags, then it does not replace the kept landing', () => {
    captureAttribution(landing(''));
    captureAttribution(landing('?utm_source=%20&gclid=', { path: '/gallery' }));
    expect(getAttribution()).toEqual({ landingPage: '/' });
  });

  it('when a parameter is empty or only spaces, then it is left out', () => {
    captureAttribution(
      landing('?utm_source=%20%20&utm_medium=&utm_campaign=%20summer%20&fbclid=%20', {
        path: '',
        referrer: ' ',
      }),
    );
    expect(getAttribution()).toEqual({ utm_campaign: 'summer' });
  });

  it('when a value is longer than the server keeps, then it is cut to that length', () => {
    const long = `https://www.facebook.com/${'a'.repeat(600)}`;
    captureAttribution(landing(`?fbclid=${'b'.repeat(600)}`, { referrer: long }));
    const { fbclid, referrer } = getAttribution();
    expect(fbclid).toHaveLength(500);
    expect(referrer).toBe(long.slice(0, 500));
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
    expect(captureAttribution(landing('?utm_source=google'), refusing)).toEqual({
      utm_source: 'google',
      landingPage: '/',
    });
    expect(getAttribution(refusing)).toEqual({});
    expect(getAttribution(null)).toEqual({});
  });

  it('when the stored value was tampered with, then only well-formed attribution fields are read', () => {
    window.sessionStorage.setItem(
      'iconia.attribution',
      JSON.stringify({ utm_source: 'google', gclid: 42, referrer: ['x'], other: 'x' }),
    );
    expect(getAttribution()).toEqual({ utm_source: 'google' });
    window.sessionStorage.setItem('iconia.attribution', '{not json');
    expect(getAttribution()).toEqual({});
  });

  it('when the kept value is unreadable, then a campaign landing replaces it', () => {
    window.sessionStorage.setItem('iconia.attribution', '{not json');
    captureAttribution(landing('?utm_source=google', { path: '/why' }));
    expect(getAttribution()).toEqual({ utm_source: 'google', landingPage: '/why' });
  });
});
