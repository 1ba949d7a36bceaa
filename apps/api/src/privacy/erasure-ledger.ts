import { createHmac, randomBytes } from 'node:crypto';
import {
  appendFileSync,
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { localMobile } from '@iconia/shared';

/** An erasure as the ledger keeps it: a keyed hash of the mobile, never the mobile. */
export interface LedgerEntry {
  hmac: string;
  at: number;
}

/**
 * Every erasure, kept beside the database rather than in it, so that restoring an older backup
 * of the database cannot take the erasures made since back with it: the server replays the
 * ledger at start. A mobile has only about a billion possible values, so a plain hash of it
 * could be reversed by trying them all; the HMAC's key, a random file of the data folder, is
 * what keeps the ledger from naming anyone.
 */
export interface ErasureLedger {
  /** The keyed hash of a stored (E.164) mobile. */
  hmacOf(mobile: string): string;
  /** Appends the erasure of a stored (E.164) mobile and waits for the disk before the database is changed. */
  record(mobile: string, at: number): LedgerEntry;
  entries(): LedgerEntry[];
}

export const LEDGER_FILE = 'erasures.jsonl';
export const KEY_FILE = 'erasure-key';

function readOrCreateKey(file: string): Buffer {
  if (!existsSync(file)) {
    try {
      // 'wx': of two processes starting at once, one creates the key and the other reads it.
      writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  const key = readFileSync(file, 'utf8').trim();
  if (!/^[0-9a-f]{64}$/.test(key)) {
    throw new Error(`${file} is not an erasure key (64 hex digits); restore it from its copy.`);
  }
  return Buffer.from(key, 'hex');
}

/** The ledger of the data folder `dataDir`; the key is created there on first use. */
export function createErasureLedger(dataDir: string): ErasureLedger {
  const ledgerFile = path.join(dataDir, LEDGER_FILE);
  let key: Buffer | undefined;
  const keyOf = (): Buffer => {
    if (!key) {
      mkdirSync(dataDir, { recursive: true, mode: 0o700 });
      key = readOrCreateKey(path.join(dataDir, KEY_FILE));
    }
    return key;
  };
  // An Indian number is hashed as its ten digits, the form mobiles were stored in before E.164:
  // the ledger's earlier entries then still name the same people, and a backup from before the
  // change, migrated when it is opened, is matched against them.
  const hmacOf = (mobile: string): string =>
    createHmac('sha256', keyOf()).update(localMobile(mobile)).digest('hex');

  return {
    hmacOf,
    record(mobile, at) {
      const entry = { hmac: hmacOf(mobile), at };
      appendFileSync(ledgerFile, `${JSON.stringify(entry)}\n`, { mode: 0o600 });
      const fd = openSync(ledgerFile, 'r');
      try {
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
      return entry;
    },
    entries() {
      if (!existsSync(ledgerFile)) return [];
      const lines = readFileSync(ledgerFile, 'utf8')
        .split('\n')
        .filter((line) => line.trim() !== '');
      return lines.flatMap((line, index) => {
        let entry: Partial<LedgerEntry> | undefined;
        try {
          entry = JSON.parse(line) as Partial<LedgerEntry>;
        } catch {
          // A last line cut short by a crash is an erasure that never reached the database
          // and was never confirmed: there is nothing to replay.
          if (index === lines.length - 1) return [];
        }
        if (typeof entry?.hmac !== 'string' || typeof entry.at !== 'number') {
          throw new Error(`${ledgerFile} line ${index + 1} is not an erasure entry.`);
        }
        return [{ hmac: entry.hmac, at: entry.at }];
      });
    },
  };
}
