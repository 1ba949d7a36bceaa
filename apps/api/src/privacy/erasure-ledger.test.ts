import { appendFileSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTempDir, type TempDir } from '@iconia/testkit';
import {
  createErasureLedger,
  ErasureLedgerError,
  KEY_FILE,
  LEDGER_FILE,
} from './erasure-ledger.ts';

describe('the erasure ledger', () => {
  let temp: TempDir;
  beforeEach(() => {
    temp = createTempDir('iconia-ledger-');
  });
  afterEach(() => temp.remove());

  it('when an erasure is recorded, then the ledger keeps a keyed hash and the time, never the mobile, readable by the owner only', () => {
    const ledger = createErasureLedger(temp.dir);
    const entry = ledger.record('9123456780', 1_000);
    const text = readFileSync(path.join(temp.dir, LEDGER_FILE), 'utf8');
    expect(text).not.toContain('9123456780');
    expect(entry.hmac).toMatch(/^[0-9a-f]{64}$/);
    expect(createErasureLedger(temp.dir).entries()).toEqual([{ hmac: entry.hmac, at: 1_000 }]);
    expect(statSync(path.join(temp.dir, KEY_FILE)).mode & 0o777).toBe(0o600);
    expect(statSync(path.join(temp.dir, LEDGER_FILE)).mode & 0o777).toBe(0o600);
  });

  it('when another data folder has its own key, then the same mobile hashes differently there', () => {
    const other = createTempDir('iconia-ledger-other-');
    try {
      const here = createErasureLedger(temp.dir).hmacOf('9123456780');
      expect(createErasureLedger(temp.dir).hmacOf('9123456780')).toBe(here);
      expect(createErasureLedger(other.dir).hmacOf('9123456780')).not.toBe(here);
    } finally {
      other.remove();
    }
  });

  it('when the last line was cut short by a crash, then it is skipped, while a damaged line before it is reported', () => {
    const ledger = createErasureLedger(temp.dir);
    ledger.record('9123456780', 1_000);
    appendFileSync(path.join(temp.dir, LEDGER_FILE), '{"hmac":"ab');
    expect(ledger.entries()).toHaveLength(1);
    appendFileSync(path.join(temp.dir, LEDGER_FILE), '\n{"hmac":"cd","at":2}\n');
    expect(() => ledger.entries()).toThrow(`${LEDGER_FILE} line 2 is not an erasure entry.`);
  });

  it('when a backup carries the ledger to a new data folder, then its key and entries are kept there once, however often it is taken in', () => {
    const old = createErasureLedger(temp.dir);
    old.record('9123456780', 1_000);
    old.record('9988776655', 2_000);
    const carried = old.carried();
    expect(carried?.entries).toHaveLength(2);
    const other = createTempDir('iconia-ledger-new-');
    try {
      const fresh = createErasureLedger(other.dir);
      expect(fresh.carried()).toBeUndefined();

      expect(carried && fresh.adopt(carried)).toBe(2);
      expect(carried && fresh.adopt(carried)).toBe(0);

      expect(fresh.entries()).toEqual(old.entries());
      expect(fresh.hmacOf('9123456780')).toBe(old.hmacOf('9123456780'));
      expect(statSync(path.join(other.dir, KEY_FILE)).mode & 0o777).toBe(0o600);
    } finally {
      other.remove();
    }
  });

  it('when a backup carries another key than the data folder has, then it is refused and the ledger is left as it was', () => {
    const here = createErasureLedger(temp.dir);
    here.record('9123456780', 1_000);
    const other = createTempDir('iconia-ledger-other-');
    try {
      const elsewhere = createErasureLedger(other.dir);
      elsewhere.record('9988776655', 2_000);
      const carried = elsewhere.carried();
      expect(carried).toBeDefined();

      const refusal = (() => {
        try {
          if (carried) here.adopt(carried);
        } catch (error) {
          return error;
        }
        return undefined;
      })();

      expect(refusal).toBeInstanceOf(ErasureLedgerError);
      expect((refusal as Error).message).toMatch(
        /^This database was backed up with another erasure key than .*erasure-key, so its erasures cannot be matched\./,
      );
      expect(here.entries()).toHaveLength(1);
    } finally {
      other.remove();
    }
  });
});
