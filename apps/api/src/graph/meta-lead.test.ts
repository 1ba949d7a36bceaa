import { describe, expect, it } from 'vitest';
import { toMetaEnquiry } from './meta-lead.ts';

const RECEIVED_AT = Date.parse('2026-11-21T10:15:00Z');

describe('a Graph lead read into an enquiry', () => {
  it('when the form asks the standard and custom questions, then name, E.164 mobile and email are the lead’s, the rest answers, the ad ids attribution', () => {
    const enquiry = toMetaEnquiry(
      {
        id: '900000000000001',
        created_time: '2026-11-21T10:14:02+0000',
        field_data: [
          { name: 'full_name', values: ['Asha Rao'] },
          { name: 'phone_number', values: ['+919876543210'] },
          { name: 'email', values: ['asha@example.com'] },
          { name: 'which_plot_size_suits_you?', values: ['200 - 300 Sq. Yds'] },
          { name: 'when_can_you_visit?', values: ['Saturday', 'Sunday'] },
        ],
        ad_id: '120200000000003',
        adset_id: '120200000000004',
        campaign_id: '120200000000005',
        form_id: '330000000000002',
      },
      RECEIVED_AT,
    );

    expect(enquiry).toEqual({
      origin: 'meta',
      externalId: '900000000000001',
      name: 'Asha Rao',
      mobile: '+919876543210',
      email: 'asha@example.com',
      campaign: {
        utm_source: 'meta',
        utm_medium: 'lead_ad',
        utm_campaign: '120200000000005',
        utm_term: '120200000000004',
        utm_content: '120200000000003',
      },
      answers: {
        'which_plot_size_suits_you?': '200 - 300 Sq. Yds',
        'when_can_you_visit?': 'Saturday, Sunday',
      },
      receivedAt: RECEIVED_AT,
      test: false,
      problems: [],
    });
  });

  it('when the name comes as first and last name and the number from abroad, then both are read', () => {
    const enquiry = toMetaEnquiry(
      {
        id: '900000000000002',
        field_data: [
          { name: 'first_name', values: ['Vikram'] },
          { name: 'last_name', values: ['Shah'] },
          { name: 'phone_number', values: ['+447911123456'] },
        ],
      },
      RECEIVED_AT,
    );

    expect(enquiry).toMatchObject({ name: 'Vikram Shah', mobile: '+447911123456', answers: {} });
  });

  it('when the phone number is not one, then the lead is kept without a mobile and says why', () => {
    const enquiry = toMetaEnquiry(
      {
        id: '900000000000003',
        field_data: [
          { name: 'full_name', values: ['Asha Rao'] },
          { name: 'phone_number', values: ['12345'] },
        ],
      },
      RECEIVED_AT,
    );

    expect(enquiry).toMatchObject({
      name: 'Asha Rao',
      mobile: '',
      problems: ['Number not valid: 12345'],
      test: false,
    });
  });
});
