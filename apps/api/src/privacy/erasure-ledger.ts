import { createHmac } from 'node:crypto';
import { appendFileSync, closeSync, existsSync, fsyncSync, openSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { localMobile } from '@iconia/shared';
import { ensureDataKey, isDataKey, readDataKey, writeDataKeyOnce } from '../store/data-key.ts';

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
  /** The key and every entry, for a backup to carry; undefined while nothing was ever erased. */
  carried(): CarriedLedger | undefined;
  /**
   * Takes in what a restored backup carried: its key when this folder has none yet, and each
   * entry the ledger lacks; returns how many entries were added. Refuses another key than this
   * folder's, whose hashes could never be matched with its own.
   */
  adopt(carried: CarriedLedger): number;
}

/** The ledger as a backup carries it, so that a restore onto a new machine keeps every erasure. */
export interface CarriedLedger {
  /** The HMAC key, 64 hex digits. */
  key: string;
  entries: LedgerEntry[];
}

/** The ledger or its key cannot be used as they are: the message says what the operator can do. */
export class ErasureLedgerError extends Error {
  override name = 'ErasureLedgerError';
}

export const LEDGER_FILE = 'erasures.jsonl';
export const KEY_FILE = 'erasure-key';

const damagedKey = (file: string) =>
  new ErasureLedgerError(
    `${file} is not an erasure key (64 hex digits); restore it from its copy.`,
  );
const readKey = (file: string): string => readDataKey(file, damagedKey);

function appendDurably(file: string, entries: readonly LedgerEntry[]): void {
  appendFileSync(file, entries.map((entry) => `${JSON.stringify(entry)}\n`).join(''), {
    mode: 0o600,
  });
  const fd = openSync(file, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** The ledger of the data folder `dataDir`; the key is created there on first use. */
export function createErasureLedger(dataDir: string): ErasureLedger {
  const ledgerFile = path.join(dataDir, LEDGER_FILE);
  const keyFile = path.join(dataDir, KEY_FILE);
  let key: Buffer | undefined;
  const keyOf = (): Buffer => {
    key ??= ensureDataKey(keyFile, damagedKey);
    return key;
  };
  // An Indian number is hashed as its ten digits, the form mobiles were stored in before E.164:
  // the ledger's earlier entries then still name the same people, and a backup from before the
  // change, migrated when it is opened, is matched against them.
  const hmacOf = (mobile: string): string =>
    createHmac('sha256', keyOf()).update(localMobile(mobile)).digest('hex');

  const entries = (): LedgerEntry[] => {
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
        throw new ErasureLedgerError(`${ledgerFile} line ${index + 1} is not an erasure entry.`);
      }
      return [{ hmac: entry.hmac, at: entry.at }];
    });
  };

  return {
    hmacOf,
    record(mobile, at) {
      const entry = { hmac: hmacOf(mobile), at };
      appendDurably(ledgerFile, [entry]);
      return entry;
    },
    entries,
    carried() {
      if (!existsSync(keyFile)) return undefined;
      return { key: readKey(keyFile), entries: entries() };
    },
    adopt(carried) {
      if (!isDataKey(carried.key))
        throw new ErasureLedgerError('The erasure key a backup carried is damaged.');
      if (!existsSync(keyFile)) writeDataKeyOnce(keyFile, carried.key);
      if (readKey(keyFile) !== carried.key) {
        throw new ErasureLedgerError(
          `This database was backed up with another erasure key than ${keyFile}, so its erasures cannot be matched. Restore it into the data folder it was backed up from, or, if ${KEY_FILE} and ${LEDGER_FILE} there belong to another installation, move both aside and start again.`,
        );
      }
      const known = new Set(entries().map((entry) => `${entry.hmac}@${entry.at}`));
      const missing = carried.entries.filter((entry) => !known.has(`${entry.hmac}@${entry.at}`));
      if (missing.length > 0) appendDurably(ledgerFile, missing);
      return missing.length;
    },
  };
}
