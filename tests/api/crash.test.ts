import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { addDays, todayIn } from '../../src/domain/time/clock';
import { manyStudents } from '../helpers/roster';
import { type ServerProcess, startServerProcess } from '../helpers/server-process';
import { createTestDatabase, TEST_ENGINE, type TestDatabase } from '../helpers/test-db';

const CLIENTS = 8;
const ROUNDS = 5;
const STUDENTS = manyStudents('Penguji', 20);

let database: TestDatabase | undefined;
let server: ServerProcess | undefined;

afterEach(async () => {
  await server?.stop('SIGKILL');
  await database?.drop();
});

/** One client: books one free hour after another until the server stops answering; returns the date and start of each booking it was promised. */
async function client(baseUrl: string, clientIndex: number, round: number, stopped: () => boolean): Promise<string[]> {
  const promised: string[] = [];
  for (let attempt = 0; !stopped(); attempt++) {
    // Each client books its own hours on its own dates, so every request is a valid booking.
    const date = addDays(todayIn('Asia/Jakarta', new Date()), 10 + round * 100 + clientIndex * 10 + Math.floor(attempt / 20));
    const hour = 2 + (attempt % 20);
    const body = {
      name: STUDENTS[attempt % 20]?.name,
      date,
      start: `${String(hour).padStart(2, '0')}:00`,
      end: `${String(hour).padStart(2, '0')}:30`,
      reason: `crash ${round}`,
      needStnk: '',
    };
    try {
      const response = await fetch(`${baseUrl}/api/bookings`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (response.status === 201) promised.push(`${body.date} ${body.start}`);
    } catch {
      return promised;
    }
  }
  return promised;
}

describe(`a server killed mid-write (${TEST_ENGINE})`, () => {
  it(`loses no booking it confirmed, over ${ROUNDS} kills, and keeps their notifications`, async () => {
    database = await createTestDatabase({ roster: STUDENTS });
    // Notifications on, pointed at a port nobody listens on: every notice stays pending in the outbox.
    const env = {
      DATABASE_URL: database.url,
      TELEGRAM_BOT_TOKEN: '1:crash',
      TELEGRAM_CHAT_ID: '1',
      TELEGRAM_API_URL: 'http://127.0.0.1:9',
      // Each round books on dates of its own, hundreds of days ahead.
      BOOKING_HORIZON_DAYS: '3650',
    };

    const confirmed: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      server = await startServerProcess(env);
      let killed = false;
      const clients = Array.from({ length: CLIENTS }, (_, index) => client(server?.baseUrl ?? '', index, round, () => killed));
      await new Promise((resolve) => setTimeout(resolve, 150 + Math.random() * 600));
      killed = true;
      await server.stop('SIGKILL');
      for (const ids of await Promise.all(clients)) confirmed.push(...ids);
    }
    expect(confirmed.length).toBeGreaterThan(0);

    server = await startServerProcess(env);
    const check = database.open();
    try {
      const rows = await check.kysely.selectFrom('borrow_request').select(['borrow_date', 'start_time']).execute();
      const stored = new Set(rows.map((row) => `${row.borrow_date} ${row.start_time}`));
      expect(confirmed.filter((booking) => !stored.has(booking))).toEqual([]);
      const notices = await check.kysely
        .selectFrom('outbox')
        .select(({ fn }) => fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(notices.n)).toBe(stored.size);
      if (check.engine === 'sqlite') {
        const integrity = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(check.kysely);
        expect(integrity.rows).toEqual([{ integrity_check: 'ok' }]);
      }
    } finally {
      await check.close();
    }
  });
});
