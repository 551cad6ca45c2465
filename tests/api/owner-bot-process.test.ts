import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeTelegram } from '../helpers/fake-telegram';
import { type ServerProcess, startServerProcess } from '../helpers/server-process';
import { createTestDatabase } from '../helpers/test-db';
import { waitUntil } from '../helpers/wait-until';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const POLLING = 'this instance polls now';

describe('the poller across server processes', () => {
  it('a poller killed with SIGKILL is replaced once its lease expires, and no update is handled twice', async () => {
    const telegram = await startFakeTelegram();
    cleanups.push(() => telegram.close());
    const database = await createTestDatabase();
    cleanups.push(() => database.drop());
    const dir = mkdtempSync(join(tmpdir(), 'pinjam-clock-'));
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
    const clockFile = join(dir, 'now');
    writeFileSync(clockFile, '2026-11-22T00:00:00.000Z');
    const env = {
      DATABASE_URL: database.url,
      TELEGRAM_BOT_TOKEN: telegram.telegram.token,
      TELEGRAM_CHAT_ID: telegram.telegram.chatId,
      TELEGRAM_API_URL: telegram.telegram.apiUrl,
      TELEGRAM_POLL_TIMEOUT_SECONDS: '1',
      TELEGRAM_POLLER_LEASE_SECONDS: '30',
      APP_CLOCK_FILE: clockFile,
      LOG_LEVEL: 'info',
    };
    const start = async (): Promise<ServerProcess> => {
      const server = await startServerProcess(env);
      cleanups.push(() => server.stop('SIGKILL'));
      return server;
    };
    const first = await start();
    await waitUntil('the first instance polling', () => first.output().includes(POLLING));
    const second = await start();

    const firstId = telegram.pushUpdate(telegram.textUpdate('/bantuan'));
    await waitUntil('the first answer', () => telegram.delivered.length === 1);
    // Killed only once the answer is recorded as sent: a send cut off by a kill is sent again (at least once).
    const db = database.open();
    await waitUntil('the answer recorded', async () =>
      (await db.kysely.selectFrom('outbox').select('sent_at').execute()).every((row) => row.sent_at !== null),
    );
    await db.close();
    expect(second.output()).not.toContain(POLLING);

    // Killed outright: its lease stays in the database until it expires on the app clock.
    await first.stop('SIGKILL');
    const pollsBefore = telegram.polls.length;
    const secondId = telegram.pushUpdate(telegram.textUpdate('/jadwal'));
    writeFileSync(clockFile, '2026-11-22T00:00:31.000Z');
    await waitUntil('the second instance polling', () => second.output().includes(POLLING));
    await waitUntil('the second answer', () => telegram.delivered.length === 2);

    expect(telegram.delivered.map((message) => message.source)).toEqual([
      expect.stringMatching(/^Perintah:/),
      'Belum ada peminjaman hari ini.',
    ]);
    // The new poller went on from the stored offset: update 1 was never fetched again.
    const offsets = telegram.polls.slice(pollsBefore).map((poll) => (poll.body as { offset?: number }).offset);
    expect(offsets.length).toBeGreaterThan(0);
    for (const offset of offsets) expect(offset).toBeGreaterThan(firstId);
    expect(offsets).toContain(secondId);
    expect(telegram.maxOpenPolls()).toBe(1);
    expect(first.output() + second.output()).not.toContain(telegram.telegram.token);
  });
});
