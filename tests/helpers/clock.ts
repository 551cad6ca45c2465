export interface TestClock {
  now: () => Date;
  advance(ms: number): void;
}

/** A clock the test moves by hand, so waits of minutes or hours pass at once; 08:00 in Jakarta on 2026-11-22 unless told. */
export function createTestClock(start: Date | string = '2026-11-22T01:00:00.000Z'): TestClock {
  let at = new Date(start).getTime();
  return {
    now: () => new Date(at),
    advance: (ms) => {
      at += ms;
    },
  };
}
