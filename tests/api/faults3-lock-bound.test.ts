import { describe, expect, it } from 'vitest';
import { addDays, todayIn } from '../../src/domain/time/clock';
import { frozenLockFixtures } from '../helpers/frozen-lock';
import { manyStudents } from '../helpers/roster';
import { startServerProcess } from '../helpers/server-process';
import { createTestDatabase, TEST_ENGINE } from '../helpers/test-db';

const CLIENTS = 4;
// PG_LOCK_TIMEOUT_MS (3 s) and what a request costs besides waiting for the lock.
const BOUND_MS = 3_500;

const { fixtures, freezeHoldingTheLock } = frozenLockFixtures();

async function book(baseUrl: string, body: object, key: string): Promise<{ status: number; ms: number }> {
  const started = Date.now();
  const response = await fetch(`${baseUrl}/api/bookings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': key },
    body: JSON.stringify(body),
  });
  await response.arrayBuffer();
  return { status: response.status, ms: Date.now() - started };
}

describe.runIf(TEST_ENGINE === 'postgres')('bookings while another instance is frozen holding the booking lock', () => {
  it(`never wait longer than the lock timeout in all (≤ ${BOUND_MS} ms a request), then book`, async () => {
    const database = await createTestDatabase({ roster: manyStudents('Tunggu', CLIENTS + 1) });
    fixtures.database = database;
    const env = { DATABASE_URL: database.url, LOG_LEVEL: 'error' };
    // Its session outlives two lock timeouts of the other, so requests queue behind a batch that timed out.
    const frozen = await startServerProcess({ ...env, PG_IDLE_IN_TRANSACTION_TIMEOUT_MS: '8000' });
    fixtures.servers.push(frozen);
    const other = await startServerProcess(env);
    fixtures.servers.push(other);
    const date = addDays(todayIn('Asia/Jakarta', new Date()), 5);
    const slot = (name: string, hour: number) => {
      const start = `${String(hour).padStart(2, '0')}:00`;
      return { name, date, start, end: `${start.slice(0, 2)}:30`, reason: 'tunggu', needStnk: '' };
    };
    const { reply: frozenReply } = await freezeHoldingTheLock(database.url, frozen, () =>
      book(frozen.baseUrl, slot(`Tunggu ${CLIENTS + 1}`, 20), 'beku-0'),
    );
    frozenReply.catch(() => {});

    const answers: { status: number; ms: number }[] = [];
    // Each client books one hour after another, sending a refused one again with its key as the form does.
    const client = async (index: number) => {
      for (let round = 0; round < 3; round++) {
        for (;;) {
          const answer = await book(other.baseUrl, slot(`Tunggu ${index + 1}`, 6 + index * 3 + round), `tunggu-${index}-${round}`);
          answers.push(answer);
          if (answer.status !== 503) break;
        }
      }
    };
    // Staggered, so requests arrive while a batch is already waiting for the lock.
    await Promise.all(
      Array.from({ length: CLIENTS }, (_, index) => new Promise((resolve) => setTimeout(resolve, index * 700)).then(() => client(index))),
    );

    const slowest = Math.max(...answers.map((answer) => answer.ms));
    console.log(`lock bound: ${answers.length} answers, slowest ${slowest} ms, ${answers.filter((a) => a.status === 503).length} refusals`);
    expect(answers.filter((answer) => ![201, 503].includes(answer.status))).toEqual([]);
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(CLIENTS * 3);
    expect(answers.filter((answer) => answer.status === 503).length).toBeGreaterThanOrEqual(CLIENTS);
    expect(slowest).toBeLessThanOrEqual(BOUND_MS);
  });
});

if (TEST_ENGINE !== 'postgres') console.log('faults3-lock-bound: the booking lock shared by instances is a PostgreSQL test');
