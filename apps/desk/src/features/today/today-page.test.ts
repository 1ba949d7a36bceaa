import { describe, expect, it } from 'vitest';
import type { LeadRow, TodayLists, UnansweredBuyer } from '../../lib/types.ts';
import { withoutCallFirst } from './today-page.tsx';

function lead(id: number, buyerId: number): LeadRow {
  return {
    id,
    buyerId,
    enquiries: 1,
    origin: 'site',
    receivedAt: '2026-11-21T10:00:00.000Z',
    kind: 'brochure',
    form: 'brochure-modal',
    name: `Buyer ${buyerId}`,
    mobile: '+919876543210',
    problems: [],
    plotRange: null,
    location: null,
    utmSource: null,
    utmCampaign: null,
    buyerSaid: { plotRange: null, location: null, message: null, campaigns: [] },
    stage: 'new',
    owner: null,
    followUpAt: null,
    erased: false,
    held: false,
    whatsappWaiting: 0,
    whatsappWaitingSince: null,
    brokerClaim: null,
  };
}

const unanswered = (row: LeadRow): UnansweredBuyer => ({
  lead: row,
  assignedAt: '2026-11-21T10:00:00.000Z',
  reason: 'new',
  dueAt: null,
  workingMinutesLeft: null,
});

describe('withoutCallFirst', () => {
  it('when a new buyer is also under Call these first, then the uncontacted list leaves them out and keeps the others', () => {
    const lists: TodayLists = {
      overdue: [lead(1, 1)],
      dueToday: [],
      // The buyer's latest enquiry may not be the one Call these first links to.
      uncontacted: [lead(3, 2), lead(4, 3)],
    };

    const shown = withoutCallFirst(lists, [unanswered(lead(2, 2))]);

    expect(shown.uncontacted.map((row) => row.buyerId)).toEqual([3]);
    expect(shown.overdue).toEqual(lists.overdue);
  });
});
