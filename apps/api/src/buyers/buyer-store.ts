import type { UserQueries } from '../desk/account-queries.ts';
import type { createInboxQueries } from './inbox-queries.ts';
import type { TimelineQueries } from './timeline-queries.ts';
import type { createWorkQueries } from './work-queries.ts';

/**
 * What the work on a buyer reads and writes: the inbox, the timeline and the work on buyers (this
 * feature's queries), the accounts that work them, and one transaction around a change. The desk
 * hands its features one store holding all of it (`desk-api/desk-store.ts`).
 */
export type BuyerStore = ReturnType<typeof createInboxQueries> &
  TimelineQueries &
  ReturnType<typeof createWorkQueries> &
  Pick<UserQueries, 'userById'> & {
    /** Runs `write` in one transaction (joining the caller's, if any). */
    transaction<T>(write: () => T): T;
  };
