import { sql } from 'kysely';
import type { Executor } from '../../db/executor';
import type { ChargeLine } from '../../domain/fund/charges';
import { BOOKED_END_COLUMNS, SPAN_COLUMN, SPAN_COLUMNS, toBookedEnd, toSpan } from '../bookings/booking-row';

export interface ChargeLoanRow {
  id: number;
  ref: string | null;
  usersId: string;
  name: string;
  class: string;
  date: string;
  start: string;
  bookedEnd: { end: string; endDate: string };
  pickedUpAt: string | null;
  returnedAt: string | null;
  released: boolean;
  cancelled: boolean;
  voucher: boolean;
  purpose: string;
}

function loanQuery(db: Executor) {
  return db
    .selectFrom('borrow_request as b')
    .innerJoin('users as u', 'u.id', 'b.users_id')
    .select([
      'b.id',
      'b.ref',
      'b.users_id',
      ...SPAN_COLUMNS,
      ...BOOKED_END_COLUMNS,
      'b.picked_up_at',
      'b.returned_at',
      'b.released_at',
      'b.cancelled_at',
      'b.voucher_code',
      'b.purpose',
      'u.name',
      'u.class',
    ]);
}

type LoanRow = Awaited<ReturnType<ReturnType<typeof loanQuery>['execute']>>[number];

function toLoan(row: LoanRow): ChargeLoanRow {
  const { date, start } = toSpan(row);
  return {
    id: row.id,
    ref: row.ref,
    usersId: row.users_id,
    name: row.name,
    class: row.class,
    date,
    start,
    bookedEnd: toBookedEnd(row),
    pickedUpAt: row.picked_up_at,
    returnedAt: row.returned_at,
    released: row.released_at !== null,
    cancelled: row.cancelled_at !== null,
    voucher: row.voucher_code !== null,
    purpose: row.purpose,
  };
}

export async function findChargeLoan(db: Executor, bookingId: number): Promise<ChargeLoanRow | undefined> {
  const row = await loanQuery(db).where('b.id', '=', bookingId).executeTakeFirst();
  return row && toLoan(row);
}

/** The member's other committee loans that day starting before this one, which use up the free hours first. */
export async function findEarlierCommitteeLoans(db: Executor, loan: ChargeLoanRow): Promise<ChargeLoanRow[]> {
  const rows = await loanQuery(db)
    .where('b.users_id', '=', loan.usersId)
    .where(SPAN_COLUMN.date, '=', loan.date)
    .where('b.purpose', '=', 'committee')
    .where(SPAN_COLUMN.start, '<', loan.start)
    .where('b.cancelled_at', 'is', null)
    .where('b.released_at', 'is', null)
    .execute();
  return rows.map(toLoan);
}

/** Not returned, released nor cancelled, without a charge: booked from `fromDate` on, or picked up on any date. */
export async function findUnchargedLoans(db: Executor, fromDate: string): Promise<ChargeLoanRow[]> {
  const rows = await loanQuery(db)
    .where('b.returned_at', 'is', null)
    .where('b.released_at', 'is', null)
    .where('b.cancelled_at', 'is', null)
    .where((eb) => eb.or([eb(SPAN_COLUMN.date, '>=', fromDate), eb('b.picked_up_at', 'is not', null)]))
    .where((eb) => eb.not(eb.exists(eb.selectFrom('charge as c').select('c.id').whereRef('c.booking_id', '=', 'b.id'))))
    .execute();
  return rows.map(toLoan);
}

export interface ChargeRow {
  bookingId: number;
  usersId: string;
  lines: ChargeLine[];
  computedTotal: number;
  amount: number;
  provisional: boolean;
  adminAmount: number | null;
  adminReason: string | null;
  createdAt: string;
}

const CHARGE_COLUMNS = [
  'c.booking_id',
  'c.users_id',
  'c.lines',
  'c.computed_total',
  'c.amount',
  'c.provisional',
  'c.admin_amount',
  'c.admin_reason',
  'c.created_at',
] as const;

function toCharge(row: {
  booking_id: number;
  users_id: string;
  lines: string;
  computed_total: number;
  amount: number;
  provisional: boolean | number;
  admin_amount: number | null;
  admin_reason: string | null;
  created_at: string;
}): ChargeRow {
  return {
    bookingId: row.booking_id,
    usersId: row.users_id,
    lines: JSON.parse(row.lines) as ChargeLine[],
    computedTotal: Number(row.computed_total),
    amount: Number(row.amount),
    provisional: row.provisional === true || row.provisional === 1,
    adminAmount: row.admin_amount === null ? null : Number(row.admin_amount),
    adminReason: row.admin_reason,
    createdAt: row.created_at,
  };
}

export async function findCharge(db: Executor, bookingId: number): Promise<ChargeRow | undefined> {
  const row = await db.selectFrom('charge as c').select(CHARGE_COLUMNS).where('c.booking_id', '=', bookingId).executeTakeFirst();
  return row && toCharge(row);
}

export interface ChargeWrite {
  bookingId: number;
  usersId: string;
  lines: ChargeLine[];
  computedTotal: number;
  provisional: boolean;
  at: string;
}

