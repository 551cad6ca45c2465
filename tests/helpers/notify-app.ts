import type { BookingNotice } from '../../src/domain/chat/telegram-text';
import { enqueueBookingNotice } from '../../src/server/bookings/owner-notice';
import type { TelegramConfig } from '../../src/server/config';
import { DEFAULT_NOTIFIER_OPTIONS, type NotifierOptions } from '../../src/server/telegram/outbox/worker';
import { type FakeTelegram, startFakeTelegram } from './fake-telegram';
import { startTestApp, type TestApp } from './test-app';
import type { TestDatabase } from './test-db';

export interface TestClock {
  now: () => Date;
  advance(ms: number): void;
}

/** A clock the test moves by hand, so retry waits of minutes or hours pass at once. */
export function createTestClock(start = '2026-11-22T01:00:00.000Z'): TestClock {
  let at = new Date(start).getTime();
  return {
    now: () => new Date(at),
    advance: (ms) => {
      at += ms;
    },
  };
}

export type NotifyingApp = TestApp & { logs: string[] };

/**
 * The outbox as tests run it: polling every 20 ms, a 2 s request timeout (short, yet ample on a
 * loaded machine), and Telegram's pacing shortened, as most tests send several messages to one
 * chat and prove something else; the pacing tests pass PRODUCTION_PACING.
 */
export const TEST_NOTIFIER: Partial<NotifierOptions> = { pollIntervalMs: 20, requestTimeoutMs: 2000, sendGapMs: 1, chatGapMs: 20 };

export const PRODUCTION_PACING: Partial<NotifierOptions> = {
  sendGapMs: DEFAULT_NOTIFIER_OPTIONS.sendGapMs,
  chatGapMs: DEFAULT_NOTIFIER_OPTIONS.chatGapMs,
};

/** The real app with the outbox as TEST_NOTIFIER runs it and the production retry schedule on `clock`; its log lines are kept in `logs`. */
export async function startNotifyingApp(
  telegram: TelegramConfig | undefined,
  clock: TestClock,
  { database, notifier }: { database?: TestDatabase; notifier?: Partial<NotifierOptions> } = {},
): Promise<NotifyingApp> {
  const logs: string[] = [];
  const testApp = await startTestApp({
    now: clock.now,
    config: { telegram },
    database,
    buildOptions: {
      notifier: { ...TEST_NOTIFIER, ...notifier },
      logger: { level: 'info', stream: { write: (line: string) => logs.push(line) } },
    },
  });
  return { ...testApp, logs };
}

export async function outboxRows(testApp: { db: TestApp['db'] }) {
  return testApp.db.kysely.selectFrom('outbox').selectAll().orderBy('id').execute();
}

export async function firstOutboxRow(testApp: { db: TestApp['db'] }) {
  const [row] = await outboxRows(testApp);
  if (!row) throw new Error('the outbox is empty');
  return row;
}

export const sampleNotice: BookingNotice = {
  name: 'Budi Santoso',
  class: 'PPTI 21',
  date: '2026-11-22',
  start: '08:00',
  end: '10:00',
  endDate: '2026-11-22',
  reason: 'Kuliah pagi',
  needStnk: true,
  voucherCode: null,
};

/** Writes a notice into the app's outbox as the booking transaction does. */
export async function enqueueNotice(
  testApp: { db: TestApp['db'] },
  clock: TestClock,
  overrides: Partial<BookingNotice> = {},
): Promise<void> {
  await enqueueBookingNotice(testApp.db.kysely, { ...sampleNotice, ...overrides }, clock.now());
}

/** Fake Bot APIs and notifying apps that `cleanup()` (run it after each test) closes, newest first. */
export function notifyFixtures() {
  const cleanups: (() => Promise<unknown>)[] = [];
  return {
    fake: async (): Promise<FakeTelegram> => {
      const telegram = await startFakeTelegram();
      cleanups.push(() => telegram.close());
      return telegram;
    },
    app: async (
      telegram: TelegramConfig | undefined,
      clock: TestClock,
      options: { database?: TestDatabase; notifier?: Partial<NotifierOptions> } = {},
    ): Promise<NotifyingApp> => {
      const testApp = await startNotifyingApp(telegram, clock, options);
      cleanups.push(() => testApp.close());
      return testApp;
    },
    cleanup: async (): Promise<void> => {
      for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    },
  };
}
