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
  const page = renderPage(<LeadForm variant="contact" />, { path: '/contact' });
  const { user } = page;
  const fields = {
    name: screen.getByRole('textbox', { name: 'Full name' }),
    mobile: screen.getByRole('textbox', { name: 'Mobile number' }),
    location: screen.getByRole('textbox', { name: /Your location/ }),
  };
  async function fill({ name = 'Kiran Rao', mobile = '9988776655', location = '' } = {}) {
    if (name) await user.type(fields.name, name);
    if (mobile) await user.type(fields.mobile, mobile);
    if (location) await user.type(fields.location, location);
  }
  const submit = () => user.click(screen.getByRole('button', { name: 'Submit' }));
  return { ...page, fields, fill, submit };
}

describe('LeadForm, contact variant', () => {
  it('when the form is shown, then it is named Enquire Now and its location is marked optional', () => {
    const { fields } = showForm();
    expect(screen.getByRole('form', { name: 'Enquire Now' })).toBeInTheDocument();
    expect(fields.location).not.toBeRequired();
    expect(fields.mobile).toHaveAttribute('type', 'text');
    expect(fields.mobile).toHaveAttribute('inputmode', 'numeric');
    expect(fields.mobile).toHaveAttribute('autocomplete', 'tel-national');
    expect(fields.mobile).not.toHaveAttribute('maxlength');
  });

  it('when the name is missing, then the field says so and nothing is sent', async () => {
    const { fields, fill, submit } = showForm();
    await fill({ name: '' });
    await submit();
    expect(fields.name).toHaveAttribute('aria-invalid', 'true');
    expect(fields.name).toHaveAccessibleDescription(MESSAGES.nameRequired);
    expect(fields.name).toHaveFocus();
    expect(api.received).toHaveLength(0);
  });

  it('when the mobile is missing, then the field says so and nothing is sent', async () => {
    const { fields, fill, submit } = showForm();
    await fill({ mobile: '' });
    await submit();
    expect(fields.mobile).toHaveAttribute('aria-invalid', 'true');
    expect(fields.mobile).toHaveAccessibleDescription('Please enter your mobile number.');
    expect(api.received).toHaveLength(0);
  });

  it('when the mobile is in any format, then it is sent as typed (no format check) with the location, multipart', async () => {
    captureAttribution({
      search: '?utm_source=newsletter&utm_term=villa+plots',
      path: '/',
      referrer: '',
    });
    const { fill, submit } = showForm();
    await fill({ mobile: '098480-12345', location: 'Kukatpally' });
    await submit();
    await vi.waitFor(() => expect(api.received).toHaveLength(1));
    expect(api.received[0]).toEqual({
      endpoint: '/contact-form',
      encoding: 'multipart',
      fields: {
        name: 'Kiran Rao',
        mobile: '098480-12345',
        location: 'Kukatpally',
        source: 'contact-form',
        page: '/contact',
        utm_source: 'newsletter',
        utm_term: 'villa plots',
        landingPage: '/',
        website: '',
      },
    });
  });

  it('when the lead is being sent, then the button reads Submitting... and is disabled', async () => {
    spyOnAlerts();
    const release = api.hold();
    api.replyWith('error', 500);
    const { fill, submit } = showForm();
    await fill();
    await submit();
    expect(await screen.findByRole('button', { name: 'Submitting...' })).toBeDisabled();
    release();
    expect(await screen.findByRole('button', { name: 'Submit' })).toBeEnabled();
  });

  it.each(['success', 'Success', ' SUCCESS \n'])(
    'when the server answers %j, then /thank-you shows and nothing is downloaded',
    async (reply) => {
      api.replyWith(reply);
      const downloads = spyOnDownloads();
      const alerts = spyOnAlerts();
      const { fill, submit, router } = showForm();
      await fill();
      await submit();
      expect(await screen.findByRole('heading', { name: 'Thank you' })).toBeVisible();
      expect(router.state.location.pathname).toBe('/thank-you');
      expect(downloads()).toEqual([]);
      expect(alerts).not.toHaveBeenCalled();
    },
  );

  it('when the server refuses, then the alert gives its response, inline too, and the values stay', async () => {
    api.replyWith('Too many requests. Please try again in a few minutes.', 429);
    const alerts = spyOnAlerts();
    const { fields, fill, submit, router } = showForm();
    await fill({ location: 'Shadnagar' });
    await submit();
    const expected = `${MESSAGES.contactFailedPrefix}Too many requests. Please try again in a few minutes.`;
    expect(await screen.findByText(expected)).toBeVisible();
    expect(alerts).toHaveBeenCalledExactlyOnceWith(expected);
    expect(screen.getByRole('form')).toHaveAccessibleDescription(expected);
    expect(router.state.location.pathname).toBe('/contact');
    expect(fields.name).toHaveValue('Kiran Rao');
    expect(fields.mobile).toHaveValue('9988776655');
    expect(fields.location).toHaveValue('Shadnagar');
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
  });

  it('when the network fails, then "Failed to submit form. Please try again." shows as an alert and inline', async () => {
    api.failNetwork();
    const alerts = spyOnAlerts();
    const { fields, fill, submit, router } = showForm();
    await fill();
    await submit();
    expect(await screen.findByText(MESSAGES.contactNetworkFailed)).toBeVisible();
    expect(alerts).toHaveBeenCalledExactlyOnceWith(MESSAGES.contactNetworkFailed);
    expect(router.state.location.pathname).toBe('/contact');
    expect(fields.name).toHaveValue('Kiran Rao');
  });
});
