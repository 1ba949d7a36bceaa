import { appendFileSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTempDir, type TempDir } from '@iconia/testkit';
import { createErasureLedger, KEY_FILE, LEDGER_FILE } from './erasure-ledger.ts';

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
});
