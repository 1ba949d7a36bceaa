import { MESSAGES } from '@iconia/shared';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureAttribution } from '../../lib/attribution.ts';
import { spyOnAlerts, spyOnDownloads } from '../../test/browser-spies.ts';
import { setupLeadApi } from '../../test/lead-api.ts';
import { renderPage } from '../../test/render-page.tsx';
import { LeadForm } from './lead-form.tsx';

const api = setupLeadApi();

afterEach(() => {
  vi.restoreAllMocks();
});

function showForm() {
  const page = renderPage(<LeadForm variant="inline" />, { path: '/' });
  const { user } = page;
  const fields = {
    name: screen.getByRole('textbox', { name: 'Full name' }),
    mobile: screen.getByRole('textbox', { name: 'Mobile number' }),
    plotRange: screen.getByRole('combobox', { name: /Plot range/ }),
    agree: screen.getByRole('checkbox', { name: /agree to be contacted/ }),
  };
  async function fill({
    name = 'Ravi Kumar',
    mobile = '9876543210',
    plotRange = '',
    agree = true,
  } = {}) {
    if (name) await user.type(fields.name, name);
    if (mobile) await user.type(fields.mobile, mobile);
    if (plotRange) await user.selectOptions(fields.plotRange, plotRange);
    if (agree) await user.click(fields.agree);
  }
  const submit = () => user.click(screen.getByRole('button', { name: 'Submit' }));
  return { ...page, fields, fill, submit };
}

