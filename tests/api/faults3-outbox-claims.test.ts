import { afterEach, describe, expect, it } from 'vitest';
import { addDays } from '../../src/domain/time/clock';
import { bookingBody, postBooking } from '../helpers/booking-fixtures';
import { type FakeTelegram, startFakeTelegram } from '../helpers/fake-telegram';
import { BUDI } from '../helpers/roster';
import { type ServerProcess, startServerProcess } from '../helpers/server-process';
import { createTestDatabase, TEST_ENGINE, type TestDatabase } from '../helpers/test-db';
import { waitUntil } from '../helpers/wait-until';

const NOTICES = 5;
const PICKED_UP_WITHIN_MS = 15_000;

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function serverProcess(env: Record<string, string>): Promise<ServerProcess> {
  const server = await startServerProcess({ LOG_LEVEL: 'info', ...env });
  cleanups.push(() => server.stop('SIGKILL'));
  return server;
}

async function outboxRows(database: TestDatabase) {
  const db = database.open();
  try {
    return await db.kysely.selectFrom('outbox').selectAll().orderBy('id').execute();
  } finally {
    await db.close();
  }
}

function telegramEnv(telegram: FakeTelegram) {
  return {
    TELEGRAM_BOT_TOKEN: telegram.telegram.token,
    TELEGRAM_CHAT_ID: telegram.telegram.chatId,
    TELEGRAM_API_URL: telegram.telegram.apiUrl,
  };
}

describe(`the notices an instance had claimed when it was killed (kill -9), on ${TEST_ENGINE}`, () => {
  it(`are sent by the next instance within ${PICKED_UP_WITHIN_MS / 1000} s, each once`, async () => {
    const telegram = await startFakeTelegram();
    cleanups.push(() => telegram.close());
    const database = await createTestDatabase({ roster: [BUDI] });
    cleanups.push(() => database.drop());

    // The notices wait in the outbox, written by an instance that sends none ...
    const quiet = await serverProcess({ DATABASE_URL: database.url, TELEGRAM_BOT_TOKEN: '' });
    const tomorrow = addDays(new Date().toISOString().slice(0, 10), 1);
    for (let hour = 8; hour < 8 + NOTICES; hour++) {
      const start = `${String(hour).padStart(2, '0')}:00`;
      expect((await postBooking(quiet.baseUrl, bookingBody({ date: tomorrow, start, end: `${start.slice(0, 2)}:30` }))).status).toBe(201);
    }
    await quiet.stop('SIGTERM');

    // ... until one that claims them all and hangs in the first send is killed.
    telegram.answer({ kind: 'hang' });
    const doomed = await serverProcess({ DATABASE_URL: database.url, ...telegramEnv(telegram) });
    await waitUntil('the first send hanging', () => telegram.requests.length === 1);
    expect((await outboxRows(database)).every((row) => row.claimed_by !== null && row.locked_until !== null)).toBe(true);
    await doomed.stop('SIGKILL');
    const killedAt = Date.now();
    await waitUntil('the fake to see the request given up', () => telegram.hangingRequests() === 0);
    telegram.answer({ kind: 'ok' });

    await serverProcess({ DATABASE_URL: database.url, ...telegramEnv(telegram) });
    await waitUntil('every notice delivered', () => telegram.delivered.length >= NOTICES, 30_000);

    const late = telegram.delivered.map((message) => message.at - killedAt);
    console.log(`outbox after kill -9: delivered ${late.map((ms) => (ms / 1000).toFixed(1)).join(', ')} s after the kill`);
    expect(Math.max(...late)).toBeLessThanOrEqual(PICKED_UP_WITHIN_MS);
    expect(new Set(telegram.delivered.map((message) => message.text)).size).toBe(NOTICES);
    expect(telegram.delivered).toHaveLength(NOTICES);
    await waitUntil('every row marked sent', async () => (await outboxRows(database)).every((row) => row.sent_at !== null));
  });

  it('sends each notice once but the one in flight at a kill, the window Telegram leaves: 3 kills under load', async () => {
    const telegram = await startFakeTelegram();
    cleanups.push(() => telegram.close());
    const database = await createTestDatabase({ roster: [BUDI] });
    cleanups.push(() => database.drop());
    const quiet = await serverProcess({ DATABASE_URL: database.url, TELEGRAM_BOT_TOKEN: '' });
    const tomorrow = addDays(new Date().toISOString().slice(0, 10), 1);
    const total = 15;
    for (let index = 0; index < total; index++) {
      const start = `${String(8 + (index % 5)).padStart(2, '0')}:00`;
      const date = addDays(tomorrow, Math.floor(index / 5));
      expect((await postBooking(quiet.baseUrl, bookingBody({ date, start, end: `${start.slice(0, 2)}:30` }))).status).toBe(201);
    }
    await quiet.stop('SIGTERM');

    // Telegram takes each message 150 ms to accept: a kill often lands after it accepted one and before the row is marked sent.
    telegram.answer({ kind: 'ok', delayMs: 150 });
    const kills = 3;
    for (let kill = 0; kill < kills; kill++) {
      const before = telegram.requests.length;
      const instance = await serverProcess({ DATABASE_URL: database.url, ...telegramEnv(telegram) });
      await waitUntil('a few sends', () => telegram.requests.length >= before + 3, 30_000);
      await new Promise((resolve) => setTimeout(resolve, 75));
      await instance.stop('SIGKILL');
    }
    await serverProcess({ DATABASE_URL: database.url, ...telegramEnv(telegram) });
    await waitUntil('every row marked sent', async () => (await outboxRows(database)).every((row) => row.sent_at !== null), 60_000);

    const texts = telegram.delivered.map((message) => message.text);
    const duplicates = texts.length - new Set(texts).size;
    console.log(`outbox drill: ${total} notices, ${kills} kills, ${duplicates} duplicate(s), ${texts.length} deliveries`);
    expect(new Set(texts).size).toBe(total);
    // At most the one send in flight at each kill; none from an expired claim.
    expect(duplicates).toBeLessThanOrEqual(kills);
  });
});
