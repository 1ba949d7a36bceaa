import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MapEmbed } from './map-embed.tsx';

const SRC = 'https://www.google.com/maps?q=17.0918,78.2046&z=13&output=embed';
const TITLE = 'Map showing the location of the project';

describe('MapEmbed', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('when the page shows, then no Google frame is loaded: a 400 px placeholder offers the map and a link', () => {
    const { container } = render(
      <MapEmbed src={SRC} title={TITLE} height={400} fallbackUrl="https://maps.example/dir" />,
    );

    expect(container.querySelector('iframe')).toBeNull();
    expect(screen.getByRole('button', { name: 'Show the map' })).toBeVisible();
    expect(screen.getByRole('link', { name: /Open the map in Google Maps/ })).toHaveAttribute(
      'href',
      'https://maps.example/dir',
    );
    expect(container.firstElementChild).toHaveStyle({ height: '400px' });
  });

  it('when the visitor asks for the map, then a titled Google Maps frame of the same height takes focus', async () => {
    const user = userEvent.setup();
    render(<MapEmbed src={SRC} title={TITLE} height={400} />);

    await user.click(screen.getByRole('button', { name: 'Show the map' }));

    const map = screen.getByTitle(TITLE);
    expect(map.tagName).toBe('IFRAME');
    expect(map).toHaveAttribute('src', SRC);
    expect(map).toHaveAttribute('referrerpolicy', 'strict-origin-when-cross-origin');
    expect(map).toHaveAttribute('height', '400');
    expect(map).toHaveFocus();
    expect(map.parentElement).toHaveStyle({ height: '400px' });
  });

  it('when the device is offline, then the frame keeps its size and offers only the link', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);

    const { container } = render(
      <MapEmbed src={SRC} title={TITLE} height={400} fallbackUrl="https://maps.example/dir" />,
    );

    expect(container.querySelector('iframe')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Show the map' })).toBeNull();
    expect(screen.getByRole('link', { name: /Open the map in Google Maps/ })).toHaveAttribute(
      'href',
      'https://maps.example/dir',
    );
    expect(container.firstElementChild).toHaveStyle({ height: '400px' });
  });
});
