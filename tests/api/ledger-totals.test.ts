import { Migrator, sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database';
import { migrateToLatest, migrations } from '../../src/db/migrate';
import { fillLedgerTotals } from '../../src/db/migrations/2026_12_02_0400_ledger_totals';
import { settledLoans } from '../../src/domain/fund/ledger';
import { appendLedgerEntry, findSettledLoans, type LedgerWrite } from '../../src/server/fund/repository';
import type { User } from '../../src/server/roster/repository';
import { adminClient, loginCookie } from '../helpers/admin-fixtures';
import { bookingBody, jakartaInstant, postBooking } from '../helpers/booking-fixtures';
import { ADMIN, BUDI, RIZKY, SITI, seedRoster } from '../helpers/roster';
import { requestJson, startTestApp, type TestApp } from '../helpers/test-app';
import { createEmptyDatabase, createTestDatabase, TEST_ENGINE, type TestDatabase } from '../helpers/test-db';

const BEFORE_TOTALS = '2026_12_01_0300_several_bikes';

/** The three tables as rows of plain numbers, in a fixed order. */
async function storedTotals(db: Db) {
  const months = await db.kysely.selectFrom('ledger_month').selectAll().orderBy('month').execute();
  const members = await db.kysely.selectFrom('ledger_member').selectAll().orderBy('users_id').execute();
  const loans = await db.kysely.selectFrom('ledger_loan').selectAll().orderBy('booking_id').execute();
  return {
    months: months.map((row) => ({ month: row.month, in: Number(row.cash_in), out: Number(row.cash_out) })),
    members: members.map((row) => ({ usersId: row.users_id, owed: Number(row.owed), paid: Number(row.paid) })),
    loans: loans.map((row) => ({ ...row, amount: Number(row.amount), charged_through: Number(row.charged_through) })),
  };
}

/** The totals as the entries give them, summed here; and whether each charged loan is paid, by the pure rule over every entry. */
async function expectTotalsOfEntries(db: Db): Promise<void> {
  const entries = await db.kysely
    .selectFrom('ledger_entry')
    .select(['kind', 'entry_date', 'users_id', 'booking_id', 'cash', 'owed'])
    .orderBy('entry_date')
    .orderBy('id')
    .execute();
  const months = new Map<string, { month: string; in: number; out: number }>();
  const members = new Map<string, { usersId: string; owed: number; paid: number }>();
  for (const entry of entries) {
    const month = months.get(entry.entry_date.slice(0, 7)) ?? { month: entry.entry_date.slice(0, 7), in: 0, out: 0 };
    if (entry.cash > 0) month.in += entry.cash;
    if (entry.cash < 0) month.out -= entry.cash;
    if (entry.cash !== 0) months.set(month.month, month);
    if (entry.users_id === null) continue;
    const member = members.get(entry.users_id) ?? { usersId: entry.users_id, owed: 0, paid: 0 };
    member.owed += entry.owed;
    if (!(entry.kind.startsWith('charge') && entry.booking_id !== null)) member.paid -= entry.owed;
    members.set(entry.users_id, member);
  }
  const stored = await storedTotals(db);
  const byKey = <T>(map: Map<string, T>) => [...map.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, value]) => value);
  expect(stored.months).toEqual(byKey(months));
  expect(stored.members).toEqual(byKey(members));
  const rule = settledLoans(
    entries.map((row) => ({ usersId: row.users_id ?? '', kind: row.kind, bookingId: row.booking_id, owed: row.owed })),
  );
  const settled = await findSettledLoans(db.kysely, [...rule.keys()]);
  expect(new Map([...settled.entries()].sort(([a], [b]) => a - b))).toEqual(new Map([...rule.entries()].sort(([a], [b]) => a - b)));
  await fillLedgerTotals(db.kysely);
  expect(await storedTotals(db), 'the migration fills the same rows the writes kept').toEqual(stored);
}

interface Ride {
  ref: string;
  token: string;
}

