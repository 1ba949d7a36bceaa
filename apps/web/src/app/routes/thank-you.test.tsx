import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

// The thank-you page reads the tag IDs from the build; this build has both.
vi.mock('../../config/env.ts', () => ({
  env: { apiOrigin: '', gtmId: 'GTM-TEST1', gaId: 'G-TEST2', buildYear: 2025 },
}));

const { renderSite } = await import('../testing/render-site.tsx');

function tagScripts() {
  return [...document.querySelectorAll('script')]
    .map((script) => script.src)
    .filter((src) => src.startsWith('https://www.googletagmanager.com/'));
}

afterEach(() => {
  document.head.querySelectorAll('script').forEach((script) => script.remove());
});

describe('thank-you page analytics', () => {
  it('when the thank-you page shows, then the tag manager and analytics tag load', () => {
    renderSite('/thank-you');
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(tagScripts()).toEqual([
      'https://www.googletagmanager.com/gtm.js?id=GTM-TEST1',
      'https://www.googletagmanager.com/gtag/js?id=G-TEST2',
    ]);
  });

  it('when the visitor goes back home, then the tags are removed', async () => {
    const { router } = renderSite('/thank-you');
    await act(() => router.navigate('/'));
    expect(tagScripts()).toEqual([]);
  });

  it('when another page shows, then no tag is loaded', () => {
    renderSite('/about');
    expect(tagScripts()).toEqual([]);
  });
});
