import { randomInt } from 'node:crypto';
import { PLOT_RANGES, type LeadKind, type LeadSource, type PlotRange } from '@iconia/shared';
import type { TestInfo } from '@playwright/test';
import { expect } from './fixtures.ts';
import type { ReceivedMail } from './mailbox.ts';

export interface VisitorLead {
  /** Unique per test, so each test finds its own email among everyone's. */
  name: string;
  /** Ten digits, unique per test so no duplicate check can merge two tests' leads. */
  mobile: string;
  plotRange: PlotRange;
  location: string;
}

/** A made-up visitor for one test. */
export function newVisitor(testInfo: TestInfo): VisitorLead {
  const tag = `${testInfo.project.name}${testInfo.workerIndex}x${randomInt(1e6).toString(36)}`;
  return {
    name: `Asha Rao ${tag}`,
    mobile: `9${String(randomInt(1e9)).padStart(9, '0')}`,
    plotRange: PLOT_RANGES[1],
    location: 'Kukatpally, Hyderabad',
  };
}

/**
 * How the sales email names the form a lead came from (apps/api/src/format/lead-format.ts); the
 * email shows these words, not the raw source code, so the test reads what sales staff read.
 */
export const EMAIL_FORM_LABELS: Record<LeadSource, string> = {
  'inline-brochure': 'Brochure form on the home page',
  'brochure-modal': 'Download Brochure pop-up',
  'location-modal': 'Location highlights enquiry pop-up',
  'contact-form': 'Contact form',
};

/** "+91 98765 43210", as the email prints a mobile number. */
function displayMobile(mobile: string): string {
  return `+91 ${mobile.slice(0, 5)} ${mobile.slice(5)}`;
}

/** The "Label: value" lines of the email's text part. */
export function emailFields(mail: ReceivedMail): Map<string, string> {
  const fields = new Map<string, string>();
  for (const line of mail.text.split('\n')) {
    const match = /^([^:]+): (.*)$/.exec(line.trim());
    if (match?.[1] && match[2] !== undefined && !fields.has(match[1])) {
      fields.set(match[1], match[2]);
    }
  }
  return fields;
}

export interface ExpectedLead {
  kind: LeadKind;
  source: LeadSource;
  name: string;
  mobile: string;
  plotRange?: string;
  location?: string;
  page?: string;
  campaign?: Record<string, string>;
}

/** The sales inbox got the lead with every field the visitor gave and the form it came from. */
export function expectLeadEmail(mail: ReceivedMail, lead: ExpectedLead): void {
  const fields = emailFields(mail);
  expect(mail.headers.get('x-lead-kind')).toBe(lead.kind);
  expect(mail.to).toContain('sales@iconia.test');
  expect(fields.get('Name')).toBe(lead.name);
  expect(fields.get('Mobile')).toBe(displayMobile(lead.mobile));
  expect(fields.get('Form')).toBe(EMAIL_FORM_LABELS[lead.source]);
  if (lead.plotRange !== undefined) expect(fields.get('Plot range')).toBe(lead.plotRange);
  if (lead.location !== undefined) expect(fields.get('Location')).toBe(lead.location);
  if (lead.page !== undefined) expect(fields.get('Page')).toBe(lead.page);
  for (const [key, value] of Object.entries(lead.campaign ?? {})) {
    expect(fields.get(key), `campaign field ${key}`).toBe(value);
  }
}
