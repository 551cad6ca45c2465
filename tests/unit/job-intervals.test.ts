import { describe, expect, it } from 'vitest';
import { jobIntervalsFromEnv } from '../../src/server/clock-file';

describe('APP_JOB_INTERVAL_MS (the simulator moves the app clock; the timed loops follow within a moment)', () => {
  it('shortens every timed loop and the outbox when a clock file is set', () => {
    expect(jobIntervalsFromEnv({ APP_JOB_INTERVAL_MS: '100' }, '/tmp/now')).toEqual({
      notifier: { pollIntervalMs: 100, chatGapMs: 100 },
      bot: { schedulerIntervalMs: 100 },
      borrowerRoundIntervalMs: 100,
      provisionalChargeIntervalMs: 100,
      outOfServiceIntervalMs: 100,
      dailyBackupIntervalMs: 100,
    });
  });

  it('changes nothing without a clock file, or without a whole positive number', () => {
    expect(jobIntervalsFromEnv({ APP_JOB_INTERVAL_MS: '100' }, undefined)).toEqual({});
    expect(jobIntervalsFromEnv({}, '/tmp/now')).toEqual({});
    expect(jobIntervalsFromEnv({ APP_JOB_INTERVAL_MS: '0' }, '/tmp/now')).toEqual({});
    expect(jobIntervalsFromEnv({ APP_JOB_INTERVAL_MS: '1.5' }, '/tmp/now')).toEqual({});
  });
});
