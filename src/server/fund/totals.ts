import { type ExpressionBuilder, sql } from 'kysely';
import type { Executor } from '../../db/executor';
import type { Database } from '../../db/schema';
import { monthOf } from '../../domain/fund/ledger';

/** What the totals need of an entry just appended. */
export interface TotalsEntry {
  id: number;
  kind: string;
  date: string;
  usersId: string | null;
  bookingId: number | null;
  cash: number;
  owed: number;
}

const isLoanCharge = (entry: TotalsEntry) => (entry.kind === 'charge' || entry.kind === 'charge-change') && entry.bookingId !== null;

/** Loans of `usersId` placed before, or from (at and after), `place` in the oldest-first order: one range of the index. */
function loansOf(usersId: string, side: 'before' | 'from', place: { date: string; id: number }) {
  return (eb: ExpressionBuilder<Database, 'ledger_loan'>) =>
    eb.and([
      eb('users_id', '=', usersId),
      eb(eb.refTuple('first_date', 'first_id'), side === 'before' ? '<' : '>=', eb.tuple(place.date, place.id)),
    ]);
}

async function addToMonth(db: Executor, entry: TotalsEntry): Promise<void> {
  const row = { month: monthOf(entry.date), cash_in: Math.max(0, entry.cash), cash_out: Math.max(0, -entry.cash) };
  await db
    .insertInto('ledger_month')
    .values(row)
    .onConflict((conflict) =>
      conflict.column('month').doUpdateSet({
        cash_in: sql`ledger_month.cash_in + ${row.cash_in}`,
        cash_out: sql`ledger_month.cash_out + ${row.cash_out}`,
      }),
    )
    .execute();
}

/** The upsert also locks the member's row until commit: two writers of one member's loans take turns (PostgreSQL). */
async function addToMember(db: Executor, usersId: string, entry: TotalsEntry): Promise<void> {
  const paid = isLoanCharge(entry) ? 0 : -entry.owed;
  await db
    .insertInto('ledger_member')
    .values({ users_id: usersId, owed: entry.owed, paid })
    .onConflict((conflict) =>
      conflict.column('users_id').doUpdateSet({
        owed: sql`ledger_member.owed + ${entry.owed}`,
        paid: sql`ledger_member.paid + ${paid}`,
      }),
    )
    .execute();
}

/**
 * A loan's place is its first charge entry by date then id. Each charge entry takes the loan out of its member's order (if there), adds
 * to its amount and puts it back at the earlier place: the sums of the loans after either place move, which are few for a recent loan.
 */
async function addToLoan(db: Executor, usersId: string, bookingId: number, entry: TotalsEntry): Promise<void> {
  const loan = await db
    .selectFrom('ledger_loan')
    .select(['first_date', 'first_id', 'amount'])
    .where('booking_id', '=', bookingId)
    .executeTakeFirst();
  let place = { date: entry.date, id: entry.id };
  if (loan) {
    await addFrom(db, usersId, { date: loan.first_date, id: loan.first_id }, -Number(loan.amount));
    await db.deleteFrom('ledger_loan').where('booking_id', '=', bookingId).execute();
    if (loan.first_date < place.date || (loan.first_date === place.date && loan.first_id < place.id))
      place = { date: loan.first_date, id: loan.first_id };
  }
  const amount = Number(loan?.amount ?? 0) + entry.owed;
  const before = await db
    .selectFrom('ledger_loan')
    .select('charged_through')
    .where(loansOf(usersId, 'before', place))
    .orderBy('first_date', 'desc')
    .orderBy('first_id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const charged = Number(before?.charged_through ?? 0);
  await db
    .insertInto('ledger_loan')
    .values({ booking_id: bookingId, users_id: usersId, first_date: place.date, first_id: place.id, amount, charged_through: charged })
    .execute();
  await addFrom(db, usersId, place, amount);
}

async function addFrom(db: Executor, usersId: string, place: { date: string; id: number }, amount: number): Promise<void> {
  if (amount === 0) return;
  await db
    .updateTable('ledger_loan')
    .set({ charged_through: sql`charged_through + ${amount}` })
    .where(loansOf(usersId, 'from', place))
    .execute();
}

/** Adds an appended entry to the totals, in its transaction: the same sums `fillLedgerTotals` (the migration) makes from every entry. */
export async function addToTotals(db: Executor, entry: TotalsEntry): Promise<void> {
  if (entry.cash !== 0) await addToMonth(db, entry);
  if (entry.usersId === null) return;
  await addToMember(db, entry.usersId, entry);
  if (isLoanCharge(entry) && entry.owed !== 0) await addToLoan(db, entry.usersId, entry.bookingId ?? 0, entry);
}
