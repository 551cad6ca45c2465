import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthlyFlows, monthTotals, outstandingOf, settledCharges } from '../../src/domain/fund/ledger';
import { appendLedgerEntry, findLedger, insertCharge, type LedgerWrite } from '../../src/server/fund/repository';
import type { User } from '../../src/server/roster/repository';
import { adminClient, loginCookie } from '../helpers/admin-fixtures';
import { bookingBody, jakartaInstant, postBooking } from '../helpers/booking-fixtures';
import { ADMIN, BUDI, RIZKY, SITI, seedRoster } from '../helpers/roster';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { TEST_ENGINE } from '../helpers/test-db';

/** A small fixed generator: the same history on both engines and every run. */
function random(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 48_271) % 2_147_483_647;
    return state % below;
  };
}

const pad = (value: number) => String(value).padStart(2, '0');
const refOf = (overview: { members: { ref: string; name: string }[] }, name: string) =>
  overview.members.find((member) => member.name === name)?.ref ?? '';

describe(`the Kas sums at years of history on ${TEST_ENGINE}`, () => {
  let testApp: TestApp;
  const at = jakartaInstant('2026-11-20', '08:00');
  let api: ReturnType<typeof adminClient>;
  let cookie: string;
  let members: User[];

  /** Two years of book (2024–2025) written straight through the repository: charges and changes, payments, dues, income, expenses, corrections. */
  async function writeHistory(bookings: { id: number; usersId: string }[]) {
    const next = random(44);
    const entry = (write: Omit<LedgerWrite, 'at' | 'by'>) => ({ ...write, at: at.toISOString(), by: 'Admin Uji' });
    for (let index = 0; index < 400; index += 1) {
      const date = `${2024 + Math.floor(index / 200)}-${pad(1 + Math.floor((index % 200) / 17))}-${pad(1 + next(28))}`;
      const member = members[next(members.length)] as User;
      const booking = bookings[next(bookings.length)] as { id: number; usersId: string };
      const amount = 1_000 * (1 + next(60));
      const kinds: Omit<LedgerWrite, 'at' | 'by'>[] = [
        { kind: 'charge', date, usersId: booking.usersId, bookingId: booking.id, cash: 0, owed: amount },
        { kind: 'charge-change', date, usersId: booking.usersId, bookingId: booking.id, cash: 0, owed: -Math.floor(amount / 2) },
        { kind: 'payment', date, usersId: member.id, cash: amount, owed: -amount, detail: 'Tunai' },
        { kind: 'dues', date, usersId: member.id, cash: 10_000, owed: 0, duesMonth: date.slice(0, 7), detail: 'Tunai' },
        { kind: 'income', date, usersId: null, cash: amount, owed: 0, detail: 'Tunai' },
        { kind: 'expense', date, usersId: null, cash: -3 * amount, owed: 0, detail: 'Bensin' },
      ];
      const write = kinds[next(kinds.length)] as Omit<LedgerWrite, 'at' | 'by'>;
      await appendLedgerEntry(testApp.db.kysely, entry(write));
    }
    const correctable = (await findLedger(testApp.db.kysely)).filter((row) => ['payment', 'dues', 'income'].includes(row.kind));
    for (const original of correctable.filter((_, index) => index % 7 === 0)) {
      const date = `${original.date.slice(0, 8)}28`;
      await appendLedgerEntry(
        testApp.db.kysely,
        entry({
          kind: 'correction',
          date,
          usersId: original.member?.id ?? null,
          cash: -original.cash,
          owed: -original.owed,
          duesMonth: original.duesMonth,
          correctsId: original.id,
          note: 'Salah catat',
        }),
      );
    }
  }

  beforeAll(async () => {
    testApp = await startTestApp({ now: () => at });
    const [admin, ...others] = await seedRoster(testApp.db, [ADMIN, BUDI, SITI, RIZKY]);
    members = others;
    for (const [index, member] of members.entries()) {
      const reply = await postBooking(
        testApp.baseUrl,
        bookingBody({ name: member.name, date: '2026-11-23', start: `${pad(8 + 3 * index)}:00`, end: `${pad(10 + 3 * index)}:00` }),
      );
      expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    }
    const bookings = (await testApp.db.kysely.selectFrom('borrow_request').select(['id', 'users_id']).orderBy('id').execute()).map(
      (row) => ({
        id: row.id,
        usersId: row.users_id,
      }),
    );
    for (const booking of bookings) {
      await insertCharge(testApp.db.kysely, {
        bookingId: booking.id,
        usersId: booking.usersId,
        lines: [],
        computedTotal: 20_000,
        provisional: false,
        at: at.toISOString(),
      });
    }
    await writeHistory(bookings);
    cookie = await loginCookie(testApp.baseUrl, admin as User);
    api = adminClient(testApp.baseUrl, cookie);
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('gives every month the totals, flows, balance, debts and paid charges the pure rules give from all rows', async () => {
    const ledger = await findLedger(testApp.db.kysely);
    expect(ledger.length).toBeGreaterThan(400);
    const overview = (await api.get('/api/admin/kas')).body;
    expect(overview.balance).toBe(ledger.reduce((sum, row) => sum + row.cash, 0));
    const owedBy = (id: string) => outstandingOf(ledger.filter((row) => row.member?.id === id));
    const expected = members
      .map((member) => ({ ref: refOf(overview, member.name), name: member.name, class: member.class, amount: owedBy(member.id) }))
      .filter((member) => member.amount > 0)
      .sort((a, b) => b.amount - a.amount || a.name.localeCompare(b.name));
    expect(overview.outstanding).toEqual(expected);
    let negative = false;
    for (const month of ['2024-01', '2024-06', '2024-12', '2025-03', '2025-12', '2026-01', '2026-11']) {
      const book = (await api.get(`/api/admin/kas/book?month=${month}`)).body;
      expect(book.totals, month).toEqual(monthTotals(ledger, month));
      expect(book.flows, month).toEqual(monthlyFlows(ledger, month));
      negative ||= book.totals.closing < 0;
      const reply = await fetch(`${testApp.baseUrl}/api/admin/kas.csv?month=${month}`, { headers: { cookie } });
      const rows = parse((await reply.text()).replace(/^\uFEFF/, '')) as string[][];
      expect(rows[1]?.[6]?.replace(/^'/, ''), month).toBe(String(book.totals.opening));
      expect(rows.at(-1)?.[6]?.replace(/^'/, ''), month).toBe(String(book.totals.closing));
      expect(rows.length - 3, month).toBe(book.total);
    }
    expect(negative).toBe(true);
  });

  it("marks a loan's charge paid as the member's payments settle their charges oldest first, from all their rows", async () => {
    const ledger = await findLedger(testApp.db.kysely);
    const overview = (await api.get('/api/admin/kas')).body;
    let checked = 0;
    for (const month of ['2024-02', '2024-07', '2025-05', '2025-11']) {
      const book = (await api.get(`/api/admin/kas/book?month=${month}`)).body;
      for (const entry of book.entries as {
        kind: string;
        ref: string | null;
        member: { ref: string };
        charge: { paid: boolean } | null;
      }[]) {
        if (entry.kind !== 'charge' || !entry.charge) continue;
        const member = members.find((each) => refOf(overview, each.name) === entry.member.ref) as User;
        const own = ledger.filter((row) => row.member?.id === member.id && row.owed !== 0);
        const loans = new Map<number, number>();
        for (const row of own.filter((each) => each.kind.startsWith('charge') && each.bookingId !== null)) {
          loans.set(row.bookingId ?? 0, (loans.get(row.bookingId ?? 0) ?? 0) + row.owed);
        }
        const paid = -own.filter((row) => !row.kind.startsWith('charge')).reduce((sum, row) => sum + row.owed, 0);
        const flags = settledCharges([...loans.values()], paid);
        const bookingId = ledger.find((row) => row.bookingRef === entry.ref && row.bookingId !== null)?.bookingId;
        expect(entry.charge.paid, `${month} ${entry.ref}`).toBe(flags[[...loans.keys()].indexOf(bookingId ?? 0)] ?? false);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(0);
  });
});
