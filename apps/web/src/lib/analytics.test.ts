import { afterEach, describe, expect, it } from 'vitest';
import { gaScriptUrl, gtmScriptUrl, mountAnalytics } from './analytics.ts';

function scriptSources() {
  return [...document.querySelectorAll('script')].map((script) => script.src);
}

afterEach(() => {
  document.head.innerHTML = '';
  delete window.dataLayer;
});

describe('analytics tags', () => {
  it('when no IDs were built in, then nothing is loaded', () => {
    const unmount = mountAnalytics({});
    expect(scriptSources()).toEqual([]);
    expect(window.dataLayer).toBeUndefined();
    unmount();
  });

  it('when both IDs are set, then the tag manager and the analytics tag load', () => {
    mountAnalytics({ gtmId: 'GTM-ABC123', gaId: 'G-XYZ789' });
    expect(scriptSources()).toEqual([gtmScriptUrl('GTM-ABC123'), gaScriptUrl('G-XYZ789')]);
    expect(scriptSources()[0]).toBe('https://www.googletagmanager.com/gtm.js?id=GTM-ABC123');
    expect(window.dataLayer).toContainEqual(expect.objectContaining({ event: 'gtm.js' }));
    expect(typeof window.gtag).toBe('function');
  });

  it('when the visitor leaves, then the tags and what the tag manager pulled in are removed', () => {
    const unrelated = document.createElement('script');
    unrelated.src = 'https://example.com/other.js';
    document.head.append(unrelated);

    const unmount = mountAnalytics({ gtmId: 'GTM-ABC123', gaId: 'G-XYZ789' });
    const pulledIn = document.createElement('script');
    pulledIn.src = 'https://www.googletagmanager.com/gtag/js?id=AW-1';
    document.head.append(pulledIn);
    unmount();

    expect(scriptSources()).toEqual(['https://example.com/other.js']);
    expect(window.gtag).toBeUndefined();
  });

  it('when only the analytics ID is set, then only the analytics tag loads', () => {
    mountAnalytics({ gaId: 'G-XYZ789' });
    expect(scriptSources()).toEqual([gaScriptUrl('G-XYZ789')]);
  });
});
