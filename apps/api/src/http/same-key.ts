import { createHash, timingSafeEqual } from 'node:crypto';

/** Equal keys, compared in constant time whatever their lengths. */
export function isSameKey(given: string, expected: string): boolean {
  const digest = (key: string) => createHash('sha256').update(key).digest();
  return timingSafeEqual(digest(given), digest(expected));
}
