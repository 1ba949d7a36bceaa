import type { ErasureLedger } from '../privacy/erasure-ledger.ts';
import type { DeskStore } from './desk-store.ts';
import type { Person } from './desk-types.ts';

export interface Erasure {
  /** Erases every lead of `mobile`; returns their ids. */
  erase(mobile: string, actor: Person, now: number): number[];
  /**
   * Applies the ledger's erasures this database has not seen (it was restored from a backup
   * taken before them); returns how many leads they erased.
   */
  replay(now: number): number;
}

/** A feature's own part of an erasure: its rows about these buyers, in the same transaction. */
export type ErasureStep = (buyerIds: readonly number[], now: number) => void;

export interface ErasureOptions {
  /** Runs the desk's erasure and every step as one transaction. */
  transaction: <T>(run: () => T) => T;
  steps: readonly ErasureStep[];
}

/**
 * An erasure is written to the ledger beside the database first, then to the database; a crash
 * between the two is repaired by the replay at the next start.
 */
export function createErasure(
  store: DeskStore,
  ledger: ErasureLedger,
  options: ErasureOptions = { transaction: (run) => run(), steps: [] },
): Erasure {
  const eraseRows = (...[target, actor, now]: Parameters<DeskStore['erase']>): number[] =>
    options.transaction(() => {
      const ids = store.erase(target, actor, now);
      const buyers = new Set(ids.flatMap((id) => store.leadById(id)?.buyer_id ?? []));
      for (const step of options.steps) step([...buyers], now);
      return ids;
    });
  return {
    erase(mobile, actor, now) {
      const { hmac } = ledger.record(mobile, now);
      const ids = eraseRows({ mobile, hmac, upTo: now }, actor, now);
      store.checkpoint();
      return ids;
    },
    replay(now) {
      const seen = new Map(store.erasedMobiles().map((row) => [row.hmac, row.at]));
      const missing = ledger
        .entries()
        .filter((entry) => (seen.get(entry.hmac) ?? Number.NEGATIVE_INFINITY) < entry.at);
      if (missing.length === 0) return 0;
      // The ledger holds hashes only: each mobile still in the database is hashed to find them.
      const mobiles = new Map(
        store.distinctMobiles().map((mobile) => [ledger.hmacOf(mobile), mobile]),
      );
      let erased = 0;
      for (const entry of missing) {
        const target = { mobile: mobiles.get(entry.hmac), hmac: entry.hmac, upTo: entry.at };
        erased += eraseRows(target, null, now).length;
      }
      store.checkpoint();
      return erased;
    },
  };
}