describe(`the ledger's running totals on ${TEST_ENGINE}`, () => {
  let testApp: TestApp;
  let at = jakartaInstant('2026-11-20', '08:00');
  let admin: User;
  let members: User[];

  beforeAll(async () => {
    testApp = await startTestApp({ now: () => at, buildOptions: { provisionalChargeIntervalMs: 3_600_000 } });
    [admin, ...members] = (await seedRoster(testApp.db, [ADMIN, BUDI, RIZKY, SITI])) as [User, ...User[]];
  });
  afterAll(async () => {
    await testApp.close();
  });

  async function ride(app: TestApp, name: string, date: string, start: string, end: string): Promise<Ride> {
    at = jakartaInstant(date, '07:00');
    const reply = await postBooking(app.baseUrl, bookingBody({ name, date, start, end }));
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    const token = reply.body.cancelToken as string;
    at = jakartaInstant(date, start);
    await requestJson(app.baseUrl, '/api/bookings/handover', { method: 'POST', body: { token, event: 'pickup' } });
    at = jakartaInstant(date, end);
    await requestJson(app.baseUrl, '/api/bookings/handover', { method: 'POST', body: { token, event: 'return', fuel: 'Penuh' } });
    const row = await app.db.kysely
      .selectFrom('borrow_request')
      .select('ref')
      .where('borrow_date', '=', date)
      .where('start_time', '=', start)
      .executeTakeFirstOrThrow();
    return { ref: row.ref ?? '', token };
  }

  async function signedIn(app: TestApp, date: string) {
    at = jakartaInstant(date, '09:00');
    const api = adminClient(app.baseUrl, await loginCookie(app.baseUrl, admin));
    const refs = (await api.get('/api/admin/kas')).body.members as { ref: string; name: string }[];
    return { api, ref: (name: string) => refs.find((member) => member.name === name)?.ref ?? '' };
  }

  it('equal the sums of the entries after every write path: returns, payments, dues, income, expenses, charge changes, corrections, claims', async () => {
    const first = await ride(testApp, 'Rizky Maulana', '2026-11-16', '10:00', '12:00');
    const second = await ride(testApp, 'Rizky Maulana', '2026-11-17', '10:00', '13:00');
    await ride(testApp, 'Budi Santoso', '2026-11-17', '14:00', '16:00');
    const { api, ref } = await signedIn(testApp, '2026-12-02');
    const pay = (body: Record<string, unknown>) => api.post('/api/admin/kas/payments', { method: 'Tunai', date: '2026-11-20', ...body });
    expect((await pay({ member: ref('Rizky Maulana'), amount: 25_000 })).status).toBe(201);
    expect((await pay({ type: 'dues', member: ref('Budi Santoso'), amount: 10_000, date: '2026-12-01' })).status).toBe(201);
    expect((await pay({ type: 'income', amount: 50_000, date: '2026-10-30' })).status).toBe(201);
    expect((await api.post('/api/admin/kas/expenses', { category: 'Bensin', amount: 30_000, date: '2026-11-21' })).status).toBe(201);
    expect((await api.put(`/api/admin/kas/charges/${first.ref}`, { amount: 5_000, reason: 'Ban bocor' })).status).toBe(200);
    const [expense] = (await api.get('/api/admin/kas/book?month=2026-11')).body.entries as { id: number }[];
    expect((await api.post(`/api/admin/kas/entries/${expense?.id}/correction`, { reason: 'Salah catat' })).status).toBe(201);
    expect((await requestJson(testApp.baseUrl, '/api/bookings/charge-paid', { body: { token: second.token } })).status).toBe(200);
    const [claim] = (await api.get('/api/admin/kas')).body.claims as { id: number }[];
    expect((await api.post(`/api/admin/kas/claims/${claim?.id}/confirm`)).status).toBe(200);
    expect((await storedTotals(testApp.db)).loans.map((loan) => loan.amount)).toContain(5_000);
    await expectTotalsOfEntries(testApp.db);
  });

  it('place each loan by its first charge entry, whatever order charges, changes, payments and corrections are written in', async () => {
    const bookings = await testApp.db.kysely.selectFrom('borrow_request').select(['id', 'users_id']).orderBy('id').execute();
    let state = 44;
    const next = (below: number) => {
      state = (state * 48_271) % 2_147_483_647;
      return state % below;
    };
    const write = (entry: Omit<LedgerWrite, 'at' | 'by'>) =>
      appendLedgerEntry(testApp.db.kysely, { ...entry, at: at.toISOString(), by: 'Uji' });
    const written: number[] = [];
    for (let index = 0; index < 120; index += 1) {
      const date = `2025-${String(1 + next(12)).padStart(2, '0')}-${String(1 + next(28)).padStart(2, '0')}`;
      const booking = bookings[next(bookings.length)] as { id: number; users_id: string };
      const member = members[next(members.length)] as User;
      const amount = 1_000 * (1 + next(40));
      const choice = next(4);
      if (choice === 0) await write({ kind: 'charge', date, usersId: booking.users_id, bookingId: booking.id, cash: 0, owed: amount });
      if (choice === 1)
        await write({ kind: 'charge-change', date, usersId: booking.users_id, bookingId: booking.id, cash: 0, owed: -amount / 2 });
      if (choice === 2) await write({ kind: 'payment', date, usersId: member.id, cash: amount, owed: -amount });
      if (choice === 3) await write({ kind: 'expense', date, usersId: null, cash: -amount, owed: 0 });
      written.push(choice);
    }
    expect(new Set(written).size).toBe(4);
    await write({ kind: 'correction', date: '2025-06-30', usersId: members[0]?.id ?? null, cash: -7_000, owed: 7_000 });
    await expectTotalsOfEntries(testApp.db);
  });
});

