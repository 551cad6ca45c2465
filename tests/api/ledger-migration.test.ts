import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Migrator, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database';
import { migrateToLatest, migrations } from '../../src/db/migrate';
import { fundOverview, fundSummary } from '../../src/server/fund/service';
import { createEmptyDatabase, TEST_ENGINE, type TestDatabase } from '../helpers/test-db';

const BEFORE_LEDGER = '2026_11_28_0100_waiting_list';

let database: TestDatabase | undefined;
let db: Db | undefined;

afterEach(async () => {
  await db?.close();
  await database?.drop();
});

async function seedOldFund(handle: Db): Promise<void> {
  const run = (query: ReturnType<typeof sql>) => query.execute(handle.kysely);
  await run(sql`insert into users (id, name, class, role, name_key, ref) values
    ('U1', 'Budi Santoso', 'PPTI 21', null, 'budi santoso', 'ref-budi'),
    ('U2', 'Rizky Maulana', 'PPTI 22', null, 'rizky maulana', 'ref-rizky')`);
  await run(sql`insert into borrow_request (users_id, borrow_date, start_time, end_time, reason, need_stnk, ref) values
    ('U2', '2026-11-20', '10:00', '12:00', 'Kuliah', false, 'loan-1'),
    ('U2', '2026-11-21', '10:00', '13:00', 'Kuliah', false, 'loan-2'),
    ('U1', '2026-11-22', '10:00', '12:00', 'Kuliah', false, 'loan-3')`);
  const loans = await handle.kysely.selectFrom('borrow_request').select(['id', 'ref']).orderBy('id').execute();
  const [first, second, third] = loans.map((loan) => loan.id);
  const lines = (amount: number) => JSON.stringify([{ label: 'Sewa', amount }]);
  await run(sql`insert into charge (booking_id, users_id, lines, computed_total, amount, provisional, admin_amount, admin_reason, created_at, updated_at) values
    (${first}, 'U2', ${lines(20_000)}, 20000, 20000, false, null, null, '2026-11-20T05:00:00.000Z', '2026-11-20T05:00:00.000Z'),
    (${second}, 'U2', ${lines(30_000)}, 30000, 10000, false, 10000, 'Ban bocor', '2026-11-21T06:00:00.000Z', '2026-11-22T01:00:00.000Z'),
    (${third}, 'U1', ${lines(20_000)}, 20000, 0, false, 0, 'Urusan kelas', '2026-11-22T05:00:00.000Z', '2026-11-23T01:00:00.000Z')`);
  await run(sql`insert into payment (users_id, amount, method, paid_on, note, created_at, created_by) values
    ('U2', 25000, 'Tunai', '2026-11-23', 'Cicilan', '2026-11-23T01:00:00.000Z', 'Admin Uji'),
    ('U1', 40000, 'QRIS', '2026-11-24', '', '2026-11-24T01:00:00.000Z', 'Admin Uji')`);
  await run(sql`insert into expense (category, amount, spent_on, note, created_at, created_by) values
    ('Bensin', 15000, '2026-11-25', 'Isi penuh', '2026-11-25T01:00:00.000Z', 'Admin Uji')`);
}

describe(`the ledger's migration on ${TEST_ENGINE}`, () => {
  it('turns payments, expenses, charges and waivers into entries with the same amounts and dates, the balance unchanged', async () => {
    database = await createEmptyDatabase();
    db = database.open();
    await new Migrator({ db: db.kysely, provider: { getMigrations: async () => migrations } }).migrateTo(BEFORE_LEDGER);
    await seedOldFund(db);
    const paid = await sql<{ total: number }>`select coalesce(sum(amount), 0) as total from payment`.execute(db.kysely);
    const spent = await sql<{ total: number }>`select coalesce(sum(amount), 0) as total from expense`.execute(db.kysely);
    const balanceBefore = Number(paid.rows[0]?.total) - Number(spent.rows[0]?.total);
    expect(balanceBefore).toBe(50_000);

    await migrateToLatest(db);
    const summary = await fundSummary(db.kysely);
    expect(summary.balance).toBe(balanceBefore);
    // Rizky owed 20.000 + 10.000 (30.000 waived to 10.000) and paid 25.000; Budi's charge was waived and he paid 40.000.
    const overview = await fundOverview(db.kysely, new Date('2026-11-26T00:00:00Z'), 'Asia/Jakarta');
    expect(overview.outstanding).toEqual([{ ref: 'ref-rizky', name: 'Rizky Maulana', class: 'PPTI 22', amount: 5_000 }]);
    const entries = await db.kysely
      .selectFrom('ledger_entry')
      .select(['kind', 'entry_date', 'users_id', 'cash', 'owed', 'detail', 'note', 'created_by'])
      .orderBy('id')
      .execute();
    expect(entries.map((entry) => ({ ...entry, cash: Number(entry.cash), owed: Number(entry.owed) }))).toEqual([
      { kind: 'charge', entry_date: '2026-11-20', users_id: 'U2', cash: 0, owed: 20_000, detail: '', note: '', created_by: '' },
      { kind: 'charge', entry_date: '2026-11-21', users_id: 'U2', cash: 0, owed: 30_000, detail: '', note: '', created_by: '' },
      {
        kind: 'charge-change',
        entry_date: '2026-11-21',
        users_id: 'U2',
        cash: 0,
        owed: -20_000,
        detail: '',
        note: 'Ban bocor',
        created_by: '',
      },
      { kind: 'charge', entry_date: '2026-11-22', users_id: 'U1', cash: 0, owed: 20_000, detail: '', note: '', created_by: '' },
      {
        kind: 'charge-change',
        entry_date: '2026-11-22',
        users_id: 'U1',
        cash: 0,
        owed: -20_000,
        detail: '',
        note: 'Urusan kelas',
        created_by: '',
      },
      {
        kind: 'payment',
        entry_date: '2026-11-23',
        users_id: 'U2',
        cash: 25_000,
        owed: -25_000,
        detail: 'Tunai',
        note: 'Cicilan',
        created_by: 'Admin Uji',
      },
      {
        kind: 'payment',
        entry_date: '2026-11-24',
        users_id: 'U1',
        cash: 40_000,
        owed: -40_000,
        detail: 'QRIS',
        note: '',
        created_by: 'Admin Uji',
      },
      {
        kind: 'expense',
        entry_date: '2026-11-25',
        users_id: null,
        cash: -15_000,
        owed: 0,
        detail: 'Bensin',
        note: 'Isi penuh',
        created_by: 'Admin Uji',
      },
    ]);
    const tables = (await db.kysely.introspection.getTables()).map((table) => table.name);
    expect(tables).not.toContain('payment');
    expect(tables).not.toContain('expense');
  });
});

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('the ledger is append-only', () => {
  it('has no update or delete of ledger_entry anywhere in src/ but its migration', () => {
    const writes = /(updateTable|deleteFrom)\(\s*['"`]ledger_entry|\b(update|delete\s+from)\s+["`]?ledger_entry/i;
    const offenders = sourceFiles('src')
      .filter((path) => !path.includes(join('db', 'migrations')))
      .filter((path) => writes.test(readFileSync(path, 'utf8')));
    expect(offenders).toEqual([]);
    expect(writes.test("db.updateTable('ledger_entry')")).toBe(true);
    expect(writes.test('delete from ledger_entry where id = 1')).toBe(true);
  });
});
