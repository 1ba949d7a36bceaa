/** 21 Nov 2026, 3:45 pm in India. */
export const START_TIME = Date.parse('2026-11-21T10:15:00Z');

/** The API's clock (`now()`), moved on by the test instead of by waiting. */
export interface TestClock {
  now(): number;
  advance(ms: number): void;
}

export function createTestClock(start = START_TIME): TestClock {
  let now = start;
  return {
    now: () => now,
    advance: (ms) => {
      now += ms;
    },
  };
}
