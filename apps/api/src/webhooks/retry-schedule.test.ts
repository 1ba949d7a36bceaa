import { describe, expect, it } from 'vitest';
import { WEBHOOK_RETRY, nextWebhookAttempt } from './retry-schedule.ts';

const HOUR = 3_600_000;
const queuedAt = Date.parse('2026-11-21T10:00:00Z');

/** Every attempt of a delivery whose receiver never answers well, with a given jitter draw. */
function attemptTimes(random: () => number): { times: number[]; deadAt: number } {
  const times = [queuedAt];
  for (;;) {
    const failedAt = times.at(-1) ?? queuedAt;
    const next = nextWebhookAttempt({ queuedAt, failedAt }, random);
    if (next === 'dead') return { times, deadAt: failedAt };
    times.push(next);
  }
}

describe('the webhook retry schedule', () => {
  it('when a receiver keeps failing, then each wait is about as long as it has failed so far, from 30 s', () => {
    const { times } = attemptTimes(() => 0.999_999);
    const waits = times.slice(1, 6).map((time, index) => time - (times[index] ?? 0));

    expect(waits).toEqual([30_000, 30_000, 60_000, 120_000, 240_000]);
  });

  it('when a wait is drawn, then it lies between half and all of the full wait', () => {
    const failedAt = queuedAt + 10 * 60_000;

    expect(nextWebhookAttempt({ queuedAt, failedAt }, () => 0)).toBe(failedAt + 5 * 60_000);
    expect(nextWebhookAttempt({ queuedAt, failedAt }, () => 0.999_999)).toBeCloseTo(
      failedAt + 10 * 60_000,
      -2,
    );
  });

  it('when a receiver fails for good, then it is tried for at least 24 hours, at most 4 hours apart, then dead', () => {
    for (const random of [() => 0, () => 0.5, () => 0.999_999, Math.random]) {
      const { times, deadAt } = attemptTimes(random);
      const gaps = times.slice(1).map((time, index) => time - (times[index] ?? 0));

      expect(deadAt - queuedAt).toBeGreaterThanOrEqual(24 * HOUR);
      expect(deadAt - queuedAt).toBeLessThan(28 * HOUR);
      expect(Math.max(...gaps)).toBeLessThanOrEqual(WEBHOOK_RETRY.maxDelayMs);
      expect(times.length).toBeGreaterThanOrEqual(15);
      expect(times.length).toBeLessThanOrEqual(30);
    }
  });

  it('when the receiver asks for a longer wait with Retry-After, then the next attempt waits at least that long', () => {
    const next = nextWebhookAttempt({ queuedAt, failedAt: queuedAt, retryAfterMs: 600_000 });

    expect(next).toBe(queuedAt + 600_000);
  });

  it('when Retry-After asks for less than the backoff, then the backoff wins', () => {
    const failedAt = queuedAt + HOUR;

    const next = nextWebhookAttempt({ queuedAt, failedAt, retryAfterMs: 1_000 }, () => 0);

    expect(next).toBe(failedAt + HOUR / 2);
  });

  it('when Retry-After asks for days, then the wait is held to a day', () => {
    const next = nextWebhookAttempt({ queuedAt, failedAt: queuedAt, retryAfterMs: 7 * 24 * HOUR });

    expect(next).toBe(queuedAt + 24 * HOUR);
  });

  it('when an attempt fails 24 hours after the delivery was queued, then it is dead', () => {
    expect(nextWebhookAttempt({ queuedAt, failedAt: queuedAt + 24 * HOUR })).toBe('dead');
    expect(nextWebhookAttempt({ queuedAt, failedAt: queuedAt + 24 * HOUR - 1 })).not.toBe('dead');
  });
});
