import type Database from 'better-sqlite3';
import { displayMobile, type BuyerChange } from '@iconia/shared';
import { createOutboxStatements } from '../store/outbox-store.ts';
import { createBuyerMergeStore, type MergingBuyerRow } from './buyer-merge-store.ts';
import { DeskError } from '../desk/desk-error.ts';
import type { BuyerStore } from './buyer-store.ts';
import type { WorkRow } from './work-queries.ts';
import { STAGE_RANK, type Person } from '../desk/desk-types.ts';

/**
 * A manager merges two buyers: the same person wrote from two numbers, or a lead came without a
 * usable mobile. In one transaction every lead of the buyer who goes (with its notes and timeline,
 * which hang on the leads) and every visit, plot and routing record of theirs becomes the other
 * buyer's; the work is combined as the buyers migration combined it (store/buyer-schema.ts); the
 * timeline says who merged them; the CRM hears of a changed stage or owner; and the buyer who
 * went is deleted, as retention deletes a buyer left without leads.
 */

/** A feature's part of a merge: its rows of buyer `from` become `into`'s, in one transaction. */
export type BuyerMergeStep = (from: number, into: number, now: number) => void;

export interface BuyerMergeOptions {
  /** The outbox channels of the CRM endpoints, told when the merge changes a stage or owner. */
  webhookChannels: readonly string[];
  /** Run after the merged work is saved on `into` (routing reads its owner), before `from` goes. */
  steps: readonly BuyerMergeStep[];
}

export interface BuyerMerged {
  /** The enquiry the buyer who stayed is shown on: their latest, else their newest. */
  leadId: number;
  /** Whether a `lead.updated` post was queued. */
  announced: boolean;
}

/** The timeline's words; the other buyer's name and mobile are its detail, which erasure clears. */
export const MERGED_TEXT = 'Merged with another buyer';

const MESSAGES = {
  itself: 'A buyer cannot be merged with themselves: choose another buyer.',
  unknown: 'There is no buyer with this id.',
  unknownInto: 'There is no buyer with the id given in "into".',
  erased: "This buyer's personal data was erased; an erased buyer cannot be merged with another.",
  erasedInto:
    'The buyer to merge into had their personal data erased; an erased buyer cannot be merged with another.',
} as const;

/** -1 for Lost: it is no place on the way to a booking. */
const openRank = (stage: WorkRow['stage']): number => (stage === 'lost' ? -1 : STAGE_RANK[stage]);

const earliest = (a: number | null, b: number | null): number | null =>
  a === null ? b : b === null ? a : Math.min(a, b);

/**
 * The work of the two buyers as one, `into` winning ties: the furthest open stage either reached
 * (Lost only when neither is past New and one is lost, with the reason of the one who wrote last),
 * the furthest stage, the earliest follow-up and first contact (with who made it), and the owner
 * of `into`, else of `from`.
 */
export function combineWork(
  into: WorkRow & { last_received_at: number },
  from: WorkRow & { last_received_at: number },
): WorkRow {
  const open = [into, from].filter((buyer) => openRank(buyer.stage) > 0);
  const lost = [into, from]
    .filter((buyer) => buyer.stage === 'lost')
    .sort((a, b) => b.last_received_at - a.last_received_at);
  const furthestOpen = open.reduce<(typeof open)[number] | undefined>(
    (best, buyer) => (best && openRank(best.stage) >= openRank(buyer.stage) ? best : buyer),
    undefined,
  );
  const firstContact =
    from.first_contact_at !== null &&
    (into.first_contact_at === null || from.first_contact_at < into.first_contact_at)
      ? from
      : into;
  return {
    stage: furthestOpen?.stage ?? lost[0]?.stage ?? 'new',
    lost_reason: furthestOpen ? null : (lost[0]?.lost_reason ?? null),
    furthest_stage: Math.max(into.furthest_stage, from.furthest_stage),
    owner_id: into.owner_id ?? from.owner_id,
    follow_up_at: earliest(into.follow_up_at, from.follow_up_at),
    first_contact_at: firstContact.first_contact_at,
    first_contact_by: firstContact.first_contact_by,
  };
}

