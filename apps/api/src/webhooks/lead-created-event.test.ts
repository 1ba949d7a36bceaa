import { CONSENT_NOTICES } from '@iconia/shared';
import { describe, expect, it } from 'vitest';
import { leadCreatedEvent } from './lead-created-event.ts';

const RECEIVED = Date.parse('2026-11-21T10:15:30.250Z');

describe('the lead.created event', () => {
  it('when an enquiry came from a channel with a number abroad, then its origin, email, message and answers are in the event', () => {
    const { data } = leadCreatedEvent({
      publicId: 'b2',
      buyerId: 9,
      kind: 'enquiry',
      origin: 'google_ads',
      name: 'Kiran Rao',
      mobile: '+14155550123',
      email: 'kiran@example.com',
      message: 'Call after 6 pm IST',
      answers: { 'Which plot size are you looking for?': '300 - 400 Sq. Yds' },
      attribution: { utm_source: 'google', gclid: 'gcl-1' },
      receivedAt: RECEIVED,
    });

    expect(data).toMatchObject({
      kind: 'enquiry',
      origin: 'google_ads',
      mobile: '+14155550123',
      mobileE164: '+14155550123',
      email: 'kiran@example.com',
      message: 'Call after 6 pm IST',
      answers: { 'Which plot size are you looking for?': '300 - 400 Sq. Yds' },
      form: null,
    });
  });

  it('when a channel stored an Indian number in E.164, then mobile is its ten digits', () => {
    const { data } = leadCreatedEvent({
      publicId: 'c3',
      buyerId: 10,
      kind: 'enquiry',
      origin: 'meta',
      name: 'Asha',
      mobile: '+919876543210',
      attribution: {},
      receivedAt: RECEIVED,
    });

    expect([data.mobile, data.mobileE164, data.answers]).toEqual([
      '9876543210',
      '+919876543210',
      {},
    ]);
  });

  it('when a brochure lead came from a campaign, then every stored field and the project are in the event', () => {
    const event = leadCreatedEvent({
      publicId: '3f0c8a5e-6b1d-4e2f-9a7c-2d4b6e8f0a1c',
      buyerId: 7,
      kind: 'brochure',
      origin: 'site',
      name: 'Asha Rao',
      mobile: '+919876543210',
      plotRange: '200 - 300 Sq. Yds',
      attribution: {
        source: 'brochure-modal',
        page: '/amenities',
        utm_source: 'google',
        utm_medium: 'cpc',
        utm_campaign: 'villa-plots-hyd',
        utm_term: 'villa plots',
        utm_content: 'ad-2',
        gclid: 'Cj0KCQ',
        fbclid: 'IwAR0abc',
        landingPage: '/location',
        referrer: 'https://www.google.com/',
      },
      receivedAt: RECEIVED,
      consentNotice: 'brochure-consent-v1',
    });

    expect(event).toEqual({
      type: 'lead.created',
      timestamp: '2026-11-21T10:15:30.250Z',
      data: {
        id: '3f0c8a5e-6b1d-4e2f-9a7c-2d4b6e8f0a1c',
        buyerId: 7,
        kind: 'brochure',
        origin: 'site',
        name: 'Asha Rao',
        mobile: '9876543210',
        mobileE164: '+919876543210',
        problems: [],
        email: null,
        message: null,
        answers: {},
        plotRange: '200 - 300 Sq. Yds',
        location: null,
        form: 'brochure-modal',
        page: '/amenities',
        campaign: {
          utm_source: 'google',
          utm_medium: 'cpc',
          utm_campaign: 'villa-plots-hyd',
          utm_term: 'villa plots',
          utm_content: 'ad-2',
          gclid: 'Cj0KCQ',
        },
        fbclid: 'IwAR0abc',
        landingPage: '/location',
        referrer: 'https://www.google.com/',
        project: 'Elegant Iconia',
        consent: {
          notice: 'brochure-consent-v1',
          text: CONSENT_NOTICES['brochure-consent-v1'],
        },
        receivedAt: '2026-11-21T15:45:30+05:30',
      },
    });
  });

  it('when a contact enquiry came without form or campaign, then those keys are present as null', () => {
    const { data } = leadCreatedEvent({
      publicId: 'a1',
      buyerId: 7,
      kind: 'contact',
      origin: 'site',
      name: 'Ravi',
      mobile: '+917400000001',
      location: 'Kokapet',
      attribution: {},
      receivedAt: RECEIVED,
    });

    expect(data).toMatchObject({
      kind: 'contact',
      origin: 'site',
      plotRange: null,
      location: 'Kokapet',
      form: null,
      page: null,
      fbclid: null,
      landingPage: null,
      referrer: null,
      project: 'Elegant Iconia',
      consent: null,
      mobile: '7400000001',
      mobileE164: '+917400000001',
    });
    expect(Object.values(data.campaign)).toEqual([null, null, null, null, null, null]);
  });

  it('when the lead came from a mobile abroad, then the CRM gets the number in E.164 in both fields', () => {
    const { data } = leadCreatedEvent({
      publicId: 'a3',
      buyerId: 8,
      kind: 'contact',
      origin: 'site',
      name: 'Priya',
      mobile: '+447911123456',
      attribution: {},
      receivedAt: RECEIVED,
    });

    expect(data).toMatchObject({ mobile: '+447911123456', mobileE164: '+447911123456' });
  });

  it('when the event is sent as JSON, then a name in any script survives unchanged', () => {
    const name = 'రవి "Ravi" <Kumar>';
    const event = leadCreatedEvent({
      publicId: 'a2',
      buyerId: 7,
      kind: 'contact',
      origin: 'site',
      name,
      mobile: '+919876543210',
      attribution: {},
      receivedAt: RECEIVED,
    });

    expect((JSON.parse(JSON.stringify(event)) as typeof event).data.name).toBe(name);
  });
});
