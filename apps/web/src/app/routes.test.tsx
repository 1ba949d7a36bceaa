import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ABOUT,
  CONTACT,
  GALLERY,
  HERO,
  HIGHLIGHTS,
  LOCATION,
  NOT_FOUND,
  PRIVACY_POLICY,
  THANK_YOU,
  WHY,
  BROCHURE_FILE_NAME,
  BROCHURE_URL,
} from '../content/site.ts';
import { renderSite } from './testing/render-site.tsx';

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

const SECTION_PAGES = [
  ['/about', ABOUT.heading, ABOUT.features[0]],
  ['/highlights', HIGHLIGHTS.heading, HIGHLIGHTS.points[9]],
  ['/why', WHY.heading, WHY.reasons[6]!.title],
  ['/gallery', GALLERY.heading, 'Proposed Developments'],
  ['/location-highlights', LOCATION.heading, LOCATION.landmarks[12]!.name],
] as const;

describe('section pages', () => {
  it.each(SECTION_PAGES)(
    'when a visitor opens %s, then it shows its section as the one h1, the contact section and the shell',
    (path, heading, keyText) => {
      renderSite(path);
      const headings = screen.getAllByRole('heading', { level: 1 });
      expect(headings).toHaveLength(1);
      expect(headings[0]).toHaveTextContent(heading);
      expect(screen.getAllByText(keyText).length).toBeGreaterThan(0);
      expect(screen.getByRole('heading', { level: 2, name: CONTACT.heading })).toBeInTheDocument();
      expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
      expect(screen.getByRole('contentinfo')).toBeInTheDocument();
      expect(screen.getByRole('navigation', { name: 'Quick contact' })).toBeInTheDocument();
    },
  );

  it('when a visitor opens /contact, then only the contact section is in the page', () => {
    renderSite('/contact');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(CONTACT.heading);
    expect(screen.queryByRole('heading', { name: ABOUT.heading })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /CONTACT US/ })).toBeInTheDocument();
  });
});

describe('landing page', () => {
  it('when a visitor lands on /, then every section is there under the hero h1', () => {
    renderSite('/');
    const h1 = screen.getAllByRole('heading', { level: 1 });
    expect(h1).toHaveLength(1);
    expect(h1[0]).toHaveTextContent(HERO.headline);
    for (const line of HERO.subLines) expect(screen.getByText(line)).toBeInTheDocument();
    for (const heading of [
      ABOUT.heading,
      HIGHLIGHTS.heading,
      WHY.heading,
      GALLERY.heading,
      LOCATION.heading,
      CONTACT.heading,
    ]) {
      expect(screen.getByRole('heading', { level: 2, name: heading })).toBeInTheDocument();
    }
    // The hero's own button and the side button.
    expect(screen.getAllByRole('button', { name: 'Book Free Site Visit' })).toHaveLength(2);
  });

  it('when the landing page has been open for 1.5 s, then the brochure modal opens by itself', async () => {
    vi.useFakeTimers();
    renderSite('/');
    await advance(1499);
    expect(screen.queryByRole('dialog', { name: 'Download Brochure' })).not.toBeInTheDocument();
    await advance(1);
    expect(screen.getByRole('dialog', { name: 'Download Brochure' })).toBeInTheDocument();
  });

  it('when the visitor leaves the landing page within 1.5 s, then the modal does not open', async () => {
    vi.useFakeTimers();
    const { router } = renderSite('/');
    await act(() => router.navigate('/about'));
    await advance(5000);
    expect(screen.queryByRole('dialog', { name: 'Download Brochure' })).not.toBeInTheDocument();
  });

  it('when a visitor comes back to the landing page, then the modal does not open a second time', async () => {
    vi.useFakeTimers();
    const { router } = renderSite('/');
    await advance(1500);
    expect(screen.getByRole('dialog', { name: 'Download Brochure' })).toBeInTheDocument();
    await act(() => router.navigate('/about'));
    await act(() => router.navigate('/'));
    await advance(5000);
    expect(screen.getAllByRole('dialog', { name: 'Download Brochure', hidden: true })).toHaveLength(
      1,
    );
  });

  it('when another page is shown for a while, then the brochure modal never opens by itself', async () => {
    vi.useFakeTimers();
    renderSite('/gallery');
    await advance(10_000);
    expect(screen.queryByRole('dialog', { name: 'Download Brochure' })).not.toBeInTheDocument();
  });

  it('when the Download Brochure button of the navigation is pressed, then the brochure modal opens', async () => {
    const { user } = renderSite('/about');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    await user.click(within(nav).getByRole('button', { name: 'Download Brochure' }));
    expect(screen.getByRole('dialog', { name: 'Download Brochure' })).toBeInTheDocument();
  });

  it('when the side button is pressed, then the brochure modal opens', async () => {
    const { user } = renderSite('/why');
    await user.click(screen.getByRole('button', { name: 'Book Free Site Visit' }));
    expect(screen.getByRole('dialog', { name: 'Download Brochure' })).toBeInTheDocument();
  });

  it('when ENQUIRE NOW is pressed, then the brochure modal opens with its plot range required', async () => {
    const { user } = renderSite('/location-highlights');
    await user.click(screen.getByRole('button', { name: LOCATION.enquire }));
    const dialog = screen.getByRole('dialog', { name: 'Download Brochure' });
    expect(within(dialog).getByRole('combobox')).toBeRequired();
  });
});

