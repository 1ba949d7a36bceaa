import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { VideoFacade } from './video-facade.tsx';

const VIDEO_ID = 'M7lc1UVf-VE';
const TITLE = 'Project walkthrough video';

function externalUrls(container: HTMLElement): string[] {
  return [...container.querySelectorAll('[src], [srcset]')].flatMap((el) =>
    [el.getAttribute('src'), el.getAttribute('srcset')].filter(
      (value): value is string => !!value && /youtube|ytimg|google/.test(value),
    ),
  );
}

describe('VideoFacade', () => {
  it('when the page shows the video, then no player and nothing from YouTube is loaded', () => {
    const { container } = render(<VideoFacade videoId={VIDEO_ID} title={TITLE} height={500} />);

    expect(container.querySelector('iframe')).toBeNull();
    expect(externalUrls(container)).toEqual([]);
    expect(screen.getByRole('button', { name: `Play video: ${TITLE}` })).toBeInTheDocument();
  });

  it('when the poster is shown, then it is our lazily loaded artwork and reserves the frame height', () => {
    const { container } = render(<VideoFacade videoId={VIDEO_ID} title={TITLE} height={500} />);

    const poster = container.querySelector('img');
    expect(poster).toHaveAttribute('loading', 'lazy');
    expect(poster).toHaveAttribute('alt', '');
    expect(container.firstElementChild).toHaveStyle({ height: '500px' });
  });

  it('when the visitor presses play, then the privacy-enhanced player replaces the poster with a referrer and autoplay', async () => {
    const user = userEvent.setup();
    render(<VideoFacade videoId={VIDEO_ID} title={TITLE} height={500} />);

    await user.click(screen.getByRole('button', { name: `Play video: ${TITLE}` }));

    const player = screen.getByTitle(TITLE);
    expect(player.tagName).toBe('IFRAME');
    expect(player).toHaveAttribute(
      'src',
      `https://www.youtube-nocookie.com/embed/${VIDEO_ID}?autoplay=1&rel=0`,
    );
    expect(player).toHaveAttribute('referrerpolicy', 'strict-origin-when-cross-origin');
    expect(player.getAttribute('allow')).toContain('autoplay');
    expect(player).toHaveAttribute('height', '500');
    expect(player).toHaveFocus();
    expect(screen.queryByRole('button', { name: /play video/i })).toBeNull();
  });
});
