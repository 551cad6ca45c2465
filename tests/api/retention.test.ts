import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database';
import { createTestClock, type TestClock } from '../helpers/clock';
import { BUDI, seedRoster } from '../helpers/roster';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { createTestDatabase, TEST_ENGINE, type TestDatabase } from '../helpers/test-db';
import { waitUntil } from '../helpers/wait-until';

const DAY_MS = 24 * 60 * 60_000;
// 08:00 in Jakarta on 2031-11-22: five years after the first bookings below.
const START = '2031-11-22T01:00:00.000Z';

const daysBefore = (clock: TestClock, days: number) => new Date(clock.now().getTime() - days * DAY_MS).toISOString();

/** Rows of each kind the job may delete, one past RETENTION_DAYS (90) and one inside it, and history it must keep. */
async function seedHistory(db: Db, clock: TestClock): Promise<void> {
  const [budi] = await seedRoster(db, [BUDI]);
  const outbox = (key: string, days: number, sent: 'sent' | 'unsent' | 'given up') => ({
    kind: 'booking-created',
    payload: '{}',
    created_at: daysBefore(clock, days),
    attempts: 1,
    next_attempt_at: daysBefore(clock, days),
    locked_until: null,
    sent_at: sent === 'sent' ? daysBefore(clock, days) : null,
    given_up_at: sent === 'given up' ? daysBefore(clock, days) : null,
    last_error: null,
    dedupe_key: key,
    sent_chat_id: null,
    sent_message_id: null,
    chat_id: null,
    claimed_by: null,
  });
  await db.kysely
    .insertInto('outbox')
    .values([
      outbox('old-sent', 91, 'sent'),
      outbox('recent-sent', 89, 'sent'),
      outbox('old-given-up', 400, 'given up'),
      outbox('old-unsent', 400, 'unsent'),
    ])
    .execute();
  await db.kysely
    .insertInto('address_events')
    .values([
      { kind: 'booking', ip: '203.0.113.1', at: daysBefore(clock, 91) },
      { kind: 'booking', ip: '203.0.113.2', at: daysBefore(clock, 89) },
    ])
    .execute();
  const key = (name: string, expiredDaysAgo: number) => ({
    key: name,
    request_hash: 'h',
    status: 201,
    body: '{}',
    created_at: daysBefore(clock, expiredDaysAgo + 1),
    expires_at: daysBefore(clock, expiredDaysAgo),
  });
  await db.kysely
    .insertInto('idempotency_keys')
    .values([key('old-key', 91), key('recent-key', 89), key('live-key', -1)])
    .execute();
  const fiveYearsAgo = daysBefore(clock, 5 * 365);
  const booking = await db.kysely
    .insertInto('borrow_request')
    .values({
      users_id: budi?.id ?? '',
      borrow_date: fiveYearsAgo.slice(0, 10),
      start_time: '08:00',
      end_time: '10:00',
      end_date: fiveYearsAgo.slice(0, 10),
      reason: 'Kuliah pagi',
      need_stnk: false,
      voucher_code: null,
      created_at: fiveYearsAgo,
      returned_at: fiveYearsAgo,
      returned_by_kind: 'owner',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.kysely
    .insertInto('ledger_entry')
    .values({
      kind: 'expense',
      entry_date: fiveYearsAgo.slice(0, 10),
      cash: -20_000,
      owed: 0,
      created_at: fiveYearsAgo,
      created_by: 'Bendahara',
    })
    .execute();
  await db.kysely
    .insertInto('audit_log')
    .values({
      at: fiveYearsAgo,
      actor_user_id: null,
      actor_name: 'Admin',
      action: 'booking.cancel',
      target: String(booking.id),
      detail: null,
      address: null,
    })
    .execute();
}

const keys = async (db: Db) =>
  (await db.kysely.selectFrom('outbox').select('dedupe_key').orderBy('dedupe_key').execute()).map((row) => row.dedupe_key);
const ips = async (db: Db) => (await db.kysely.selectFrom('address_events').select('ip').orderBy('ip').execute()).map((row) => row.ip);
const answerKeys = async (db: Db) =>
  (await db.kysely.selectFrom('idempotency_keys').select('key').orderBy('key').execute()).map((row) => row.key);
const count = async (db: Db, table: 'borrow_request' | 'ledger_entry' | 'audit_log') =>
  Number(
    (
      await db.kysely
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const finishedRuns = async (db: Db) =>
  db.kysely.selectFrom('retention_run').select(['run_date', 'deleted']).where('finished_at', 'is not', null).orderBy('run_date').execute();

describe(`the daily retention job on ${TEST_ENGINE}`, () => {
  const clock = createTestClock(START);
  let database: TestDatabase;
  let one: TestApp;
  let two: TestApp;

  beforeAll(async () => {
    database = await createTestDatabase();
    const db = database.open();
    try {
      await seedHistory(db, clock);
    } finally {
      await db.close();
    }
    const options = { now: clock.now, database, buildOptions: { retentionIntervalMs: 20 } };
    one = await startTestApp(options);
    two = await startTestApp(options);
  });

  afterAll(async () => {
    await two?.close();
    await one?.close();
    await database?.drop();
  });

  it('runs once a day across two instances, deleting only what did its work over RETENTION_DAYS ago', async () => {
    await waitUntil('both instances to look at today', () =>
      [one, two].every((app) => app.logs.some((line) => line.includes('retention: '))),
    );
    const ran = [one, two].filter((app) => app.logs.some((line) => line.includes('retention: old rows deleted')));
    expect(ran).toHaveLength(1);
    expect([one, two].filter((app) => app.logs.some((line) => line.includes("another instance ran today's")))).toHaveLength(1);
    expect(await finishedRuns(one.db)).toEqual([
      { run_date: '2031-11-22', deleted: JSON.stringify({ outbox: 1, addressEvents: 1, idempotencyKeys: 1 }) },
    ]);
    expect(await keys(one.db)).toEqual(['old-given-up', 'old-unsent', 'recent-sent']);
    expect(await ips(one.db)).toEqual(['203.0.113.2']);
    expect(await answerKeys(one.db)).toEqual(['live-key', 'recent-key']);
    for (const table of ['borrow_request', 'ledger_entry', 'audit_log'] as const) expect(await count(one.db, table)).toBe(1);
  });

  it('the next days delete what has since passed its retention, and never the history', async () => {
    clock.advance(2 * DAY_MS);
    await waitUntil('the run of two days later', async () => (await finishedRuns(one.db)).length === 2);
    expect((await finishedRuns(one.db))[1]).toEqual({
      run_date: '2031-11-24',
      deleted: JSON.stringify({ outbox: 1, addressEvents: 1, idempotencyKeys: 1 }),
    });
    expect(await keys(one.db)).toEqual(['old-given-up', 'old-unsent']);
    expect(await ips(one.db)).toEqual([]);
    expect(await answerKeys(one.db)).toEqual(['live-key']);
    for (const table of ['borrow_request', 'ledger_entry', 'audit_log'] as const) expect(await count(one.db, table)).toBe(1);
  });
});
