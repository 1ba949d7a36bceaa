import { describe, expect, it } from 'vitest';
import type { StoredLead } from '../store/lead-store.ts';
import { DIGEST_LIST_LIMIT, renderDigestEmail } from './digest-email.ts';

const addresses = {
  from: { name: 'Elegant Iconia website', address: 'leads@iconia.test' },
  to: [{ name: '', address: 'sales@iconia.test' }],
};
const NOON = Date.parse('2026-11-20T12:00:00+05:30');

let next = 0;
function lead(overrides: Partial<StoredLead> = {}): StoredLead {
  next += 1;
  return {
    id: next,
    buyerId: next,
    publicId: `00000000-0000-4000-8000-${String(next).padStart(12, '0')}`,
    messageId: `<lead-${next}@iconia.test>`,
    origin: 'site',
    kind: 'brochure',
    name: 'Ravi',
    mobile: '9876543210',
    attribution: { source: 'brochure-modal' },
    status: 'sent',
    receivedAt: NOON,
    attempts: 1,
    nextAttemptAt: NOON,
    ...overrides,
  };
}

const render = (leads: StoredLead[], waiting: StoredLead[] = []) =>
  renderDigestEmail({
    day: '2026-11-20',
    leads,
    waiting,
    addresses,
    messageIdDomain: 'iconia.test',
    now: Date.parse('2026-11-21T08:00:00+05:30'),
  });

describe('the digest email', () => {
  it('when the day brought no lead and nothing waits, then it says so plainly', () => {
    const email = render([]);
    expect(email.subject).toBe('Leads for Fri 20 Nov 2026: 0 new');
    expect(email.text).toContain('No new leads.');
    expect(email.text).toContain('Every lead has been emailed.');
    expect(email.text).not.toContain('By form');
  });

  it('when repeats and spam came in, then they are counted apart and not listed', () => {
    const email = render([
      lead(),
      lead({ status: 'duplicate', name: 'Ravi again' }),
      lead({ status: 'duplicate', name: 'Ravi thrice' }),
      lead({ status: 'spam', name: 'Bot' }),
    ]);
    expect(email.text).toContain('1 new lead: 1 brochure request, 0 enquiries.');
    expect(email.text).toContain(
      'Also received 2 repeats of an earlier lead and 1 spam, kept but not emailed.',
    );
    expect(email.text).not.toMatch(/Ravi again|Ravi thrice|Bot/);
  });

  it('when a name holds markup, then the HTML shows it as text', () => {
    const email = render([lead({ name: '<b>Ravi</b> & Co' })]);
    expect(email.html).toContain('&lt;b&gt;Ravi&lt;/b&gt; &amp; Co');
    expect(email.html).not.toContain('<b>Ravi</b>');
  });

  it('when the day had more leads than the list holds, then all are counted and the rest named', () => {
    const leads = Array.from({ length: DIGEST_LIST_LIMIT + 5 }, () => lead());
    const email = render(leads);
    expect(email.text).toContain(`${DIGEST_LIST_LIMIT + 5} new leads`);
    expect(email.text).toContain('Download Brochure pop-up: 205');
    expect(email.text).toContain(
      '…and 5 more: pnpm leads list --since 2026-11-20 --until 2026-11-20',
    );
  });
});
