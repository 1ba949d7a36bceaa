import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fromPicture } from '../../assets/image-asset.ts';
import { images } from '../../content/images.ts';
import { ResponsiveImage } from './responsive-image.tsx';

describe('ResponsiveImage', () => {
  it('when the hero renders with priority, then it is fetched eagerly at high priority with phone and desktop crops, and reported when shown', () => {
    const { container } = render(<ResponsiveImage image={images.hero} priority />);

    const img = screen.getByRole('img', { name: images.hero.alt });
    expect(img).toHaveAttribute('loading', 'eager');
    expect(img).toHaveAttribute('fetchpriority', 'high');
    // The page's scripts wait for the browser to report this image shown (page-scripts.ts).
    expect(img).toHaveAttribute('elementtiming', 'hero');
    expect(img).toHaveAttribute('width', String(images.hero.width));
    expect(img).toHaveAttribute('height', String(images.hero.height));
    const sources = [...container.querySelectorAll('source')];
    expect(sources.map((s) => s.getAttribute('media'))).toContain('(max-width: 767px)');
    expect(sources[0]).toHaveAttribute('type', 'image/avif');
  });

  it('when a gallery image renders, then it loads lazily, decodes async and keeps its intrinsic size', () => {
    const image = images.gallery.proposed[0];
    if (!image) throw new Error('gallery is empty');
    render(<ResponsiveImage image={image} />);

    const img = screen.getByRole('img', { name: image.alt });
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('decoding', 'async');
    expect(img).not.toHaveAttribute('fetchpriority');
    expect(img).not.toHaveAttribute('elementtiming');
    expect(Number(img.getAttribute('width'))).toBeGreaterThan(0);
    expect(Number(img.getAttribute('height'))).toBeGreaterThan(0);
  });

  it('when an incidental image renders (the logo), then it is fetched at low priority, lazily', () => {
    render(<ResponsiveImage image={images.logo} incidental />);

    const img = screen.getByRole('img', { name: images.logo.alt });
    expect(img).toHaveAttribute('fetchpriority', 'low');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).not.toHaveAttribute('elementtiming');
  });

  it('when given a vite-imagetools picture import, then AVIF comes first and WebP is the img fallback', () => {
    const image = fromPicture(
      {
        sources: {
          webp: '/a-480.webp 480w, /a-960.webp 960w',
          avif: '/a-480.avif 480w, /a-960.avif 960w',
        },
        img: { src: '/a-960.jpg', w: 960, h: 640 },
      },
      'A real photo of the clubhouse',
      '100vw',
    );
    const { container } = render(<ResponsiveImage image={image} />);

    const img = screen.getByRole('img', { name: 'A real photo of the clubhouse' });
    expect(img).toHaveAttribute('srcset', '/a-480.webp 480w, /a-960.webp 960w');
    expect(img).toHaveAttribute('width', '960');
    expect(container.querySelector('source')).toHaveAttribute('type', 'image/avif');
  });

  it('when every slot is listed, then each has alt text and explicit dimensions', () => {
    const all = [
      images.logo,
      images.logoOnDark,
      images.hero,
      images.clubhouse,
      images.locationMap,
      images.approvals,
      ...images.gallery.proposed,
      ...images.gallery.completed,
    ];
    expect(images.gallery.proposed).toHaveLength(9);
    expect(images.gallery.completed).toHaveLength(9);
    for (const image of all) {
      expect(image.alt.length).toBeGreaterThan(3);
      expect(image.width).toBeGreaterThan(0);
      expect(image.height).toBeGreaterThan(0);
    }
  });
});