describe(`the running totals under two instances on ${TEST_ENGINE}`, () => {
  let database: TestDatabase;
  const apps: TestApp[] = [];
  const at = jakartaInstant('2026-11-20', '09:00');

  beforeAll(async () => {
    database = await createTestDatabase();
    for (let index = 0; index < 2; index += 1) apps.push(await startTestApp({ now: () => at, database }));
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database?.drop();
  });

  it('stay the sums of the entries when both record payments, expenses and charge changes of one member at once', async () => {
    const [admin, budi, rizky] = (await seedRoster(apps[0]?.db as Db, [ADMIN, BUDI, RIZKY])) as User[];
    const db = (apps[0] as TestApp).db;
    for (const day of [23, 24, 25, 26]) {
      const reply = await postBooking(apps[0]?.baseUrl ?? '', bookingBody({ name: 'Rizky Maulana', date: `2026-11-${day}` }));
      expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    }
    const loans = await db.kysely.selectFrom('borrow_request').select(['id', 'ref']).orderBy('id').execute();
    for (const [index, loan] of loans.entries()) {
      await appendLedgerEntry(db.kysely, {
        kind: 'charge',
        date: `2026-11-${10 + index}`,
        usersId: rizky?.id ?? '',
        bookingId: loan.id,
        cash: 0,
        owed: 20_000,
        at: at.toISOString(),
        by: '',
      });
      await db.kysely
        .insertInto('charge')
        .values({
          booking_id: loan.id,
          users_id: rizky?.id ?? '',
          lines: '[]',
          computed_total: 20_000,
          amount: 20_000,
          provisional: false,
          created_at: at.toISOString(),
          updated_at: at.toISOString(),
        })
        .execute();
    }
    const clients = await Promise.all(apps.map(async (app) => adminClient(app.baseUrl, await loginCookie(app.baseUrl, admin as User))));
    const refs = (await clients[0]?.get('/api/admin/kas'))?.body.members as { ref: string; name: string }[];
    const memberRef = (user: User | undefined) => refs.find((member) => member.name === user?.name)?.ref ?? '';
    const writes = Array.from({ length: 24 }, (_, index) => {
      const api = clients[index % 2] as ReturnType<typeof adminClient>;
      const date = `2026-11-${String(1 + (index % 3)).padStart(2, '0')}`;
      if (index % 6 === 5) return api.post('/api/admin/kas/expenses', { category: 'Bensin', amount: 3_000, date });
      const member = memberRef(index % 3 === 0 ? budi : rizky);
      return api.post('/api/admin/kas/payments', { member, amount: 1_000 * (1 + index), method: 'Tunai', date });
    });
    const changes = loans.map(({ ref }, index) =>
      (clients[index % 2] as ReturnType<typeof adminClient>).put(`/api/admin/kas/charges/${ref}`, {
        amount: 5_000 * index,
        reason: 'Ubah',
      }),
    );
    const replies = await Promise.all([...writes, ...changes]);
    expect(replies.map((reply) => reply.status).sort()).toEqual(
      [...Array(20).fill(201), ...Array(4).fill(201), ...Array(4).fill(200)].sort(),
    );
    await expectTotalsOfEntries((apps[0] as TestApp).db);
  });
});

