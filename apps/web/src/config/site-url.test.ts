// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { DEFAULT_SITE_URL, resolveSiteUrl } from './site-url.ts';

describe('resolveSiteUrl', () => {
  it('when nothing is set, then the site lives at the default origin', () => {
    expect(resolveSiteUrl({})).toBe(DEFAULT_SITE_URL);
  });

  it('when SITE_URL is set, then it wins over VITE_SITE_URL and loses its trailing slash', () => {
    expect(
      resolveSiteUrl({
        SITE_URL: 'https://plots.example.in/',
        VITE_SITE_URL: 'https://old.example',
      }),
    ).toBe('https://plots.example.in');
  });

  it('when only VITE_SITE_URL is set, then it is used', () => {
    expect(resolveSiteUrl({ VITE_SITE_URL: 'https://old.example' })).toBe('https://old.example');
  });

  it('when SITE_URL is not an http(s) origin, then the build stops and says why', () => {
    expect(() => resolveSiteUrl({ SITE_URL: 'www.example.com' })).toThrow(/SITE_URL/);
    expect(() => resolveSiteUrl({ SITE_URL: 'ftp://example.com' })).toThrow(/SITE_URL/);
    expect(() => resolveSiteUrl({ SITE_URL: 'https://example.com/?a=1' })).toThrow(/SITE_URL/);
  });
});
