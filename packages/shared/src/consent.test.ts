import { describe, expect, it } from 'vitest';
import {
  BROCHURE_CONSENT_TEXT,
  CONSENT_NOTICES,
  consentNoticeFor,
  isConsentNoticeVersion,
} from './consent.ts';
import { LEAD_SOURCES } from './lead-source.ts';

describe('consent notices', () => {
  it('when a form with a tick box sends a lead, then it records the brochure notice', () => {
    expect(consentNoticeFor('inline-brochure')).toBe('brochure-consent-v1');
    expect(consentNoticeFor('brochure-modal')).toBe('brochure-consent-v1');
    expect(consentNoticeFor('location-modal')).toBe('brochure-consent-v1');
  });

  it('when the contact form sends an enquiry, then it records the enquiry notice, which claims no tick box', () => {
    expect(consentNoticeFor('contact-form')).toBe('enquiry-v1');
    expect(CONSENT_NOTICES['enquiry-v1']).toMatch(/^No consent box/);
  });

  it('when a lead comes without a known form, then no notice is claimed', () => {
    expect(consentNoticeFor(undefined)).toBeUndefined();
  });

  it('when any form sends a lead, then its notice is a known version', () => {
    for (const source of LEAD_SOURCES) {
      expect(isConsentNoticeVersion(consentNoticeFor(source))).toBe(true);
    }
    expect(isConsentNoticeVersion('toString')).toBe(false);
    expect(isConsentNoticeVersion('brochure-consent-v0')).toBe(false);
  });

  it('when the brochure forms show their box, then the words are the ones version 1 names', () => {
    expect(BROCHURE_CONSENT_TEXT).toBe(
      'I agree to be contacted by Elegant Iconia and its sales team by call, SMS, email or WhatsApp about this project. This consent overrides any registration under DNC/NDNC.',
    );
  });
});
