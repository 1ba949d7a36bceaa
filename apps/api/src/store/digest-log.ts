import type Database from 'better-sqlite3';

/**
 * Which daily digests went out, kept beside the leads so a restart, or a second instance on the
 * same file, never sends one twice. A digest is claimed for a while before it is sent, like a
 * lead in the outbox: a crash mid-send lets the claim lapse and the digest is tried again.
 */
export interface DigestLog {
  /** True when `owner` may send the digest of `day` now; false when it is sent or being sent. */
  claimDigest(day: string, owner: string, now: number, leaseMs: number): boolean;
  markDigestSent(day: string, owner: string, now: number): void;
  /** Gives the claim up after a failed send; the digest may be tried again from `retryAt`. */
  releaseDigest(day: string, owner: string, retryAt: number): void;
  /** The most recent day whose digest was sent, as YYYY-MM-DD. */
  lastDigestDay(): string | undefined;
}

export function createDigestLog(db: Database.Database): DigestLog {
  const claim = db.prepare<{ day: string; owner: string; now: number; until: number }>(`
    INSERT INTO digests (day, claimed_by, claimed_until) VALUES (@day, @owner, @until)
    ON CONFLICT (day) DO UPDATE SET claimed_by = excluded.claimed_by,
      claimed_until = excluded.claimed_until
    WHERE digests.sent_at IS NULL AND digests.claimed_until <= @now`);
  const sent = db.prepare<{ day: string; owner: string; now: number }>(`
    UPDATE digests SET sent_at = @now, claimed_until = @now
    WHERE day = @day AND claimed_by = @owner`);
  const release = db.prepare<{ day: string; owner: string; retryAt: number }>(`
    UPDATE digests SET claimed_until = @retryAt
    WHERE day = @day AND claimed_by = @owner AND sent_at IS NULL`);
  const last = db.prepare<[], { day: string }>(
    `SELECT day FROM digests WHERE sent_at IS NOT NULL ORDER BY day DESC LIMIT 1`,
  );

  return {
    claimDigest: (day, owner, now, leaseMs) =>
      claim.run({ day, owner, now, until: now + leaseMs }).changes > 0,
    markDigestSent(day, owner, now) {
      sent.run({ day, owner, now });
    },
    releaseDigest(day, owner, retryAt) {
      release.run({ day, owner, retryAt });
    },
    lastDigestDay: () => last.get()?.day,
  };
}