/** Once per loan whoever writes first (the unique booking_id): true when this call wrote it. */
export async function insertCharge(db: Executor, charge: ChargeWrite): Promise<boolean> {
  const result = await db
    .insertInto('charge')
    .values({
      booking_id: charge.bookingId,
      users_id: charge.usersId,
      lines: JSON.stringify(charge.lines),
      computed_total: charge.computedTotal,
      amount: charge.computedTotal,
      provisional: charge.provisional,
      created_at: charge.at,
      updated_at: charge.at,
    })
    .onConflict((conflict) => conflict.column('booking_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** A recompute: the admin's amount, when they set one, stays what is owed. */
export async function updateComputedCharge(db: Executor, charge: Omit<ChargeWrite, 'usersId'>): Promise<void> {
  await db
    .updateTable('charge')
    .set({
      lines: JSON.stringify(charge.lines),
      computed_total: charge.computedTotal,
      amount: sql<number>`coalesce(admin_amount, ${charge.computedTotal})`,
      provisional: charge.provisional,
      updated_at: charge.at,
    })
    .where('booking_id', '=', charge.bookingId)
    .execute();
}

export async function setAdminAmount(db: Executor, bookingId: number, change: { amount: number; reason: string; at: string }) {
  await db
    .updateTable('charge')
    .set({ admin_amount: change.amount, admin_reason: change.reason, amount: change.amount, updated_at: change.at })
    .where('booking_id', '=', bookingId)
    .execute();
}

export interface BookCharge extends ChargeRow {
  ref: string | null;
  date: string;
  start: string;
  member: { id: string; ref: string | null; name: string; class: string };
}

/** Every charge with its loan and member, oldest loan first. */
export async function findAllCharges(db: Executor): Promise<BookCharge[]> {
  const rows = await db
    .selectFrom('charge as c')
    .innerJoin('borrow_request as b', 'b.id', 'c.booking_id')
    .innerJoin('users as u', 'u.id', 'c.users_id')
    .select([...CHARGE_COLUMNS, 'b.ref', SPAN_COLUMN.date, SPAN_COLUMN.start, 'u.ref as member_ref', 'u.name', 'u.class'])
    .orderBy(SPAN_COLUMN.date)
    .orderBy(SPAN_COLUMN.start)
    .orderBy('c.id')
    .execute();
  return rows.map((row) => ({
    ...toCharge(row),
    ref: row.ref,
    date: row.borrow_date,
    start: row.start_time,
    member: { id: row.users_id, ref: row.member_ref, name: row.name, class: row.class },
  }));
}

export interface PaymentRow {
  id: number;
  member: { id: string; ref: string | null; name: string; class: string };
  amount: number;
  method: string;
  date: string;
  note: string;
  createdAt: string;
}

export async function findAllPayments(db: Executor): Promise<PaymentRow[]> {
  const rows = await db
    .selectFrom('payment as p')
    .innerJoin('users as u', 'u.id', 'p.users_id')
    .select(['p.id', 'p.users_id', 'p.amount', 'p.method', 'p.paid_on', 'p.note', 'p.created_at', 'u.ref', 'u.name', 'u.class'])
    .orderBy('p.paid_on')
    .orderBy('p.id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    member: { id: row.users_id, ref: row.ref, name: row.name, class: row.class },
    amount: Number(row.amount),
    method: row.method,
    date: row.paid_on,
    note: row.note,
    createdAt: row.created_at,
  }));
}

export interface ExpenseRow {
  id: number;
  category: string;
  amount: number;
  date: string;
  note: string;
  createdAt: string;
}

export async function findAllExpenses(db: Executor): Promise<ExpenseRow[]> {
  const rows = await db
    .selectFrom('expense')
    .select(['id', 'category', 'amount', 'spent_on', 'note', 'created_at'])
    .orderBy('spent_on')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    category: row.category,
    amount: Number(row.amount),
    date: row.spent_on,
    note: row.note,
    createdAt: row.created_at,
  }));
}

export async function insertPayment(
  db: Executor,
  payment: { usersId: string; amount: number; method: string; date: string; note: string; at: string; by: string },
): Promise<void> {
  await db
    .insertInto('payment')
    .values({
      users_id: payment.usersId,
      amount: payment.amount,
      method: payment.method,
      paid_on: payment.date,
      note: payment.note,
      created_at: payment.at,
      created_by: payment.by,
    })
    .execute();
}

export async function insertExpense(
  db: Executor,
  expense: { category: string; amount: number; date: string; note: string; at: string; by: string },
): Promise<void> {
  await db
    .insertInto('expense')
    .values({
      category: expense.category,
      amount: expense.amount,
      spent_on: expense.date,
      note: expense.note,
      created_at: expense.at,
      created_by: expense.by,
    })
    .execute();
}

export async function findBookingIdByRef(db: Executor, ref: string): Promise<number | undefined> {
  const row = await db.selectFrom('borrow_request').select('id').where('ref', '=', ref).executeTakeFirst();
  return row?.id;
}