describe('contact section', () => {
  it('when CONTACT US is pressed, then a modal shows the phone number and the office address', async () => {
    const { user } = renderSite('/contact');
    await user.click(screen.getByRole('button', { name: CONTACT.contactUs }));
    const dialog = screen.getByRole('dialog', { name: CONTACT.modalTitle });
    expect(within(dialog).getAllByRole('link', { name: /\+91 98480 22345/ })[0]).toHaveAttribute(
      'href',
      'tel:+919848022345',
    );
    expect(within(dialog).getByText(/Shadnagar/)).toBeInTheDocument();
  });
});

describe('thank-you, privacy policy and not-found pages', () => {
  it('when the thank-you page shows, then it offers the brochure download and the way home', () => {
    renderSite('/thank-you');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(THANK_YOU.heading);
    expect(screen.getByText(THANK_YOU.line)).toBeInTheDocument();
    const download = screen.getByRole('link', { name: THANK_YOU.downloadBrochure });
    expect(download).toHaveAttribute('href', BROCHURE_URL);
    expect(download).toHaveAttribute('download', BROCHURE_FILE_NAME);
    expect(screen.getByRole('link', { name: THANK_YOU.backToHome })).toHaveAttribute('href', '/');
  });

  it('when the privacy policy shows, then every part of it is there with a way home', () => {
    renderSite('/privacy-policy');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(PRIVACY_POLICY.heading);
    for (const section of PRIVACY_POLICY.sections) {
      expect(screen.getByRole('heading', { level: 2, name: section.heading })).toBeInTheDocument();
    }
    expect(screen.getByText(/Digital Personal Data Protection Act, 2023/)).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /Back to Home/ })[0]).toHaveAttribute('href', '/');
  });

  it('when a path no page claims is opened, then a not-found page links home', () => {
    renderSite('/no-such-page');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(NOT_FOUND.heading);
    expect(screen.getByRole('link', { name: NOT_FOUND.home })).toHaveAttribute('href', '/');
  });
});

describe('navigation between pages', () => {
  it('when the visitor follows a link to another page, then the window scrolls to the top', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const { user, router } = renderSite('/about');
    scrollTo.mockClear();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    await user.click(within(nav).getByRole('link', { name: 'Gallery' }));
    expect(router.state.location.pathname).toBe('/gallery');
    expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
  });

  it('when a page is shown, then its navigation link is marked as the current page', () => {
    renderSite('/highlights');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Highlights' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });
});
