import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { LeadRow } from '../lib/types.ts';
import { LeadList } from './lead-list.tsx';

function lead(overrides: Partial<LeadRow>): LeadRow {
  return {
    id: 1,
    buyerId: 1,
    enquiries: 1,
    origin: 'site',
    receivedAt: new Date(Date.now() - 4 * 60_000).toISOString(),
    kind: 'brochure',
    form: 'brochure-modal',
    name: 'Asha Rao',
    mobile: '+919876543210',
    problems: [],
    plotRange: '200 - 300 Sq. Yds',
    location: null,
    utmSource: null,
    utmCampaign: null,
    buyerSaid: { plotRange: '200 - 300 Sq. Yds', location: null, message: null, campaigns: [] },
    stage: 'new',
    owner: null,
    followUpAt: null,
    erased: false,
    held: false,
    whatsappWaiting: 0,
    whatsappWaitingSince: null,
    brokerClaim: null,
    ...overrides,
  };
}

function renderList(leads: LeadRow[]) {
  const router = createMemoryRouter([
    { path: '/', element: <LeadList label="Leads" leads={leads} empty="No leads yet." /> },
  ]);
  render(<RouterProvider router={router} />);
}

describe('LeadList', () => {
  it('when a lead is listed, then its row shows name, mobile, plot range, form, age, owner and stage', () => {
    renderList([lead({})]);

    const row = screen.getByRole('listitem');
    expect(within(row).getByRole('link', { name: 'Asha Rao' })).toHaveAttribute('href', '/leads/1');
    for (const text of [
      '+91 98765 43210',
      '200 - 300 Sq. Yds',
      'Download Brochure pop-up',
      '4 min ago',
      'Unassigned',
      'New',
    ]) {
      expect(within(row).getByText(text)).toBeInTheDocument();
    }
  });

  it('when a site post named no form, then its row says "Website, no form named", and a partner lead names the partner', () => {
    renderList([
      lead({ id: 1, buyerId: 1, form: null }),
      lead({ id: 2, buyerId: 2, origin: 'partner:acme', kind: 'enquiry', form: null }),
    ]);

    const [site, partner] = screen.getAllByRole('listitem');
    expect(within(site!).getByText('Website, no form named')).toBeInTheDocument();
    expect(within(partner!).getByText('Partner: acme')).toBeInTheDocument();
  });

  it('when a contact enquiry has an owner, then its row shows the location and the owner', () => {
    renderList([
      lead({
        kind: 'contact',
        form: 'contact-form',
        plotRange: null,
        location: 'Kukatpally',
        buyerSaid: { plotRange: null, location: 'Kukatpally', message: null, campaigns: [] },
        owner: { id: 3, name: 'Arjun' },
        stage: 'visit_scheduled',
      }),
    ]);

    const row = screen.getByRole('listitem');
    expect(within(row).getByText('Kukatpally')).toBeInTheDocument();
    expect(within(row).getByText('Owner: Arjun')).toBeInTheDocument();
    expect(within(row).getByText('Site visit scheduled')).toBeInTheDocument();
  });

  it('when a buyer sent several enquiries, then their one row says how many beside the latest form', () => {
    renderList([lead({ id: 9, buyerId: 4, enquiries: 3 })]);

    const row = screen.getByRole('listitem');
    expect(within(row).getByRole('link', { name: 'Asha Rao' })).toHaveAttribute('href', '/leads/9');
    expect(within(row).getByText('Download Brochure pop-up · 3 enquiries')).toBeInTheDocument();
  });

  it("when a buyer's latest enquiry said nothing but an earlier one wrote a message through a campaign, then the row shows the message and the campaign", () => {
    renderList([
      lead({
        origin: 'partner:acme',
        kind: 'enquiry',
        form: null,
        enquiries: 2,
        plotRange: null,
        buyerSaid: {
          plotRange: null,
          location: null,
          message: 'Looking for 300 sq. yds, call after 6 pm',
          campaigns: [
            { utmSource: 'acme', utmCampaign: 'nov-expo' },
            { utmSource: 'google', utmCampaign: null },
          ],
        },
      }),
    ]);

    const row = screen.getByRole('listitem');
    expect(within(row).getByText('“Looking for 300 sq. yds, call after 6 pm”')).toBeInTheDocument();
    expect(within(row).getByText('Campaigns: acme / nov-expo, google')).toBeInTheDocument();
    expect(within(row).queryByText('No plot range or location')).not.toBeInTheDocument();
  });

  it('when none of the buyer’s enquiries gave a plot range, location or message, then the row says so', () => {
    renderList([
      lead({
        plotRange: null,
        buyerSaid: { plotRange: null, location: null, message: null, campaigns: [] },
      }),
    ]);

    expect(
      within(screen.getByRole('listitem')).getByText('No plot range or location'),
    ).toBeInTheDocument();
  });

  it('when a lead was erased, then its row shows neither name nor mobile', () => {
    renderList([
      lead({
        erased: true,
        name: '',
        mobile: '',
        plotRange: null,
        buyerSaid: { plotRange: null, location: null, message: null, campaigns: [] },
      }),
    ]);

    const row = screen.getByRole('listitem');
    expect(within(row).getByRole('link', { name: 'Erased lead' })).toBeInTheDocument();
    expect(within(row).queryByText(/\+91/)).not.toBeInTheDocument();
  });

  it('when a lead is held over the address limit, then its row says Held beside the stage', () => {
    renderList([lead({ held: true })]);

    const row = screen.getByRole('listitem');
    expect(within(row).getByText('Held')).toBeInTheDocument();
    expect(within(row).getByText('New')).toBeInTheDocument();
  });

  it('when there are no leads, then the empty message says so', () => {
    renderList([]);

    expect(screen.getByText('No leads yet.')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });
});
