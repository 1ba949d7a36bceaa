import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { NAV_ITEMS, UI_TEXT } from '../../content/site.ts';
import { SiteHeader } from './site-header.tsx';

function showHeader(onDownloadBrochure = vi.fn()) {
  const router = createMemoryRouter(
    [{ path: '*', element: <SiteHeader onDownloadBrochure={onDownloadBrochure} /> }],
    { initialEntries: ['/'] },
  );
  const user = userEvent.setup();
  render(<RouterProvider router={router} />);
  const menuButton = screen.getByRole('button', { name: UI_TEXT.menuOpen });
  return { user, router, menuButton, onDownloadBrochure };
}

describe('navigation bar', () => {
  it('when it shows, then it has the six page links in order and the Download Brochure button', () => {
    showHeader();
    const nav = screen.getByRole('navigation', { name: UI_TEXT.mainNavLabel });
    const links = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(links).toEqual([
      'Home',
      'About Project',
      'Highlights',
      'Why',
      'Gallery',
      'Location Highlights',
    ]);
    expect(NAV_ITEMS.map((item) => item.to)).toEqual([
      '/',
      '/about',
      '/highlights',
      '/why',
      '/gallery',
      '/location-highlights',
    ]);
    expect(within(nav).getByRole('button', { name: 'Download Brochure' })).toBeInTheDocument();
  });

  it('when the menu button is pressed on a small screen, then the menu opens and says so', async () => {
    const { user, menuButton } = showHeader();
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await user.click(menuButton);
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    expect(menuButton).toHaveAccessibleName(UI_TEXT.menuClose);
    await user.click(menuButton);
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  });

  it('when the menu is open and Escape is pressed, then it closes', async () => {
    const { user, menuButton } = showHeader();
    await user.click(menuButton);
    await user.keyboard('{Escape}');
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  });

  it('when a link in the open menu is followed, then the page changes and the menu closes', async () => {
    const { user, menuButton, router } = showHeader();
    await user.click(menuButton);
    await user.click(screen.getByRole('link', { name: 'Gallery' }));
    expect(router.state.location.pathname).toBe('/gallery');
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  });

  it('when Download Brochure is pressed in the menu, then the brochure is asked for and the menu closes', async () => {
    const { user, menuButton, onDownloadBrochure } = showHeader();
    await user.click(menuButton);
    await user.click(screen.getByRole('button', { name: 'Download Brochure' }));
    expect(onDownloadBrochure).toHaveBeenCalledTimes(1);
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  });
});
