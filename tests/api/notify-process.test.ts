import { afterEach, describe, expect, it } from 'vitest';
import { addDays } from '../../src/domain/time/clock';
import { bookingBody, postBooking } from '../helpers/booking-fixtures';
import { startFakeTelegram } from '../helpers/fake-telegram';
import { BUDI } from '../helpers/roster';
import { type ServerProcess, startServerProcess } from '../helpers/server-process';
import { startTestApp } from '../helpers/test-app';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db';
import { waitUntil } from '../helpers/wait-until';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function serverProcess(env: Record<string, string>): Promise<ServerProcess> {
  const server = await startServerProcess({ LOG_LEVEL: 'info', ...env });
  cleanups.push(() => server.stop());
  return server;
}

/** A fresh database whose roster holds the student who books. */
async function databaseWithRoster(): Promise<TestDatabase> {
  const database = await createTestDatabase({ roster: [BUDI] });
  cleanups.push(() => database.drop());
  return database;
}

/** Books an hour from `start` tomorrow, a date never in the past for the server, whatever its zone. */
async function book(server: { baseUrl: string }, start: string): Promise<number> {
  const end = `${String(Number(start.slice(0, 2)) + 1).padStart(2, '0')}:00`;
  const tomorrow = addDays(new Date().toISOString().slice(0, 10), 1);
  return (await postBooking(server.baseUrl, bookingBody({ date: tomorrow, start, end }))).status;
}

async function outboxRows(database: TestDatabase) {
  const db = database.open();
  const rows = await db.kysely.selectFrom('outbox').selectAll().orderBy('id').execute();
  await db.close();
  return rows;
}

describe('the server process and its notifications', () => {
  it('stops cleanly during a hanging send, keeps the message pending and sends it after the next start', async () => {
    const telegram = await startFakeTelegram();
    cleanups.push(() => telegram.close());
    telegram.answer({ kind: 'hang' });
    const database = await databaseWithRoster();
    const env = {
      DATABASE_URL: database.url,
      TELEGRAM_BOT_TOKEN: telegram.telegram.token,
      TELEGRAM_CHAT_ID: telegram.telegram.chatId,
      TELEGRAM_API_URL: telegram.telegram.apiUrl,
    };
    const first = await serverProcess(env);
    expect(await book(first, '08:00')).toBe(201);
    await waitUntil('the hanging request', () => telegram.requests.length === 1);
    expect(await first.stop('SIGTERM')).toBe(0);
    expect(await outboxRows(database)).toMatchObject([{ attempts: 0, sent_at: null, locked_until: null }]);
    // Else the request of the stopped server, still open as the fake sees it, would be answered and counted.
    await waitUntil('the fake to see the request given up', () => telegram.hangingRequests() === 0);

    telegram.answer({ kind: 'ok' });
    const second = await serverProcess(env);
    await waitUntil('the delivery after restart', () => telegram.delivered.length === 1);
    await waitUntil('the row marked sent', async () => (await outboxRows(database))[0]?.sent_at !== null);
    expect(telegram.requests).toHaveLength(2);
    // The worker logs after it has marked the row sent, and the line crosses a pipe: wait for it.
    await waitUntil('the sent log line', () => second.output().includes('Telegram notification sent'));
    expect(first.output() + second.output()).not.toContain(telegram.telegram.token);
  });

  it('with the token unset says once that notifications are off and sends nothing', async () => {
    const telegram = await startFakeTelegram();
    cleanups.push(() => telegram.close());
    const database = await databaseWithRoster();
    const off = await serverProcess({
      DATABASE_URL: database.url,
      TELEGRAM_BOT_TOKEN: '',
      TELEGRAM_CHAT_ID: telegram.telegram.chatId,
      TELEGRAM_API_URL: telegram.telegram.apiUrl,
    });
    // The line crosses a pipe: wait for it.
    await waitUntil('the notifications-off line', () => off.output().includes('Telegram notifications are off'));
    expect(off.output().match(/Telegram notifications are off/g)).toHaveLength(1);

    // A configured instance on the same database, polling every second as in production, sends
    // both notices; the unconfigured one has had a full poll interval with due messages meanwhile.
    expect(await book(off, '08:00')).toBe(201);
    const on = await startTestApp({ database, config: { telegram: telegram.telegram } });
    cleanups.push(() => on.close());
    await waitUntil('the first delivery', () => telegram.delivered.length === 1);
    expect(await book(off, '10:00')).toBe(201);
    await waitUntil('the second delivery', () => telegram.delivered.length === 2);
    // Telegram has answered before the row is marked sent.
    await waitUntil('both rows marked sent', async () => (await outboxRows(database)).every((row) => row.sent_at !== null));
    expect(telegram.requests.map((request) => request.path)).toEqual([
      `/bot${telegram.telegram.token}/sendMessage`,
      `/bot${telegram.telegram.token}/sendMessage`,
    ]);
    expect((await outboxRows(database)).map((row) => row.attempts)).toEqual([1, 1]);
    expect(off.output().match(/Telegram notifications are off/g)).toHaveLength(1);
  });
});
