import { Migrator, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database';
import { migrateToLatest, migrations } from '../../src/db/migrate';
import { findUserByName } from '../../src/server/roster/repository';
import { createEmptyDatabase, createTestDatabase, TEST_ENGINE, type TestDatabase } from '../helpers/test-db';

/** Migrates `handle` up to and including `name` only, to load data as it was then. */
async function migrateTo(handle: Db, name: string): Promise<void> {
  await new Migrator({ db: handle.kysely, provider: { getMigrations: async () => migrations } }).migrateTo(name);
}

/** Users as the table was before the name key. */
async function insertUsersWithoutKey(handle: Db, users: { id: string; name: string }[]): Promise<void> {
  for (const user of users) {
    await sql`insert into users (id, name, class, role) values (${user.id}, ${user.name}, 'PPTI 21', null)`.execute(handle.kysely);
  }
}

let database: TestDatabase | undefined;
let db: Db | undefined;

afterEach(async () => {
  await db?.close();
  await database?.drop();
});

async function tableNames(handle: Db): Promise<string[]> {
  const tables = await handle.kysely.introspection.getTables();
  return tables.map((table) => table.name).sort();
}

/** Every table the latest migration leaves, in name order. */
const ALL_TABLES = [
  'address_events',
  'admin_sessions',
  'audit_log',
  'borrow_request',
  'borrower_chat',
  'borrower_device',
  'borrower_device_booking',
  'borrower_link_code',
  'cancel_token_attempts',
  'charge',
  'fund_how_to_pay',
  'idempotency_keys',
  'ledger_entry',
  'ledger_loan',
  'ledger_member',
  'ledger_month',
  'login_attempts',
  'motorbike',
  'out_of_service',
  'out_of_service_booking',
  'outbox',
  'payment_claim',
  'push_key',
  'push_subscription',
  'retention_run',
  'schedule_version',
  'slot_offer',
  'slot_wait',
  'telegram_bot',
  'users',
  'vouchers',
];

/** An empty database of the engine under test, never migrated. */
async function emptyDatabase(): Promise<{ db: Db; drop(): Promise<void> }> {
  const database = await createEmptyDatabase();
  return { db: database.open(), drop: database.drop };
}

describe(`migrations on ${TEST_ENGINE}`, () => {
  it('apply cleanly, in order, to an empty database', async () => {
    const empty = await emptyDatabase();
    try {
      expect(await migrateToLatest(empty.db)).toEqual([
        '2026_11_22_0001_spec_tables',
        '2026_11_22_0002_booking_tracking',
        '2026_11_22_0003_admin_sessions',
        '2026_11_22_0004_outbox',
        '2026_11_22_0005_cancellation',
        '2026_11_22_0010_voucher_codes_uppercase',
        '2026_11_22_0011_idempotency_keys',
        '2026_11_22_0012_address_events',
        '2026_11_22_0015_user_name_key',
        '2026_11_22_0020_admin_console',
        '2026_11_22_0030_cancel_tokens',
        '2026_11_22_0050_owner_bot',
        '2026_11_22_0060_schedule_version',
        '2026_11_22_0070_active_bookings_index',
        '2026_11_22_0080_schedule_version_notices',
        '2026_11_25_0090_audit_address',
        '2026_11_26_0100_handover',
        '2026_11_26_0200_class_fund',
        '2026_11_27_0100_out_of_service',
        '2026_11_27_0200_borrower_chat',
        '2026_11_28_0100_waiting_list',
        '2026_11_29_0200_motor_key_place',
        '2026_11_29_0300_out_of_service_ask',
        '2026_11_29_0400_ledger',
        '2026_11_29_0410_how_to_pay',
        '2026_11_29_0420_payment_claim',
        '2026_11_29_0500_wait_limits',
        '2026_11_29_0600_outbox_claimed_by',
        '2026_12_01_0100_push',
        '2026_12_01_0200_retention_run',
        '2026_12_01_0300_several_bikes',
        '2026_12_02_0200_bikes_schedule_version',
        '2026_12_02_0400_ledger_totals',
        '2026_12_03_0200_waits_per_bike',
        '2026_12_03_0400_ledger_dues_index',
      ]);
      expect(await tableNames(empty.db)).toEqual(ALL_TABLES);
    } finally {
      await empty.db.close();
      await empty.drop();
    }
  });

  it('give every booking made before cancellation existed its own opaque ref', async () => {
    const empty = await emptyDatabase();
    try {
      await migrateTo(empty.db, '2026_11_22_0004_outbox');
      await insertUsersWithoutKey(empty.db, [{ id: 'U1', name: 'Budi' }]);
      const old = { users_id: 'U1', borrow_date: '2026-01-05', end_time: '10:00', reason: 'x', need_stnk: false };
      await sql`insert into borrow_request (users_id, borrow_date, start_time, end_time, reason, need_stnk) values
        (${old.users_id}, ${old.borrow_date}, '08:00', ${old.end_time}, ${old.reason}, ${old.need_stnk}),
        (${old.users_id}, ${old.borrow_date}, '11:00', '12:00', ${old.reason}, ${old.need_stnk})`.execute(empty.db.kysely);
      await migrateToLatest(empty.db);
      const rows = await empty.db.kysely.selectFrom('borrow_request').select(['ref', 'cancelled_at']).execute();
      expect(rows).toHaveLength(2);
      expect(new Set(rows.map((row) => row.ref)).size).toBe(2);
      for (const row of rows) {
        expect(row.ref).toMatch(/^[A-Za-z0-9_-]{16}$/);
        expect(row.cancelled_at).toBeNull();
      }
    } finally {
      await empty.db.close();
      await empty.drop();
    }
  });

  it('the template was migrated once, and migrating again applies nothing', async () => {
    database = await createTestDatabase();
    db = database.open();
    expect(await migrateToLatest(db)).toEqual([]);
    expect(await tableNames(db)).toEqual(ALL_TABLES);
  });

  it('index active bookings by date, so a day’s read does not go through every booking ever made', async () => {
    database = await createTestDatabase();
    db = database.open();
    if (db.engine === 'postgres') {
      const { rows } = await sql<{ indexname: string; indexdef: string }>`
        select indexname, indexdef from pg_indexes where tablename = 'borrow_request' and indexname like '%active%' or indexname = 'borrow_request_cancelled_at'
      `.execute(db.kysely);
      expect(rows).toEqual([
        {
          indexname: 'borrow_request_active_by_date',
          indexdef: expect.stringMatching(/\(borrow_date, start_time, id\) WHERE \(cancelled_at IS NULL\)$/),
        },
      ]);
      return;
    }
    // SQLite keeps no statistics: with an index on cancelled_at it chose that one for
    // `cancelled_at is null`, which nearly every row matches.
    const { rows } = await sql<{ detail: string }>`
      explain query plan select id from borrow_request where cancelled_at is null and borrow_date = ${'2026-12-01'} order by start_time, id
    `.execute(db.kysely);
    expect(rows.map((row) => row.detail)).toEqual(['SEARCH borrow_request USING INDEX borrow_request_active_by_date (borrow_date=?)']);
  });

  it('keep the spec tables and columns and add ours beside them', async () => {
    database = await createTestDatabase();
    db = database.open();
    const tables = await db.kysely.introspection.getTables();
    const columns = (name: string) =>
      tables
        .find((table) => table.name === name)
        ?.columns.map((column) => column.name)
        .sort();
    expect(columns('users')).toEqual(['active', 'class', 'committee', 'id', 'name', 'name_key', 'ref', 'role']);
    expect(columns('borrow_request')).toEqual(
      [
        'booked_end_date',
        'booked_end_time',
        'borrow_date',
        'cancel_reason',
        'cancel_token_hash',
        'cancelled_at',
        'cancelled_by_kind',
        'cancelled_by_user_id',
        'condition_note',
        'created_at',
        'end_date',
        'end_time',
        'fuel_back',
        'fuel_out',
        'id',
        'km_back',
        'motorbike_id',
        'need_stnk',
        'picked_up_at',
        'picked_up_by_kind',
        'picked_up_by_name',
        'purpose',
        'reason',
        'ref',
        'released_at',
        'released_by_kind',
        'released_by_name',
        'returned_at',
        'returned_by_kind',
        'returned_by_name',
        'start_time',
        'stnk_back',
        'users_id',
        'voucher_code',
      ].sort(),
    );
    expect(columns('vouchers')).toEqual(['code', 'created_at', 'created_by', 'is_used', 'note', 'revoked_at', 'revoked_by']);
  });

  it('make user names unique by their name key', async () => {
    database = await createTestDatabase();
    db = database.open();
    await db.kysely
      .insertInto('users')
      .values({ id: 'A', name: 'Ömer Çelik', name_key: 'ömer çelik', class: 'PPTI 21', role: null })
      .execute();
    await expect(
      db.kysely.insertInto('users').values({ id: 'B', name: 'ömer çelik', name_key: 'ömer çelik', class: 'PPTI 21', role: null }).execute(),
    ).rejects.toThrow();
  });

  it('fill the name key of existing users, found by it afterwards', async () => {
    const empty = await emptyDatabase();
    try {
      await migrateTo(empty.db, '2026_11_22_0005_cancellation');
      await insertUsersWithoutKey(empty.db, [
        { id: 'A', name: 'Ömer Çelik' },
        { id: 'B', name: '  STRAẞE  Budi ' },
      ]);
      expect(await migrateToLatest(empty.db)).toContain('2026_11_22_0015_user_name_key');
      const rows = await empty.db.kysely.selectFrom('users').select(['id', 'name_key']).orderBy('id').execute();
      expect(rows).toEqual([
        { id: 'A', name_key: 'ömer çelik' },
        { id: 'B', name_key: 'strasse budi' },
      ]);
      expect((await findUserByName(empty.db.kysely, 'ÖMER ÇELIK'))?.id).toBe('A');
      expect((await findUserByName(empty.db.kysely, 'strasse budi'))?.id).toBe('B');
    } finally {
      await empty.db.close();
      await empty.drop();
    }
  });

  it('refuse to fill the name key when two users are one name, naming both and changing nothing', async () => {
    const empty = await emptyDatabase();
    try {
      await migrateTo(empty.db, '2026_11_22_0005_cancellation');
      await insertUsersWithoutKey(empty.db, [
        { id: 'A', name: 'Budi Santoso' },
        { id: 'B', name: 'Budi  Santoso' },
      ]);
      await expect(migrateToLatest(empty.db)).rejects.toThrow(
        "migration 2026_11_22_0015_user_name_key failed: users 'Budi Santoso' and 'Budi  Santoso' are one name",
      );
      await sql`update users set name = 'Budi Santoso 2' where id = 'B'`.execute(empty.db.kysely);
      expect(await migrateToLatest(empty.db)).toContain('2026_11_22_0015_user_name_key');
    } finally {
      await empty.db.close();
      await empty.drop();
    }
  });

  it('store booleans on both engines', async () => {
    database = await createTestDatabase();
    db = database.open();
    await db.kysely.insertInto('vouchers').values({ code: 'VCH-AAAAAA', is_used: true, created_at: null, created_by: null }).execute();
    const row = await db.kysely.selectFrom('vouchers').select('is_used').where('is_used', '=', true).executeTakeFirst();
    expect(Boolean(row?.is_used)).toBe(true);
    const count = await sql<{ n: number }>`select count(*) as n from vouchers where is_used = ${false}`.execute(db.kysely);
    expect(Number(count.rows[0]?.n)).toBe(0);
  });
});

describe(`the voucher code migration on ${TEST_ENGINE}`, () => {
  it('uppercases codes saved in other letters, with the bookings that used them, merging a code with its uppercase twin', async () => {
    const empty = await emptyDatabase();
    try {
      await migrateTo(empty.db, '2026_11_22_0005_cancellation');
      const kysely = empty.db.kysely;
      await insertUsersWithoutKey(empty.db, [{ id: 'U1', name: 'Budi Santoso' }]);
      await kysely
        .insertInto('vouchers')
        .values([
          { code: 'vch-low001', is_used: true, created_at: '2026-01-01T00:00:00.000Z', created_by: null },
          { code: 'Vch-Twin01', is_used: true, created_at: null, created_by: null },
          { code: 'VCH-TWIN01', is_used: false, created_at: null, created_by: null },
          { code: 'VCH-UPPER1', is_used: false, created_at: null, created_by: null },
        ])
        .execute();
      const booking = {
        users_id: 'U1',
        borrow_date: '2026-01-02',
        start_time: '08:00',
        end_time: '14:00',
        need_stnk: false,
        end_date: null,
        created_at: null,
      };
      await kysely
        .insertInto('borrow_request')
        .values([
          { ...booking, reason: 'vch-low001', voucher_code: 'vch-low001' },
          { ...booking, borrow_date: '2026-01-03', reason: 'Vch-Twin01', voucher_code: 'Vch-Twin01' },
        ])
        .execute();

      await migrateToLatest(empty.db);

      const vouchers = await kysely.selectFrom('vouchers').select(['code', 'is_used', 'created_at']).orderBy('code').execute();
      expect(vouchers.map((row) => ({ ...row, is_used: Boolean(row.is_used) }))).toEqual([
        { code: 'VCH-LOW001', is_used: true, created_at: '2026-01-01T00:00:00.000Z' },
        { code: 'VCH-TWIN01', is_used: true, created_at: null },
        { code: 'VCH-UPPER1', is_used: false, created_at: null },
      ]);
      const used = await kysely.selectFrom('borrow_request').select('voucher_code').orderBy('borrow_date').execute();
      expect(used.map((row) => row.voucher_code)).toEqual(['VCH-LOW001', 'VCH-TWIN01']);
    } finally {
      await empty.db.close();
      await empty.drop();
    }
  });
});
