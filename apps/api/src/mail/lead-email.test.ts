import { describe, expect, it } from 'vitest';
import { START_TIME } from '@iconia/testkit';
import { formatIndiaTime } from '../format/lead-format.ts';
import { renderLeadEmail, type LeadForEmail } from './lead-email.ts';

const addresses = {
  from: { name: 'Elegant Iconia website', address: 'leads@iconia.test' },
  to: [{ name: '', address: 'sales@iconia.test' }],
  siteUrl: 'https://iconia.test',
};

const brochure: LeadForEmail = {
  id: 12,
  publicId: '0b7c2f3e-0000-4000-8000-000000000001',
  messageId: '<lead-0b7c2f3e-0000-4000-8000-000000000001@iconia.test>',
  kind: 'brochure',
  name: 'Ravi Kumar',
  mobile: '+919876543210',
  plotRange: '165 - 200 Sq. Yds',
  attribution: { source: 'inline-brochure', page: '/' },
  receivedAt: START_TIME,
};

describe('formatIndiaTime', () => {
  it('when a UTC instant is shown, then it reads in India time with IST', () => {
    expect(formatIndiaTime(Date.parse('2026-11-21T10:15:00Z'))).toBe('21 Nov 2026, 3:45 pm IST');
    expect(formatIndiaTime(Date.parse('2026-01-04T19:00:00Z'))).toBe('5 Jan 2026, 12:30 am IST');
  });
});

describe('renderLeadEmail', () => {
  it('when a brochure lead is rendered, then subject, Message-ID and date come from the lead', () => {
    const email = renderLeadEmail(brochure, addresses);

    expect(email.subject).toBe('New brochure request from Ravi Kumar');
    expect(email.messageId).toBe(brochure.messageId);
    expect(email.date.getTime()).toBe(START_TIME);
    expect(email.headers).toEqual({ 'X-Lead-Id': brochure.publicId, 'X-Lead-Kind': 'brochure' });
    expect(email.text).toContain('Form: Brochure form on the home page');
    expect(email.text).toContain('In the desk: https://iconia.test/desk/leads/12');
  });

  it('when an enquiry from a partner with a number abroad is rendered, then its origin, email, message, answers and links are in the email', () => {
    const email = renderLeadEmail(
      {
        ...brochure,
        kind: 'enquiry',
        origin: 'partner:acme-realty',
        mobile: '+14155550123',
        plotRange: undefined,
        email: 'kiran@example.com',
        message: 'Site visit on Sunday?',
        answers: { Budget: '1.5 Cr' },
        attribution: { utm_source: 'acme' },
      },
      addresses,
    );

    expect(email.subject).toBe('New enquiry via Partner: acme-realty from Ravi Kumar');
    expect(email.text).toContain('Mobile: +1 415 555 0123');
    expect(email.text).toContain('Call: tel:+14155550123');
    expect(email.text).toContain('WhatsApp: https://wa.me/14155550123');
    expect(email.text).toContain('Email: kiran@example.com');
    expect(email.text).toContain('Message: Site visit on Sunday?');
    expect(email.text).toContain('Budget: 1.5 Cr');
    expect(email.text).toContain('Origin: Partner: acme-realty');
    expect(email.text).not.toContain('Form:');
    expect(email.html).toContain('kiran@example.com');
  });

  it('when the lead is from an Indian mobile, then the team reads +91 98765 43210 and taps tel:+9198… or wa.me/9198…', () => {
    const email = renderLeadEmail(brochure, addresses);

    expect(email.text).toContain('Mobile: +91 98765 43210');
    expect(email.text).toContain('Call: tel:+919876543210');
    expect(email.text).toContain('WhatsApp: https://wa.me/919876543210');
    expect(email.html).toContain('href="tel:+919876543210"');
  });

  it('when the lead is from a mobile abroad, then the number, the call and the WhatsApp link carry its own country code', () => {
    const email = renderLeadEmail({ ...brochure, mobile: '+447911123456' }, addresses);

    expect(email.text).toContain('Mobile: +44 791 112 3456');
    expect(email.text).toContain('Call: tel:+447911123456');
    expect(email.text).toContain('WhatsApp: https://wa.me/447911123456');
    expect(email.html).toContain('href="https://wa.me/447911123456"');
  });

  it('when the same lead is rendered twice, then the two emails are identical', () => {
    expect(renderLeadEmail(brochure, addresses)).toEqual(renderLeadEmail(brochure, addresses));
  });

  it('when a post to the site named no form, then the email says "Website, no form named", as the desk does', () => {
    const email = renderLeadEmail({ ...brochure, attribution: {} }, addresses);

    expect(email.text).toContain('Form: Website, no form named');
  });

  it('when a brochure lead has no plot range, then the email says so rather than leaving a gap', () => {
    expect(renderLeadEmail({ ...brochure, plotRange: undefined }, addresses).text).toContain(
      'Plot range: Not chosen',
    );
  });

  it('when a value could break out of HTML attributes, then it is escaped there too', () => {
    const email = renderLeadEmail(
      { ...brochure, attribution: { page: '/"><img src=x onerror=alert(1)>' } },
      addresses,
    );
    expect(email.html).not.toContain('<img src=x');
    expect(email.html).toContain('/&quot;&gt;&lt;img src=x onerror=alert(1)&gt;');
  });

  it('when a name carries line breaks or tabs, then the subject and text keep it on one line', () => {
    const email = renderLeadEmail({ ...brochure, name: 'Ravi\r\n\tKumar\u2028Bcc: x' }, addresses);
    expect(email.subject).toBe('New brochure request from Ravi Kumar Bcc: x');
    expect(email.text).toContain('Name: Ravi Kumar Bcc: x\n');
  });
});
