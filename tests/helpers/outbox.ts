import type { BookingNotice } from '../../src/domain/chat/telegram-text';
import { enqueueBookingNotice } from '../../src/server/bookings/owner-notice';
import type { TestClock } from './clock';
import { type FakeTelegram, startFakeTelegram } from './fake-telegram';
import { startTestApp, type TestApp, type TestAppOptions } from './test-app';

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

/** Fake Bot APIs and test apps that `cleanup()` (run it after each test) closes, newest first. */
export function notifyFixtures() {
  const cleanups: (() => Promise<unknown>)[] = [];
  return {
    fake: async (): Promise<FakeTelegram> => {
      const telegram = await startFakeTelegram();
      cleanups.push(() => telegram.close());
      return telegram;
    },
    app: async (options: TestAppOptions): Promise<TestApp> => {
      const testApp = await startTestApp(options);
      cleanups.push(() => testApp.close());
      return testApp;
    },
    cleanup: async (): Promise<void> => {
      for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    },
  };
}
