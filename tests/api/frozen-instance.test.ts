import { describe, expect, it } from 'vitest';
import { messages } from '../../src/domain/text/messages';
import { addDays, todayIn } from '../../src/domain/time/clock';
import { frozenLockFixtures } from '../helpers/frozen-lock';
import { manyStudents } from '../helpers/roster';
import { startServerProcess } from '../helpers/server-process';
import { createTestDatabase, TEST_ENGINE } from '../helpers/test-db';

const { fixtures, freezeHoldingTheLock } = frozenLockFixtures();

function book(baseUrl: string, body: object, key: string) {
  return fetch(`${baseUrl}/api/bookings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': key },
    body: JSON.stringify(body),
  }).then(async (response) => ({ status: response.status, body: await response.json() }));
}

describe.runIf(TEST_ENGINE === 'postgres')('an instance frozen (SIGSTOP) inside the booking transaction', () => {
  it('holds the booking lock only until PostgreSQL ends its idle transaction: the other instance books again within 6 s', async () => {
    const database = await createTestDatabase({ roster: manyStudents('Beku', 4) });
    fixtures.database = database;
    const env = { DATABASE_URL: database.url, LOG_LEVEL: 'error' };
    const frozen = await startServerProcess(env);
    fixtures.servers.push(frozen);
    const other = await startServerProcess(env);
    fixtures.servers.push(other);
    const date = addDays(todayIn('Asia/Jakarta', new Date()), 4);
    const slot = (name: string, start: string) => ({ name, date, start, end: `${start.slice(0, 2)}:45`, reason: 'beku', needStnk: '' });

    // The first instance's booking waits for the lock inside its transaction, is frozen there and then holds it.
    const { reply: frozenReply } = await freezeHoldingTheLock(database.url, frozen, () =>
      book(frozen.baseUrl, slot('Beku 1', '08:00'), 'beku-1'),
    );

    const started = Date.now();
    let reply = await book(other.baseUrl, slot('Beku 2', '10:00'), 'beku-2');
    const refusals: unknown[] = [];
    // The form sends a refused booking again with the same key; so does this client.
    while (reply.status === 503 && Date.now() - started < 20_000) {
      refusals.push(reply.body);
      reply = await book(other.baseUrl, slot('Beku 2', '10:00'), 'beku-2');
    }
    const waited = Date.now() - started;
    expect(reply.status).toBe(201);
    expect(waited).toBeLessThan(6000);
    for (const refusal of refusals) expect(refusal).toEqual({ message: messages.storageTrouble });
    console.log(`frozen-instance: the other instance booked ${waited} ms after the lock froze, after ${refusals.length} refusal(s)`);

    // The other instance booked while this one was still stopped: its lock was taken from it. Thawed, it answers its waiting client and books again.
    frozen.child.kill('SIGCONT');
    const late = await frozenReply;
    expect([201, 503]).toContain(late.status);
    const retried = await book(frozen.baseUrl, slot('Beku 1', '08:00'), 'beku-1');
    expect(retried.status).toBe(201);
  });
});

if (TEST_ENGINE !== 'postgres') console.log('frozen-instance: the booking lock shared by instances is a PostgreSQL test');
