import { BROCHURE_FILE_NAME, BROCHURE_URL } from '../../content/site.ts';
import { BROCHURE_CONSENT_TEXT, MESSAGES } from '@iconia/shared';
import { act, fireEvent, renderHook, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { spyOnAlerts, spyOnDownloads } from '../../test/browser-spies.ts';
import { setupLeadApi } from '../../test/lead-api.ts';
import { renderPage } from '../../test/render-page.tsx';
import { useBrochureModal } from './brochure-modal-context.ts';
import { BrochureModalProvider } from './brochure-modal-provider.tsx';

const api = setupLeadApi();

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

function Openers() {
  const { openBrochure } = useBrochureModal();
  return (
    <>
      <button type="button" onClick={() => openBrochure('navigation')}>
        Open brochure
      </button>
      <button type="button" onClick={() => openBrochure('location')}>
        ENQUIRE NOW
      </button>
    </>
  );
}

/** Lets the event loop turn (real I/O, no timers) until `check` holds. */
async function until(check: () => boolean) {
  for (let turn = 0; turn < 1000 && !check(); turn += 1) {
    await new Promise((resolve) => setImmediate(resolve));
  }
}

type Options = Parameters<typeof renderPage>[1];

function showPage(options: Options = {}) {
  const page = renderPage(<Openers />, {
    path: '/gallery',
    wrap: (outlet) => <BrochureModalProvider>{outlet}</BrochureModalProvider>,
    ...options,
  });
  const { user } = page;

  async function open(variant: 'navigation' | 'location') {
    await user.click(
      screen.getByRole('button', {
        name: variant === 'navigation' ? 'Open brochure' : 'ENQUIRE NOW',
      }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Download Brochure' });
    const inDialog = within(dialog);
    const fields = {
      name: inDialog.getByRole('textbox', { name: 'Full name' }),
      mobile: inDialog.getByRole('textbox', { name: 'Mobile number' }),
      plotRange: inDialog.getByRole('combobox', { name: 'Plot range' }),
      agree: inDialog.getByRole('checkbox', { name: /agree to be contacted/ }),
    };
    async function fill({
      name = 'Asha Reddy',
      mobile = '9123456789',
      plotRange = '165 - 200 Sq. Yds',
      agree = true,
    } = {}) {
      if (name) await user.type(fields.name, name);
      if (mobile) await user.type(fields.mobile, mobile);
      if (plotRange) await user.selectOptions(fields.plotRange, plotRange);
      if (agree) await user.click(fields.agree);
    }
    const submit = () => user.click(inDialog.getByRole('button', { name: 'Download Brochure' }));
    return { dialog, fields, fill, submit };
  }

  return { ...page, open };
}

describe('Brochure modal', () => {
  it('when a page opens it, then a dialog titled "Download Brochure" shows the brochure form', async () => {
    const { open } = showPage();
    const { dialog } = await open('navigation');
    expect(dialog).toBeVisible();
    expect(within(dialog).getByRole('heading', { name: 'Download Brochure' })).toBeVisible();
  });

  it('when it is closed by its close button and opened again, then the form is empty', async () => {
    const { open, user } = showPage();
    const first = await open('navigation');
    await first.fill();
    await user.click(within(first.dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open brochure' })).toHaveFocus();
    const second = await open('navigation');
    expect(second.fields.name).toHaveValue('');
    expect(second.fields.mobile).toHaveValue('');
    expect(second.fields.plotRange).toHaveValue('');
    expect(second.fields.agree).not.toBeChecked();
  });

  it('when Escape closes it, then focus returns to the button that opened it', async () => {
    const { open, user } = showPage();
    await open('location');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'ENQUIRE NOW' })).toHaveFocus();
  });

  it('when it is dismissed by Escape and opened again, then what the visitor typed is still there', async () => {
    const { open, user } = showPage();
    const first = await open('navigation');
    await first.fill({ plotRange: '', agree: false });
    await user.keyboard('{Escape}');
    const second = await open('navigation');
    expect(second.fields.name).toHaveValue('Asha Reddy');
    expect(second.fields.mobile).toHaveValue('9123456789');
  });

  it('when it was dismissed and the other variant opens, then that form starts empty', async () => {
    const { open, user } = showPage();
    const first = await open('navigation');
    await first.fill({ plotRange: '', agree: false });
    await user.keyboard('{Escape}');
    const second = await open('location');
    expect(second.fields.name).toHaveValue('');
  });

  it('when a lead was sent and it opens again, then the form is empty', async () => {
    spyOnAlerts();
    spyOnDownloads();
    const { open, router } = showPage();
    const first = await open('navigation');
    await first.fill();
    await first.submit();
    expect(await screen.findByRole('heading', { name: 'Thank you' })).toBeVisible();
    await act(() => router.navigate('/gallery'));
    const second = await open('navigation');
    expect(second.fields.name).toHaveValue('');
    expect(second.fields.agree).not.toBeChecked();
  });

  it('when it shows its consent box, then the box reads exactly the notice each lead records', async () => {
    // A change of wording on the site needs a new notice version, or old leads would point at
    // words their visitors never saw.
    const { open } = showPage();
    const { dialog } = await open('navigation');
    expect(within(dialog).getByRole('checkbox', { name: BROCHURE_CONSENT_TEXT })).toBeVisible();
  });

  it('when it is used outside its provider, then the mistake is named', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useBrochureModal())).toThrow(/BrochureModalProvider/);
  });
});

