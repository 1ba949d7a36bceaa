import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Dialog } from './dialog.tsx';

function Harness({ closeOnBackdrop }: { closeOnBackdrop?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open brochure
      </button>
      <Dialog
        id="brochure-dialog"
        open={open}
        onClose={() => setOpen(false)}
        title="Download Brochure"
        closeOnBackdrop={closeOnBackdrop}
      >
        <label>
          Name <input name="name" />
        </label>
      </Dialog>
    </>
  );
}

async function openDialog() {
  const user = userEvent.setup();
  render(<Harness />);
  await user.click(screen.getByRole('button', { name: 'Open brochure' }));
  return user;
}

describe('Dialog', () => {
  it('when it is closed, then nothing of it is shown', () => {
    render(<Harness />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('when it opens, then it is a modal dialog named by its title heading', async () => {
    await openDialog();
    const dialog = screen.getByRole('dialog', { name: 'Download Brochure' });
    expect(dialog).toHaveAttribute('open');
    expect(screen.getByRole('heading', { level: 2, name: 'Download Brochure' })).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Name' })).toBeVisible();
  });

  it('when the header close button is pressed, then it closes and focus returns to the opener', async () => {
    const user = await openDialog();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open brochure' })).toHaveFocus();
  });

  it('when Escape is pressed, then it closes and focus returns to the opener', async () => {
    const user = await openDialog();
    await user.click(screen.getByRole('textbox', { name: 'Name' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open brochure' })).toHaveFocus();
  });

  it('when the backdrop is clicked, then it closes', async () => {
    const user = await openDialog();
    await user.click(screen.getByRole('dialog'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('when a click lands inside the box, then it stays open', async () => {
    const user = await openDialog();
    await user.click(screen.getByRole('heading', { name: 'Download Brochure' }));
    await user.click(screen.getByRole('textbox', { name: 'Name' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('when backdrop closing is off, then a backdrop click leaves it open', async () => {
    const user = userEvent.setup();
    render(<Harness closeOnBackdrop={false} />);
    await user.click(screen.getByRole('button', { name: 'Open brochure' }));
    await user.click(screen.getByRole('dialog'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('when it is open, then the page behind does not scroll, and scrolls again once closed', async () => {
    document.documentElement.style.overflow = 'auto';
    const user = await openDialog();
    expect(document.documentElement.style.overflow).toBe('hidden');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(document.documentElement.style.overflow).toBe('auto');
  });

  it.each([
    ['the close button', 'close-button'],
    ['Escape', 'escape'],
    ['a click outside', 'backdrop'],
  ] as const)('when closed by %s, then the owner learns how', async (_how, reason) => {
    const onClose = vi.fn();
    const user = userEvent.setup();
    render(
      <Dialog id="contact-dialog" open onClose={onClose} title="Contact Us">
        <p>Office</p>
      </Dialog>,
    );
    if (reason === 'close-button') await user.click(screen.getByRole('button', { name: 'Close' }));
    if (reason === 'escape') await user.keyboard('{Escape}');
    if (reason === 'backdrop') await user.click(screen.getByRole('dialog'));
    expect(onClose).toHaveBeenCalledExactlyOnceWith(reason);
  });

  it('when the browser closes it on its own, then the owner is told', async () => {
    const onClose = vi.fn();
    render(
      <Dialog id="contact-dialog" open onClose={onClose} title="Contact Us">
        <p>Office</p>
      </Dialog>,
    );
    const dialog = screen.getByRole<HTMLDialogElement>('dialog');
    dialog.close();
    await vi.waitFor(() => expect(onClose).toHaveBeenCalledExactlyOnceWith('browser'));
  });
});
