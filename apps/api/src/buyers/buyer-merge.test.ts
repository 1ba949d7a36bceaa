import { describe, expect, it } from 'vitest';
import { combineWork } from './buyer-merge.ts';
import { NEW_WORK } from './lead-work.ts';
import type { WorkRow } from './index.ts';

const work = (fields: Partial<WorkRow & { last_received_at: number }> = {}) => ({
  ...NEW_WORK,
  last_received_at: 1_000,
  ...fields,
});

describe('the work of two merged buyers', () => {
  it('when one is lost and the other still New, then the buyer is lost, as the buyers migration combined them', () => {
    const merged = combineWork(
      work(),
      work({ stage: 'lost', lost_reason: 'Over budget', furthest_stage: 1 }),
    );

    expect(merged).toMatchObject({ stage: 'lost', lost_reason: 'Over budget', furthest_stage: 1 });
  });

  it('when both are lost, then the reason is that of the one who wrote last', () => {
    const merged = combineWork(
      work({ stage: 'lost', lost_reason: 'Too far', last_received_at: 1_000 }),
      work({ stage: 'lost', lost_reason: 'Bought elsewhere', last_received_at: 2_000 }),
    );

    expect(merged).toMatchObject({ stage: 'lost', lost_reason: 'Bought elsewhere' });
  });

  it('when one is further along, then its stage is kept with no Lost reason, and the furthest stage either reached', () => {
    const merged = combineWork(
      work({ stage: 'lost', lost_reason: 'Too far', furthest_stage: 3 }),
      work({ stage: 'contacted', furthest_stage: 1 }),
    );

    expect(merged).toMatchObject({ stage: 'contacted', lost_reason: null, furthest_stage: 3 });
  });

  it('when both have follow-ups, first contacts and owners, then the earliest of each is kept and the owner who stays', () => {
    const merged = combineWork(
      work({ owner_id: 7, follow_up_at: 5_000, first_contact_at: 3_000, first_contact_by: 7 }),
      work({ owner_id: 8, follow_up_at: 4_000, first_contact_at: 2_000, first_contact_by: 8 }),
    );

    expect(merged).toMatchObject({
      owner_id: 7,
      follow_up_at: 4_000,
      first_contact_at: 2_000,
      first_contact_by: 8,
    });
  });
});
