import type { ErasureLedger } from './erasure-ledger.ts';
import type { createErasureQueries } from './erasure-queries.ts';
import type { BuyerStore } from '../buyers/index.ts';
import type { Person } from '../desk/desk-types.ts';

export interface Erasure {
  /** Erases every lead of `mobile`, then the server's own copies of their emails; their ids. */
  erase(mobile: string, actor: Person, now: number): Promise<number[]>;
  /**
   * Applies the ledger's erasures this database has not seen (it was restored from a backup
   * taken before them); returns how many leads they erased.
   */
  replay(now: number): Promise<number>;
}

/** What an erasure reads and writes: this feature's queries and the buyers' leads. */
export type ErasureStore = ReturnType<typeof createErasureQueries> & Pick<BuyerStore, 'leadById'>;

/** A feature's own part of an erasure: its rows about these buyers, in the same transaction. */
export type ErasureStep = (buyerIds: readonly number[], now: number) => void;

export interface ErasureOptions {
  /** Runs the desk's erasure and every step as one transaction. */
  transaction: <T>(run: () => T) => T;
  steps: readonly ErasureStep[];
  /**
   * A feature's part that is kept by mobile rather than by buyer (a channel partner's
   * registrations), in the same transaction; given the erased mobile (E.164).
   */
  mobileSteps?: readonly ((mobile: string, now: number) => void)[];
  /**
   * Removes the copies of these emails the server keeps outside the database (the dev inbox's
   * files), once the database no longer holds the person.
   */
  forgetEmails?: (messageIds: readonly string[]) => Promise<unknown>;
  /**
   * Deletes the files the server keeps outside the database (the files buyers sent on WhatsApp)
   * that no row refers to any more; run after every erasure and every replay, the one at the
   * start included.
   */
  forgetFiles?: () => Promise<unknown>;
}

/**
 * An erasure is written to the ledger beside the database first, then to the database; a crash
 * between the two is repaired by the replay at the next start.
 */
export function createErasure(
  store: ErasureStore,
  ledger: ErasureLedger,
  options: ErasureOptions = { transaction: (run) => run(), steps: [] },
): Erasure {
  const eraseRows = (...[target, actor, now]: Parameters<ErasureStore['erase']>) =>
    options.transaction(() => {
      const erased = store.erase(target, actor, now);
      const buyers = new Set(erased.leadIds.flatMap((id) => store.leadById(id)?.buyer_id ?? []));
      for (const step of options.steps) step([...buyers], now);
      // A replay knows the mobile by its keyed hash only: those rows are not found again then.
      const { mobile } = target;
      if (mobile !== undefined) for (const step of options.mobileSteps ?? []) step(mobile, now);
      return erased;
    });
  const forgetEmails = async (emailIds: readonly string[]) => {
    if (emailIds.length > 0) await options.forgetEmails?.(emailIds);
  };
  return {
    async erase(mobile, actor, now) {
      const { hmac } = ledger.record(mobile, now);
      const { leadIds, emailIds } = eraseRows({ mobile, hmac, upTo: now }, actor, now);
      store.checkpoint();
      await forgetEmails(emailIds);
      await options.forgetFiles?.();
      return leadIds;
    },
    async replay(now) {
      const seen = new Map(store.erasedMobiles().map((row) => [row.hmac, row.at]));
      const missing = ledger
        .entries()
        .filter((entry) => (seen.get(entry.hmac) ?? Number.NEGATIVE_INFINITY) < entry.at);
      if (missing.length === 0) {
        await options.forgetFiles?.();
        return 0;
      }
      // The ledger holds hashes only: each mobile still in the database is hashed to find them.
      const mobiles = new Map(
        store.distinctMobiles().map((mobile) => [ledger.hmacOf(mobile), mobile]),
      );
      let erased = 0;
      const emailIds: string[] = [];
      for (const entry of missing) {
        const target = { mobile: mobiles.get(entry.hmac), hmac: entry.hmac, upTo: entry.at };
        const rows = eraseRows(target, null, now);
        erased += rows.leadIds.length;
        emailIds.push(...rows.emailIds);
      }
      store.checkpoint();
      await forgetEmails(emailIds);
      await options.forgetFiles?.();
      return erased;
    },
  };
}
