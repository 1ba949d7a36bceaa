import { describe, expect, it } from 'vitest';
import { WEBHOOK_RETRY, nextWebhookAttempt } from './retry-schedule.ts';

const HOUR = 3_600_000;
const createdAt = Date.parse('2026-11-21T10:00:00Z');

/** Every attempt of a delivery whose receiver never answers well, with a given jitter draw. */
function attemptTimes(random: () => number): { times: number[]; deadAt: number } {
  const times = [createdAt];
  for (;;) {
    const failedAt = times.at(-1) ?? createdAt;
    const next = nextWebhookAttempt({ createdAt, failedAt, attempts: times.length }, random);
    if (next === 'dead') return { times, deadAt: failedAt };
    times.push(next);
  }
}

describe('the webhook retry schedule', () => {
  it('when the first attempts fail, then the waits double from 30 s, each drawn between half and all of it', () => {
    const waits = (random: () => number) =>
      [1, 2, 3, 4].map(
        (attempts) =>
          (nextWebhookAttempt({ createdAt, failedAt: createdAt, attempts }, random) as number) -
          createdAt,
      );

    expect(waits(() => 0.999_999)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(waits(() => 0)).toEqual([15_000, 30_000, 60_000, 120_000]);
  });

  it('when a receiver fails for good, then it is tried for at least 24 hours, at most every 4 hours late on, then dead', () => {
    for (const random of [() => 0, () => 0.5, () => 0.999_999, Math.random]) {
      const { times, deadAt } = attemptTimes(random);
      const gaps = times.slice(1).map((time, index) => time - (times[index] ?? 0));

      expect(deadAt - createdAt).toBeGreaterThanOrEqual(24 * HOUR);
      expect(deadAt - createdAt).toBeLessThan(28 * HOUR);
      expect(Math.max(...gaps)).toBeLessThanOrEqual(WEBHOOK_RETRY.maxDelayMs);
      expect(times.length).toBeGreaterThanOrEqual(12);
      expect(times.length).toBeLessThanOrEqual(22);
    }
  });

  it('when the receiver asks for a longer wait with Retry-After, then the next attempt waits at least that long', () => {
    const next = nextWebhookAttempt({
      createdAt,
      failedAt: createdAt,
      attempts: 1,
      retryAfterMs: 600_000,
    });

    expect(next).toBe(createdAt + 600_000);
  });

  it('when Retry-After asks for less than the backoff, then the backoff wins', () => {
    const next = nextWebhookAttempt(
      { createdAt, failedAt: createdAt, attempts: 5, retryAfterMs: 1_000 },
      () => 0,
    );

    expect(next).toBe(createdAt + 240_000);
  });

  it('when Retry-After asks for days, then the wait is held to a day', () => {
    const next = nextWebhookAttempt({
      createdAt,
      failedAt: createdAt,
      attempts: 1,
      retryAfterMs: 7 * 24 * HOUR,
    });

    expect(next).toBe(createdAt + 24 * HOUR);
  });

  it('when an attempt fails 24 hours after the lead came in, then the delivery is dead', () => {
    expect(nextWebhookAttempt({ createdAt, failedAt: createdAt + 24 * HOUR, attempts: 3 })).toBe(
      'dead',
    );
    expect(
      nextWebhookAttempt({ createdAt, failedAt: createdAt + 24 * HOUR - 1, attempts: 3 }),
    ).not.toBe('dead');
  });
});
