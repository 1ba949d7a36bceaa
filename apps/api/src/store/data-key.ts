import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/* The secret keys kept as files of the data folder (the erasure key, the portal key): 32 random
 * bytes written as 64 hex digits, readable by the server's user alone. */

export const isDataKey = (text: string): boolean => /^[0-9a-f]{64}$/.test(text);

/** The key of `file` as written (64 hex digits); `damaged` says what to do when it is not one. */
export function readDataKey(file: string, damaged: (file: string) => Error): string {
  const key = readFileSync(file, 'utf8').trim();
  if (!isDataKey(key)) throw damaged(file);
  return key;
}

/** Writes `key` unless the file exists: of two processes starting at once, one writes it. */
export function writeDataKeyOnce(file: string, key: string): void {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  try {
    writeFileSync(file, key, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}

/** The key of `file`, created on first use. */
export function ensureDataKey(file: string, damaged: (file: string) => Error): Buffer {
  if (!existsSync(file)) writeDataKeyOnce(file, randomBytes(32).toString('hex'));
  return Buffer.from(readDataKey(file, damaged), 'hex');
}
