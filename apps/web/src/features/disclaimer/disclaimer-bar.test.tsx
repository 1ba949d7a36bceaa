import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DISCLAIMER } from '../../content/site.ts';
import { DisclaimerBar } from './disclaimer-bar.tsx';
import {
  DISCLAIMER_ACCEPTED_CLASS,
  DISCLAIMER_PRECHECK_SCRIPT,
  DISCLAIMER_STORAGE_KEY,
} from './disclaimer-storage.ts';

function bar() {
  return screen.queryByRole('region', { name: DISCLAIMER.regionLabel });
}

describe('disclaimer bar', () => {
  it('when a visitor comes for the first time, then the bar shows with Accept, Close and the link', () => {
    render(<DisclaimerBar />);
    const region = bar();
    expect(region).toHaveTextContent(DISCLAIMER.barText);
    expect(within(region!).getByRole('button', { name: DISCLAIMER.accept })).toBeInTheDocument();
    expect(
      within(region!).getByRole('button', { name: DISCLAIMER.closeLabel }),
    ).toBeInTheDocument();
    expect(
      within(region!).getByRole('button', { name: DISCLAIMER.barLinkLabel }),
    ).toBeInTheDocument();
  });

  it('when the visitor accepts, then the bar hides and the acceptance is remembered as "true"', async () => {
    const user = userEvent.setup();
    render(<DisclaimerBar />);
    await user.click(screen.getByRole('button', { name: DISCLAIMER.accept }));
    expect(bar()).not.toBeInTheDocument();
    expect(window.localStorage.getItem(DISCLAIMER_STORAGE_KEY)).toBe('true');
  });

  it('when the visitor accepted earlier, then the bar does not show', () => {
    window.localStorage.setItem(DISCLAIMER_STORAGE_KEY, 'true');
    render(<DisclaimerBar />);
    expect(bar()).not.toBeInTheDocument();
  });

  it('when the flag exists with any value, then the bar does not show', () => {
    window.localStorage.setItem(DISCLAIMER_STORAGE_KEY, '');
    render(<DisclaimerBar />);
    expect(bar()).not.toBeInTheDocument();
  });

  it('when the visitor closes the bar, then it hides for this view only and nothing is stored', async () => {
    const user = userEvent.setup();
    const first = render(<DisclaimerBar />);
    await user.click(screen.getByRole('button', { name: DISCLAIMER.closeLabel }));
    expect(bar()).not.toBeInTheDocument();
    expect(window.localStorage.getItem(DISCLAIMER_STORAGE_KEY)).toBeNull();

    first.unmount();
    render(<DisclaimerBar />);
    expect(bar()).toBeInTheDocument();
  });

  it('when the visitor opens the link, then the Disclaimer modal shows the full text and Esc closes it', async () => {
    const user = userEvent.setup();
    render(<DisclaimerBar />);
    const link = screen.getByRole('button', { name: DISCLAIMER.barLinkLabel });
    await user.click(link);
    const dialog = screen.getByRole('dialog', { name: DISCLAIMER.modalTitle });
    for (const paragraph of DISCLAIMER.modalParagraphs) {
      expect(within(dialog).getByText(paragraph)).toBeInTheDocument();
    }
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: DISCLAIMER.modalTitle })).not.toBeInTheDocument();
    expect(link).toHaveFocus();
    expect(bar()).toBeInTheDocument();
  });

  it('when the visitor accepts inside the modal, then the modal and the bar both go', async () => {
    const user = userEvent.setup();
    render(<DisclaimerBar />);
    await user.click(screen.getByRole('button', { name: DISCLAIMER.barLinkLabel }));
    const dialog = screen.getByRole('dialog', { name: DISCLAIMER.modalTitle });
    await user.click(within(dialog).getByRole('button', { name: DISCLAIMER.accept }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(bar()).not.toBeInTheDocument();
    expect(window.localStorage.getItem(DISCLAIMER_STORAGE_KEY)).toBe('true');
  });
});

describe('head check before the first paint', () => {
  function runHeadScript() {
    // Runs the very text the prerendered <head> carries; jsdom does not execute inline scripts.
    // eslint-disable-next-line @typescript-eslint/no-implied-eval, @typescript-eslint/no-unsafe-call
    new Function(DISCLAIMER_PRECHECK_SCRIPT)();
  }

  it('when the visitor accepted earlier, then <html> is marked so CSS hides the bar before paint', () => {
    document.documentElement.classList.remove(DISCLAIMER_ACCEPTED_CLASS);
    window.localStorage.setItem(DISCLAIMER_STORAGE_KEY, 'true');
    runHeadScript();
    expect(document.documentElement).toHaveClass(DISCLAIMER_ACCEPTED_CLASS);
    document.documentElement.classList.remove(DISCLAIMER_ACCEPTED_CLASS);
  });

  it('when the visitor is new, then <html> is left alone', () => {
    document.documentElement.classList.remove(DISCLAIMER_ACCEPTED_CLASS);
    runHeadScript();
    expect(document.documentElement).not.toHaveClass(DISCLAIMER_ACCEPTED_CLASS);
  });
});