describe('Brochure modal, navigation variant', () => {
  it('when the mobile field shows, then it takes ten digits with the "numbers only" hint', async () => {
    const { open } = showPage();
    const { fields } = await open('navigation');
    expect(fields.mobile).toHaveAttribute('maxlength', '10');
    expect(fields.mobile).toHaveAttribute('pattern', '[0-9]{10}');
    expect(fields.mobile).toHaveAttribute('inputmode', 'numeric');
    expect(fields.mobile).toHaveAttribute('autocomplete', 'tel-national');
    expect(fields.mobile).toHaveAccessibleDescription(MESSAGES.mobileHint);
  });

  it.each([
    ['the name', { name: '' }, 'name'],
    ['the mobile', { mobile: '' }, 'mobile'],
    ['the plot range', { plotRange: '' }, 'plotRange'],
    ['the consent', { agree: false }, 'agree'],
  ] as const)(
    'when %s is missing, then the alert asks to fill out all fields, inline too, and nothing is sent',
    async (_label, missing, field) => {
      const alerts = spyOnAlerts();
      const { open } = showPage();
      const { fields, fill, submit, dialog } = await open('navigation');
      await fill(missing);
      await submit();
      expect(alerts).toHaveBeenCalledExactlyOnceWith(MESSAGES.fillAllFields);
      expect(within(dialog).getByText(MESSAGES.fillAllFields)).toBeVisible();
      expect(fields[field]).toHaveAttribute('aria-invalid', 'true');
      expect(fields[field]).toHaveAccessibleDescription(
        expect.stringContaining(MESSAGES.fillAllFields),
      );
      expect(fields[field]).toHaveFocus();
      expect(api.received).toHaveLength(0);
    },
  );

  it('when the mobile is not ten digits, then the valid-number message shows on the field and nothing is sent', async () => {
    const alerts = spyOnAlerts();
    const { open } = showPage();
    const { fields, fill, submit } = await open('navigation');
    await fill({ mobile: '91234' });
    await submit();
    expect(fields.mobile).toHaveAttribute('aria-invalid', 'true');
    expect(fields.mobile).toHaveAccessibleDescription(
      expect.stringContaining(MESSAGES.invalidMobile),
    );
    expect(alerts).not.toHaveBeenCalled();
    expect(api.received).toHaveLength(0);
  });

  it('when the lead is sent, then it goes URL-encoded with source, page, campaign and an empty trap field, never agree', async () => {
    spyOnAlerts();
    spyOnDownloads();
    // The visitor lands from an ad; the campaign is read from the address bar on that landing.
    window.history.replaceState(
      null,
      '',
      '/gallery?utm_source=facebook&utm_campaign=diwali&utm_content=reel',
    );
    const { open } = showPage();
    const { fill, submit } = await open('navigation');
    await fill();
    await submit();
    await vi.waitFor(() => expect(api.received).toHaveLength(1));
    expect(api.received[0]).toEqual({
      endpoint: '/send-email',
      encoding: 'urlencoded',
      fields: {
        name: 'Asha Reddy',
        mobile: '9123456789',
        plotRange: '165 - 200 Sq. Yds',
        source: 'brochure-modal',
        page: '/gallery',
        utm_source: 'facebook',
        utm_campaign: 'diwali',
        utm_content: 'reel',
        landingPage: '/gallery',
        website: '',
      },
    });
  });

  it('when the lead is being sent, then the button reads Submitting... and is disabled', async () => {
    spyOnAlerts();
    const release = api.hold();
    api.replyWith('error', 500);
    const { open } = showPage();
    const { fill, submit, dialog } = await open('navigation');
    await fill();
    await submit();
    expect(await within(dialog).findByRole('button', { name: 'Submitting...' })).toBeDisabled();
    release();
    expect(await within(dialog).findByRole('button', { name: 'Download Brochure' })).toBeEnabled();
  });

  it.each(['success', 'SUCCESS', ' Success\n'])(
    'when the server answers %j, then the success alert shows, the brochure downloads, the modal closes and /thank-you follows at once',
    async (reply) => {
      api.replyWith(reply);
      const alerts = spyOnAlerts();
      const downloads = spyOnDownloads();
      const { open, router } = showPage();
      const { fill, submit } = await open('navigation');
      await fill();
      await submit();
      expect(await screen.findByRole('heading', { name: 'Thank you' })).toBeVisible();
      expect(router.state.location.pathname).toBe('/thank-you');
      expect(alerts).toHaveBeenCalledExactlyOnceWith(MESSAGES.brochureDownloading);
      expect(downloads()).toEqual([{ href: BROCHURE_URL, fileName: BROCHURE_FILE_NAME }]);
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    },
  );

  it('when the server refuses the lead, then the alert shows its text, inline too, and the values stay', async () => {
    api.replyWith('Please enter a valid 10-digit mobile number.', 400);
    const alerts = spyOnAlerts();
    const downloads = spyOnDownloads();
    const { open, router } = showPage();
    const { fields, fill, submit, dialog } = await open('navigation');
    await fill();
    await submit();
    const expected = `${MESSAGES.submissionFailedPrefix}Please enter a valid 10-digit mobile number.`;
    expect(await within(dialog).findByText(expected)).toBeVisible();
    expect(alerts).toHaveBeenCalledExactlyOnceWith(expected);
    expect(downloads()).toEqual([]);
    expect(router.state.location.pathname).toBe('/gallery');
    expect(dialog).toBeVisible();
    expect(fields.name).toHaveValue('Asha Reddy');
    expect(fields.mobile).toHaveValue('9123456789');
    expect(fields.plotRange).toHaveValue('165 - 200 Sq. Yds');
    expect(fields.agree).toBeChecked();
    expect(within(dialog).getByRole('button', { name: 'Download Brochure' })).toBeEnabled();
  });

  it('when the network fails, then the "check your internet" alert shows, inline too, and the values stay', async () => {
    api.failNetwork();
    const alerts = spyOnAlerts();
    const { open, router } = showPage();
    const { fields, fill, submit, dialog } = await open('navigation');
    await fill();
    await submit();
    expect(await within(dialog).findByText(MESSAGES.somethingWentWrong)).toBeVisible();
    expect(alerts).toHaveBeenCalledExactlyOnceWith(MESSAGES.somethingWentWrong);
    expect(router.state.location.pathname).toBe('/gallery');
    expect(fields.name).toHaveValue('Asha Reddy');
    expect(within(dialog).getByRole('button', { name: 'Download Brochure' })).toBeEnabled();
  });
});

