import { afterEach, describe, expect, it } from 'vitest';
import { messages } from '../../src/domain/text/messages';
import { addDays, todayIn } from '../../src/domain/time/clock';
import { type PostgresRelay, relayToPostgres } from '../helpers/pg-relay';
import { manyStudents } from '../helpers/roster';
import { type ServerProcess, startServerProcess } from '../helpers/server-process';
import { createTestDatabase, TEST_ENGINE, type TestDatabase } from '../helpers/test-db';
import { waitUntil } from '../helpers/wait-until';

const STUDENTS = manyStudents('Padam', 24);
// What the server may log in the whole test at LOG_LEVEL=info, an outage included.
const LOG_CEILING_BYTES = 16 * 1024;

let database: TestDatabase | undefined;
let relay: PostgresRelay | undefined;
let server: ServerProcess | undefined;

afterEach(async () => {
  await server?.stop('SIGKILL');
  server = undefined;
  await relay?.close();
  relay = undefined;
  await database?.drop();
  database = undefined;
});

interface Answers {
  statuses: number[];
  bodies: unknown[];
}

describe.runIf(TEST_ENGINE === 'postgres')('while PostgreSQL is away', () => {
  it('answers 200 or 503 (never 500), loses no acknowledged booking, saves none it refused, and logs little', async () => {
    database = await createTestDatabase({ roster: STUDENTS });
    relay = await relayToPostgres(database.url);
    server = await startServerProcess({ DATABASE_URL: relay.url, LOG_LEVEL: 'info', PG_CONNECT_TIMEOUT_MS: '1000' });
    const baseUrl = server.baseUrl;
    const today = todayIn('Asia/Jakarta', new Date());
    let stopped = false;
    let down = false;
    const acknowledged = new Set<string>();
    const during: Answers = { statuses: [], bodies: [] };
    const all: Answers = { statuses: [], bodies: [] };
    const record = async (response: Response) => {
      const body = await response.json();
      all.statuses.push(response.status);
      all.bodies.push(body);
      if (down) {
        during.statuses.push(response.status);
        during.bodies.push(body);
      }
      return body;
    };

    // Each booking is sent again with its key after a refusal, as the form does, until it is answered for good.
    const booker = async (index: number) => {
      for (let attempt = 0; !stopped; attempt++) {
        const date = addDays(today, 10 + index * 40 + Math.floor(attempt / 24));
        const start = `${String(attempt % 24).padStart(2, '0')}:00`;
        const body = { name: STUDENTS[attempt % 24]?.name, date, start, end: `${start.slice(0, 2)}:30`, reason: 'padam', needStnk: '' };
        for (;;) {
          const response = await fetch(`${baseUrl}/api/bookings`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'idempotency-key': `padam-${index}-${attempt}` },
            body: JSON.stringify(body),
          });
          await record(response);
          if (response.status === 201) acknowledged.add(`${date} ${start}`);
          if (response.status !== 503) break;
          expect(response.headers.get('retry-after')).toBe('5');
        }
      }
    };
    const reader = async () => {
      while (!stopped) await record(await fetch(`${baseUrl}/api/bookings?date=${addDays(today, 10)}`));
    };
    const load = [0, 1, 2].map(booker).concat([reader(), reader()]);

    try {
      await waitUntil('bookings before the outage', () => acknowledged.size >= 10);
      down = true;
      relay.cut();
      await waitUntil(
        'refusals during the outage',
        () =>
          during.statuses.filter((status) => status === 503).length >= 20 &&
          during.bodies.some((body) => JSON.stringify(body).includes(messages.scheduleUnavailable)),
        30_000,
      );
      expect((await fetch(`${baseUrl}/healthz`)).status).toBe(503);
      const beforeReturn = acknowledged.size;
      down = false;
      relay.restore();
      await waitUntil('bookings after the outage', () => acknowledged.size >= beforeReturn + 10, 30_000);
    } finally {
      stopped = true;
      await Promise.all(load);
    }

    expect(all.statuses.filter((status) => ![200, 201, 503].includes(status))).toEqual([]);
    const refusals = during.bodies.filter((_body, index) => during.statuses[index] === 503);
    const told: string[] = [messages.storageTrouble, messages.scheduleUnavailable];
    expect(refusals.filter((body) => !told.includes((body as { message: string }).message))).toEqual([]);
    expect((await fetch(`${baseUrl}/healthz`)).status).toBe(200);

    const check = database.open();
    try {
      const rows = await check.kysely.selectFrom('borrow_request').select(['borrow_date', 'start_time']).execute();
      const stored = rows.map((row) => `${row.borrow_date} ${row.start_time}`);
      expect(new Set(stored).size).toBe(stored.length);
      expect(stored.sort()).toEqual([...acknowledged].sort());
    } finally {
      await check.close();
    }
    const log = server.output();
    console.log(`database-outage: ${all.statuses.length} answers, ${during.statuses.length} during the outage, ${log.length} bytes of log`);
    expect(log.length).toBeLessThan(LOG_CEILING_BYTES);
  });
});

if (TEST_ENGINE !== 'postgres') console.log('database-outage: PostgreSQL taken away behind a relay is a PostgreSQL test');