describe(`the totals' migration on ${TEST_ENGINE}`, () => {
  let database: TestDatabase | undefined;
  let db: Db | undefined;
  afterEach(async () => {
    await db?.close();
    await database?.drop();
  });

  it('fills the totals from the entries already written, loans in the order of their first charge', async () => {
    database = await createEmptyDatabase();
    db = database.open();
    await new Migrator({ db: db.kysely, provider: { getMigrations: async () => migrations } }).migrateTo(BEFORE_TOTALS);
    const run = (query: ReturnType<typeof sql>) => query.execute((db as Db).kysely);
    await run(sql`insert into users (id, name, class, role, name_key, ref) values
      ('U1', 'Budi Santoso', 'PPTI 21', null, 'budi santoso', 'ref-budi'),
      ('U2', 'Rizky Maulana', 'PPTI 22', null, 'rizky maulana', 'ref-rizky')`);
    await run(sql`insert into borrow_request (users_id, borrow_date, start_time, end_time, reason, need_stnk, ref) values
      ('U2', '2026-11-20', '10:00', '12:00', 'Kuliah', false, 'loan-1'),
      ('U2', '2026-11-21', '10:00', '13:00', 'Kuliah', false, 'loan-2'),
      ('U1', '2026-11-22', '10:00', '12:00', 'Kuliah', false, 'loan-3')`);
    const [one, two, three] = (await db.kysely.selectFrom('borrow_request').select('id').orderBy('id').execute()).map((row) => row.id);
    const entry = (kind: string, date: string, usersId: string | null, bookingId: number | null, cash: number, owed: number) =>
      sql`(${kind}, ${date}, ${usersId}, ${bookingId}, ${cash}, ${owed}, '2026-11-25T01:00:00.000Z', 'Admin Uji')`;
    await run(
      sql`insert into ledger_entry (kind, entry_date, users_id, booking_id, cash, owed, created_at, created_by) values ${sql.join([
        entry('charge', '2026-11-21', 'U2', two ?? 0, 0, 30_000),
        entry('charge', '2026-11-20', 'U2', one ?? 0, 0, 20_000),
        entry('charge-change', '2026-11-24', 'U2', two ?? 0, 0, -20_000),
        entry('charge', '2026-11-22', 'U1', three ?? 0, 0, 0),
        entry('payment', '2026-11-23', 'U2', null, 25_000, -25_000),
        entry('dues', '2026-12-01', 'U1', null, 10_000, 0),
        entry('expense', '2026-11-25', null, null, -15_000, 0),
        entry('correction', '2026-12-02', 'U2', null, -5_000, 5_000),
      ])}`,
    );
    await migrateToLatest(db);
    expect((await storedTotals(db)).months).toEqual([
      { month: '2026-11', in: 25_000, out: 15_000 },
      { month: '2026-12', in: 10_000, out: 5_000 },
    ]);
    expect(await findSettledLoans(db.kysely, [one ?? 0, two ?? 0, three ?? 0])).toEqual(
      new Map([
        [one ?? 0, true],
        [two ?? 0, false],
      ]),
    );
    await expectTotalsOfEntries(db);
  });
});