describe('Brochure modal, location variant', () => {
  it('when the mobile is not ten digits, then it is still sent (no digit check), multipart, as location-modal', async () => {
    api.replyWith('Please enter a valid 10-digit mobile number.', 400);
    spyOnAlerts();
    const { open } = showPage({ path: '/location-highlights' });
    const { fields, fill, submit } = await open('location');
    expect(fields.mobile).not.toHaveAttribute('maxlength');
    expect(fields.mobile).not.toHaveAttribute('pattern');
    await fill({ mobile: '+91 98480 12345' });
    await submit();
    await vi.waitFor(() => expect(api.received).toHaveLength(1));
    expect(api.received[0]).toEqual({
      endpoint: '/send-email',
      encoding: 'multipart',
      fields: {
        name: 'Asha Reddy',
        mobile: '+91 98480 12345',
        plotRange: '165 - 200 Sq. Yds',
        source: 'location-modal',
        page: '/location-highlights',
        // The window's own address: the test router shows the page without moving it.
        landingPage: '/',
        website: '',
      },
    });
  });

  it.each([
    ['the name', { name: '' }, 'name', MESSAGES.nameRequired],
    ['the mobile', { mobile: '' }, 'mobile', 'Please enter your mobile number.'],
    ['the plot range', { plotRange: '' }, 'plotRange', MESSAGES.plotRangeRequired],
    ['the consent', { agree: false }, 'agree', 'Please tick the box to agree to be contacted.'],
  ] as const)(
    'when %s is missing, then that field says so, no alert, and nothing is sent',
    async (_label, missing, field, message) => {
      const alerts = spyOnAlerts();
      const { open } = showPage();
      const { fields, fill, submit } = await open('location');
      await fill(missing);
      await submit();
      expect(fields[field]).toHaveAttribute('aria-invalid', 'true');
      expect(fields[field]).toHaveAccessibleDescription(message);
      expect(fields[field]).toHaveFocus();
      expect(alerts).not.toHaveBeenCalled();
      expect(api.received).toHaveLength(0);
    },
  );

  it('when the server says success, then the brochure downloads and the modal closes, and /thank-you follows 1500 ms later', async () => {
    const downloads = spyOnDownloads();
    const alerts = spyOnAlerts();
    const { open, router } = showPage();
    const { fill, dialog } = await open('location');
    await fill();
    // From here the clock only moves when the test says so. user-event waits on timers between
    // steps, so the last click is a plain event.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Download Brochure' }));
    // Testing Library's own waiting needs the faked clock, so wait on the event loop instead.
    await act(() => until(() => downloads().length > 0));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(downloads()).toEqual([{ href: BROCHURE_URL, fileName: BROCHURE_FILE_NAME }]);
    expect(alerts).not.toHaveBeenCalled();

    act(() => {
      vi.advanceTimersByTime(1499);
    });
    expect(router.state.location.pathname).toBe('/gallery');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(router.state.location.pathname).toBe('/thank-you');
  });

  it('when the server does not say success, then the "Email failed" alert shows, inline too, and the values stay', async () => {
    api.replyWith('error', 500);
    const alerts = spyOnAlerts();
    const downloads = spyOnDownloads();
    const { open, router } = showPage();
    const { fields, fill, submit, dialog } = await open('location');
    await fill();
    await submit();
    expect(await within(dialog).findByText(MESSAGES.emailFailed)).toBeVisible();
    expect(alerts).toHaveBeenCalledExactlyOnceWith(MESSAGES.emailFailed);
    expect(downloads()).toEqual([]);
    expect(router.state.location.pathname).toBe('/gallery');
    expect(fields.name).toHaveValue('Asha Reddy');
    expect(fields.agree).toBeChecked();
    expect(within(dialog).getByRole('button', { name: 'Download Brochure' })).toBeEnabled();
  });

  it('when the network fails, then "Submission failed. Try again later." shows as an alert and inline', async () => {
    api.failNetwork();
    const alerts = spyOnAlerts();
    const { open, router } = showPage();
    const { fields, fill, submit, dialog } = await open('location');
    await fill();
    await submit();
    expect(await within(dialog).findByText(MESSAGES.submissionFailedLater)).toBeVisible();
    expect(alerts).toHaveBeenCalledExactlyOnceWith(MESSAGES.submissionFailedLater);
    expect(router.state.location.pathname).toBe('/gallery');
    expect(fields.mobile).toHaveValue('9123456789');
  });
});
