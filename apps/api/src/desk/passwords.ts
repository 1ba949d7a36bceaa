import { randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@iconia/shared';

export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH };

/**
 * Passwords are hashed with argon2id (the package's default algorithm) at OWASP's recommended
 * minimum: 19 MiB of memory, 2 passes, 1 lane, a 16-byte random salt; a few tens of milliseconds
 * per sign-in on a small server. The parameters live in the stored hash, so raising them later
 * keeps old passwords working.
 */
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** A hash of a password nobody knows: unknown emails cost as much time as wrong passwords. */
const NOBODY = hash('no account has this password', OPTIONS);

export async function verifyPassword(storedHash: string | undefined, password: string) {
  if (storedHash === undefined) {
    await verify(await NOBODY, password);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

/** A readable reason why a new password is refused, or undefined when it is fine. */
export function passwordProblem(password: string): string | undefined {
  if (password.length < PASSWORD_MIN_LENGTH) {
    return `The password must be at least ${PASSWORD_MIN_LENGTH} characters long.`;
  }
  if (password.length > PASSWORD_MAX_LENGTH) {
    return `The password must be at most ${PASSWORD_MAX_LENGTH} characters long.`;
  }
  return undefined;
}

/** Letters and digits that cannot be mistaken for each other when read out or copied by hand. */
const TEMPORARY_ALPHABET = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const TEMPORARY_GROUPS = 4;
const TEMPORARY_GROUP_LENGTH = 4;

/**
 * A temporary password a manager hands an agent: 16 characters drawn by the system's CSPRNG
 * (about 92 bits), in groups of four for reading aloud, e.g. k7Qm-Rt2x-Hn4w-Pz9c.
 */
export function temporaryPassword(): string {
  return Array.from({ length: TEMPORARY_GROUPS }, () =>
    Array.from(
      { length: TEMPORARY_GROUP_LENGTH },
      () => TEMPORARY_ALPHABET[randomInt(TEMPORARY_ALPHABET.length)],
    ).join(''),
  ).join('-');
}