describe('LeadForm, inline brochure variant', () => {
  it('when the form is shown, then its fields have visible labels and phone-friendly inputs', () => {
    const { fields } = showForm();
    expect(fields.mobile).toHaveAttribute('type', 'text');
    expect(fields.mobile).toHaveAttribute('inputmode', 'numeric');
    expect(fields.mobile).toHaveAttribute('autocomplete', 'tel-national');
    expect(fields.mobile).toHaveAttribute('maxlength', '10');
    expect(fields.name).toHaveAttribute('autocomplete', 'name');
    expect(screen.getByRole('option', { name: 'Select plot range' })).toBeInTheDocument();
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Select plot range',
      '165 - 200 Sq. Yds',
      '200 - 300 Sq. Yds',
      '300 - 400 Sq. Yds',
    ]);
  });

  it('when the mobile has fewer than 10 digits, then the inline message shows on the field and nothing is sent', async () => {
    const { fields, fill, submit } = showForm();
    await fill({ mobile: '98765' });
    await submit();
    expect(screen.getByText(MESSAGES.invalidMobile)).toBeVisible();
    expect(fields.mobile).toHaveAttribute('aria-invalid', 'true');
    expect(fields.mobile).toHaveAccessibleDescription(
      expect.stringContaining(MESSAGES.invalidMobile),
    );
    expect(fields.mobile).toHaveFocus();
    expect(api.received).toHaveLength(0);
  });

  it('when the mobile holds letters, then it is refused with the same message', async () => {
    const { fill, submit } = showForm();
    await fill({ mobile: '98765abcde' });
    await submit();
    expect(screen.getByText(MESSAGES.invalidMobile)).toBeVisible();
    expect(api.received).toHaveLength(0);
  });

  it('when the name is missing, then the name is asked for and nothing is sent', async () => {
    const { fields, fill, submit } = showForm();
    await fill({ name: '' });
    await submit();
    expect(fields.name).toHaveAccessibleDescription(MESSAGES.nameRequired);
    expect(fields.name).toHaveFocus();
    expect(api.received).toHaveLength(0);
  });

  it('when the consent box is not ticked, then consent is asked for and nothing is sent', async () => {
    const { fields, fill, submit } = showForm();
    await fill({ agree: false });
    await submit();
    expect(fields.agree).toHaveAttribute('aria-invalid', 'true');
    expect(fields.agree).toHaveAccessibleDescription(/tick the box/);
    expect(api.received).toHaveLength(0);
  });

  it('when no plot range is chosen, then the lead is still sent, multipart, without agree', async () => {
    const { fill, submit, router } = showForm();
    await fill();
    await submit();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/thank-you'));
    expect(api.received).toEqual([
      {
        endpoint: '/send-email',
        encoding: 'multipart',
        fields: {
          name: 'Ravi Kumar',
          mobile: '9876543210',
          plotRange: '',
          source: 'inline-brochure',
          page: '/',
          website: '',
        },
      },
    ]);
  });

  it('when the visitor came from a campaign, then the lead carries it with the landing page and referrer', async () => {
    captureAttribution({
      search: '?utm_source=google&utm_medium=cpc&utm_campaign=plots&gclid=abc123&fbclid=IwAR0x',
      path: '/location',
      referrer: 'https://www.google.com/',
    });
    const { fill, submit } = showForm();
    await fill({ plotRange: '200 - 300 Sq. Yds' });
    await submit();
    await vi.waitFor(() => expect(api.received).toHaveLength(1));
    expect(api.received[0]?.fields).toMatchObject({
      plotRange: '200 - 300 Sq. Yds',
      utm_source: 'google',
      utm_medium: 'cpc',
      utm_campaign: 'plots',
      gclid: 'abc123',
      fbclid: 'IwAR0x',
      landingPage: '/location',
      referrer: 'https://www.google.com/',
    });
    expect(api.received[0]?.fields).not.toHaveProperty('agree');
  });

  it('when the lead is being sent, then the button reads Submitting... and is disabled, then idle again', async () => {
    const release = api.hold();
    api.replyWith('error', 500);
    const { fill, submit } = showForm();
    await fill();
    await submit();
    const busy = await screen.findByRole('button', { name: 'Submitting...' });
    expect(busy).toBeDisabled();
    release();
    const idle = await screen.findByRole('button', { name: 'Submit' });
    expect(idle).toBeEnabled();
  });

  it('when the server says success, then the page scrolls up and /thank-you shows, with no download', async () => {
    const scroll = vi.spyOn(window, 'scrollTo');
    const downloads = spyOnDownloads();
    const { fill, submit, router } = showForm();
    await fill();
    await submit();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/thank-you'));
    expect(scroll).toHaveBeenCalledWith({ top: 0 });
    expect(downloads()).toEqual([]);
    expect(await screen.findByRole('heading', { name: 'Thank you' })).toBeVisible();
  });

  it('when the server answers "Success" in another case, then it is not taken as success', async () => {
    api.replyWith('Success');
    const { fill, submit, router } = showForm();
    await fill();
    await submit();
    expect(await screen.findByText(MESSAGES.emailFailed)).toBeVisible();
    expect(router.state.location.pathname).toBe('/');
  });

  it('when the server answers with spaces around success, then it is success', async () => {
    api.replyWith('  success\n');
    const { fill, submit, router } = showForm();
    await fill();
    await submit();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/thank-you'));
  });

  it('when the server does not say success, then the red inline message shows, no alert, and the values stay', async () => {
    const alerts = spyOnAlerts();
    api.replyWith('error', 500);
    const { fields, fill, submit, router } = showForm();
    await fill({ plotRange: '300 - 400 Sq. Yds' });
    await submit();
    const message = await screen.findByText(MESSAGES.emailFailed);
    expect(message.closest('[role="alert"]')).toBeInTheDocument();
    expect(screen.getByRole('form')).toHaveAccessibleDescription(MESSAGES.emailFailed);
    expect(alerts).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/');
    expect(fields.name).toHaveValue('Ravi Kumar');
    expect(fields.mobile).toHaveValue('9876543210');
    expect(fields.plotRange).toHaveValue('300 - 400 Sq. Yds');
    expect(fields.agree).toBeChecked();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
  });

  it('when the network fails, then "Submission failed. Try again later." shows inline and the values stay', async () => {
    const alerts = spyOnAlerts();
    api.failNetwork();
    const { fields, fill, submit, router } = showForm();
    await fill();
    await submit();
    expect(await screen.findByText(MESSAGES.submissionFailedLater)).toBeVisible();
    expect(alerts).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/');
    expect(fields.name).toHaveValue('Ravi Kumar');
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
  });

  it('when a bot fills the hidden website field, then it is sent as filled', async () => {
    const { fill, submit, container } = showForm();
    const trap = container.querySelector<HTMLInputElement>('input[name="website"]');
    expect(trap).toHaveAttribute('tabindex', '-1');
    expect(trap?.closest('[aria-hidden="true"]')).not.toBeNull();
    trap!.value = 'https://spam.example';
    await fill();
    await submit();
    await vi.waitFor(() => expect(api.received).toHaveLength(1));
    expect(api.received[0]?.fields.website).toBe('https://spam.example');
  });
});
