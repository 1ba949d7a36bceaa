import { randomUUID } from 'node:crypto';
import { START_TIME } from '@iconia/testkit';
import type { NewLead } from '../src/store/lead-store.ts';

/** A stored-lead-to-be for tests of the store: a brochure request from `mobile`. */
export function newLead(mobile: string, publicId = randomUUID()): NewLead {
  return {
    publicId,
    messageId: `<lead-${publicId}@iconia.test>`,
    kind: 'brochure',
    name: 'Ravi',
    mobile,
    plotRange: '200 - 300 Sq. Yds',
    attribution: { source: 'brochure-modal', utm_source: 'google' },
    receivedAt: START_TIME,
    spam: false,
  };
}