/** What changed for some of the leads the CRM will hear of: either buyer's stage or owner. */
function changesOf(work: WorkRow, buyers: readonly MergingBuyerRow[]): BuyerChange[] {
  const changed: BuyerChange[] = [];
  if (buyers.some((buyer) => buyer.stage !== work.stage)) changed.push('stage');
  if (buyers.some((buyer) => buyer.owner_id !== work.owner_id)) changed.push('owner');
  return changed;
}

/** The other buyer as the timeline names them: their name, and their mobile when they had one. */
function named(buyer: MergingBuyerRow): string {
  const mobile = buyer.mobile ?? buyer.lead_mobile;
  return mobile === '' ? buyer.name : `${buyer.name}, ${displayMobile(mobile)}`;
}

function isUniqueViolation(error: unknown): error is Error & { code: string } {
  const code = (error as { code?: unknown }).code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

export type BuyerMerge = ReturnType<typeof createBuyerMerge>;

export function createBuyerMerge(
  db: Database.Database,
  store: BuyerStore,
  options: BuyerMergeOptions,
) {
  const buyers = createBuyerMergeStore(db);
  const outbox = createOutboxStatements(db);

  const mergeTx = db.transaction(
    (fromId: number, intoId: number, actor: Person, now: number): BuyerMerged => {
      if (fromId === intoId) throw new DeskError(400, MESSAGES.itself);
      const from = buyers.buyer(fromId);
      if (!from) throw new DeskError(404, MESSAGES.unknown);
      const into = buyers.buyer(intoId);
      if (!into) throw new DeskError(404, MESSAGES.unknownInto);
      if (from.erased_at !== null) throw new DeskError(409, MESSAGES.erased);
      if (into.erased_at !== null) throw new DeskError(409, MESSAGES.erasedInto);
      const fromPlot = store.bookedPlotOf(fromId);
      const intoPlot = store.bookedPlotOf(intoId);
      if (fromPlot !== undefined && intoPlot !== undefined) {
        throw new DeskError(
          409,
          `Both buyers have a booked plot (${intoPlot} and ${fromPlot}); one buyer holds one booking, so a manager cancels one of them on its plot's page before the buyers can be merged.`,
        );
      }

      const work = combineWork(into, from);
      buyers.moveLeads(fromId, intoId);
      buyers.clearMobile(fromId);
      buyers.saveMerged(intoId, work, from);
      for (const step of options.steps) step(fromId, intoId, now);
      store.addEvent(from.newest_lead_id, now, {
        type: 'merged',
        actorId: actor.id,
        text: MERGED_TEXT,
        detail: named(from),
      });
      buyers.deleteBuyer(fromId);

      const changed = changesOf(work, [into, from]);
      if (changed.length > 0) {
        const owner = work.owner_id === null ? undefined : store.userById(work.owner_id);
        outbox.announceBuyerUpdate(
          {
            buyerId: intoId,
            stage: work.stage,
            owner: owner ? { id: owner.id, name: owner.name } : null,
            changed,
            at: now,
          },
          options.webhookChannels,
        );
      }
      const merged = buyers.buyer(intoId);
      return {
        leadId: merged?.latest_lead_id ?? merged?.newest_lead_id ?? from.newest_lead_id,
        announced: changed.length > 0,
      };
    },
  );

  return {
    /**
     * Merges buyer `from` into buyer `into`, or refuses with a DeskError: the same buyer (400),
     * an unknown one (404), an erased one or two with a booked plot each (409).
     */
    merge(from: number, into: number, actor: Person, now: number): BuyerMerged {
      try {
        // IMMEDIATE: the write lock before the checks, so nothing changes the two in between.
        return mergeTx.immediate(from, into, actor, now);
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        // Which record would be one too many, by its table and column: never personal data.
        const what = /constraint failed: (.+)$/.exec(error.message)?.[1] ?? 'a unique record';
        throw new DeskError(
          409,
          `These buyers cannot be merged: as one buyer they would have two of what a buyer has one of (${what}). Nothing was changed.`,
        );
      }
    },
  };
}
