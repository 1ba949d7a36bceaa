import { render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MapEmbed } from './map-embed.tsx';

const SRC = 'https://www.google.com/maps?q=17.0918,78.2046&z=13&output=embed';
const TITLE = 'Map showing the location of the project';

describe('MapEmbed', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('when the page has hydrated, then a titled Google Maps frame waits to load until it nears the screen', () => {
    render(<MapEmbed src={SRC} title={TITLE} height={400} />);

    const map = screen.getByTitle(TITLE);
    expect(map.tagName).toBe('IFRAME');
    expect(map).toHaveAttribute('src', SRC);
    expect(map).toHaveAttribute('loading', 'lazy');
    expect(map).toHaveAttribute('referrerpolicy', 'strict-origin-when-cross-origin');
    expect(map).toHaveAttribute('height', '400');
    expect(map.parentElement).toHaveStyle({ height: '400px' });
  });

  it('when the page is prerendered, then it holds no frame yet and links to Google Maps instead', () => {
    const html = renderToString(<MapEmbed src={SRC} title={TITLE} height={400} />);

    expect(html).not.toContain('<iframe');
    expect(html).toContain('Open the map in Google Maps');
    expect(html).toContain('height:400px');
  });

  it('when the device is offline, then the frame keeps its size and offers a link instead', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);

    const { container } = render(
      <MapEmbed src={SRC} title={TITLE} height={400} fallbackUrl="https://maps.example/dir" />,
    );

    expect(container.querySelector('iframe')).toBeNull();
    expect(screen.getByRole('link', { name: /Open the map in Google Maps/ })).toHaveAttribute(
      'href',
      'https://maps.example/dir',
    );
    expect(container.firstElementChild).toHaveStyle({ height: '400px' });
  });
});
