import type { Db } from '../../db/database';
import type { Executor } from '../../db/executor';
import { adminMessages } from '../../domain/admin/admin-messages';
import { FUND_PAGE_SIZE, isInMonth, settledCharges } from '../../domain/fund/fund';
import type {
  ChargeChangeRequest,
  ExpenseRequest,
  FundBook,
  FundBookQuery,
  FundEntry,
  FundOverview,
  LoanCharge,
  OutstandingMember,
  PaymentRequest,
} from '../../domain/schemas/fund';
import { formatRupiah } from '../../domain/text/money';
import { todayIn } from '../../domain/time/clock';
import type { SessionAdmin } from '../admin/service';
import { appendAuditEntry } from '../audit/service';
import { emit } from '../events/bus';
import { findMemberByRef, listMembers } from '../roster/service';
import {
  type BookCharge,
  type ChargeRow,
  findAllCharges,
  findAllExpenses,
  findAllPayments,
  findBookingIdByRef,
  findCharge,
  findChargeLoan,
  insertExpense,
  insertPayment,
  setAdminAmount,
} from './repository';

export { findCharge } from './repository';

const labels = adminMessages.fund;

export type FundWriteOutcome = { kind: 'ok' } | { kind: 'invalid'; errors: Record<string, string> } | { kind: 'notFound' };

interface Ledger {
  charges: BookCharge[];
  payments: Awaited<ReturnType<typeof findAllPayments>>;
  expenses: Awaited<ReturnType<typeof findAllExpenses>>;
}

/** A class fund holds hundreds of rows a year: the book is read whole and summed here, from the rows. */
async function readLedger(db: Executor): Promise<Ledger> {
  return { charges: await findAllCharges(db), payments: await findAllPayments(db), expenses: await findAllExpenses(db) };
}

function paidByMember(ledger: Ledger): Map<string, number> {
  const paid = new Map<string, number>();
  for (const payment of ledger.payments) paid.set(payment.member.id, (paid.get(payment.member.id) ?? 0) + payment.amount);
  return paid;
}

/** Whether each charge (by booking id) is covered, the member's payments settling their charges oldest first. */
function settledByBooking(ledger: Ledger): Map<number, boolean> {
  const paid = paidByMember(ledger);
  const byMember = new Map<string, BookCharge[]>();
  for (const charge of ledger.charges) byMember.set(charge.member.id, [...(byMember.get(charge.member.id) ?? []), charge]);
  const settled = new Map<number, boolean>();
  for (const [memberId, charges] of byMember) {
    const flags = settledCharges(
      charges.map((charge) => charge.amount),
      paid.get(memberId) ?? 0,
    );
    for (const [index, charge] of charges.entries()) settled.set(charge.bookingId, flags[index] ?? false);
  }
  return settled;
}

function loanChargeOf(charge: ChargeRow, paid: boolean): LoanCharge {
  return {
    lines: charge.lines,
    computed: charge.computedTotal,
    amount: charge.amount,
    provisional: charge.provisional,
    changed: charge.adminAmount !== null,
    paid: paid || charge.amount === 0,
  };
}

function outstandingOf(ledger: Ledger): OutstandingMember[] {
  const owed = new Map<string, OutstandingMember>();
  for (const charge of ledger.charges) {
    const { member } = charge;
    if (member.ref === null) continue;
    const entry = owed.get(member.id) ?? { ref: member.ref, name: member.name, class: member.class, amount: 0 };
    entry.amount += charge.amount;
    owed.set(member.id, entry);
  }
  for (const [memberId, amount] of paidByMember(ledger)) {
    const entry = owed.get(memberId);
    if (entry) entry.amount -= amount;
  }
  return [...owed.values()].filter((entry) => entry.amount > 0).sort((a, b) => b.amount - a.amount || a.name.localeCompare(b.name));
}

const sum = (rows: { amount: number }[]) => rows.reduce((total, row) => total + row.amount, 0);

export async function fundOverview(db: Executor, now: Date, timeZone: string): Promise<FundOverview> {
  const ledger = await readLedger(db);
  const outstanding = outstandingOf(ledger);
  const members = (await listMembers(db)).map((member) => ({
    ref: member.ref,
    name: member.name,
    class: member.class,
    active: member.active,
  }));
  return {
    balance: sum(ledger.payments) - sum(ledger.expenses),
    totalOutstanding: sum(outstanding),
    outstanding,
    members,
    today: todayIn(timeZone, now),
  };
}

/** The balance and the five largest amounts outstanding, for the owner's /kas. */
export async function fundSummary(db: Executor): Promise<{ balance: number; totalOutstanding: number; largest: OutstandingMember[] }> {
  const ledger = await readLedger(db);
  const outstanding = outstandingOf(ledger);
  return { balance: sum(ledger.payments) - sum(ledger.expenses), totalOutstanding: sum(outstanding), largest: outstanding.slice(0, 5) };
}

interface DatedEntry extends FundEntry {
  sortKey: string;
}

function bookEntries(ledger: Ledger, filter: { memberRef?: string | undefined; month?: string | undefined }): DatedEntry[] {
  const settled = settledByBooking(ledger);
  const entries: DatedEntry[] = [
    ...ledger.charges.map((charge) => ({
      kind: 'charge' as const,
      date: charge.date,
      member: charge.member.ref === null ? null : { ref: charge.member.ref, name: charge.member.name, class: charge.member.class },
      ref: charge.ref,
      detail: charge.lines.map((line) => `${line.label} ${formatRupiah(line.amount)}`).join(', '),
      amount: charge.amount,
      note: charge.adminReason ?? '',
      charge: loanChargeOf(charge, settled.get(charge.bookingId) ?? false),
      sortKey: `${charge.date} ${charge.start} ${charge.createdAt}`,
    })),
    ...ledger.payments.map((payment) => ({
      kind: 'payment' as const,
      date: payment.date,
      member: payment.member.ref === null ? null : { ref: payment.member.ref, name: payment.member.name, class: payment.member.class },
      ref: null,
      detail: payment.method,
      amount: payment.amount,
      note: payment.note,
      charge: null,
      sortKey: `${payment.date} 99:99 ${payment.createdAt}`,
    })),
    ...ledger.expenses.map((expense) => ({
      kind: 'expense' as const,
      date: expense.date,
      member: null,
      ref: null,
      detail: expense.category,
      amount: expense.amount,
      note: expense.note,
      charge: null,
      sortKey: `${expense.date} 99:99 ${expense.createdAt}`,
    })),
  ];
  return entries
    .filter((entry) => entry.kind !== 'charge' || entry.amount > 0 || (entry.charge?.computed ?? 0) > 0)
    .filter((entry) => filter.memberRef === undefined || entry.member?.ref === filter.memberRef)
    .filter((entry) => filter.month === undefined || isInMonth(entry.date, filter.month))
    .sort((a, b) => (a.sortKey < b.sortKey ? 1 : a.sortKey > b.sortKey ? -1 : 0));
}

export async function fundBook(db: Executor, query: FundBookQuery): Promise<FundBook> {
  const entries = bookEntries(await readLedger(db), { memberRef: query.member || undefined, month: query.month });
  const pages = Math.max(1, Math.ceil(entries.length / FUND_PAGE_SIZE));
  const page = Math.min(query.page, pages);
  return {
    entries: entries.slice((page - 1) * FUND_PAGE_SIZE, page * FUND_PAGE_SIZE).map(({ sortKey: _sortKey, ...entry }) => entry),
    page,
    pages,
    total: entries.length,
  };
}

/** Every entry of the filter, newest first: charges and expenses count against the fund's cash as the balance does. */
export async function fundCsvRows(db: Executor, query: Omit<FundBookQuery, 'page'>): Promise<string[][]> {
  const entries = bookEntries(await readLedger(db), { memberRef: query.member || undefined, month: query.month });
  const kindLabel = { charge: labels.charge, payment: labels.payment, expense: labels.expense };
  return [
    [...labels.csvHeader],
    ...entries.map((entry) => [
      entry.date,
      kindLabel[entry.kind],
      entry.member?.name ?? '',
      entry.member?.class ?? '',
      entry.detail,
      String(entry.amount),
      entry.note,
    ]),
  ];
}

function checkDate(date: string, now: Date, timeZone: string): Record<string, string> {
  return date > todayIn(timeZone, now) ? { date: labels.dateInFuture } : {};
}

export async function recordPayment(
  db: Db,
  admin: SessionAdmin,
  payment: PaymentRequest,
  clock: { now: Date; timeZone: string },
): Promise<FundWriteOutcome> {
  const dateErrors = checkDate(payment.date, clock.now, clock.timeZone);
  if (Object.keys(dateErrors).length > 0) return { kind: 'invalid', errors: dateErrors };
  return db.kysely.transaction().execute(async (trx) => {
    const member = await findMemberByRef(trx, payment.member);
    if (!member) return { kind: 'invalid', errors: { member: labels.memberUnknown } };
    if (!member.active) return { kind: 'invalid', errors: { member: labels.memberInactive } };
    const note = payment.note.trim();
    await insertPayment(trx, {
      usersId: member.id,
      amount: payment.amount,
      method: payment.method,
      date: payment.date,
      note,
      at: clock.now.toISOString(),
      by: admin.name,
    });
    await appendAuditEntry(trx, {
      at: clock.now,
      actorUserId: admin.id,
      actorName: admin.name,
      action: 'payment-recorded',
      target: member.name,
      detail: [formatRupiah(payment.amount), payment.method, payment.date, note].filter((part) => part !== '').join(', '),
    });
    return { kind: 'ok' };
  });
}

export async function recordExpense(
  db: Db,
  admin: SessionAdmin,
  expense: ExpenseRequest,
  clock: { now: Date; timeZone: string },
): Promise<FundWriteOutcome> {
  const dateErrors = checkDate(expense.date, clock.now, clock.timeZone);
  if (Object.keys(dateErrors).length > 0) return { kind: 'invalid', errors: dateErrors };
  return db.kysely.transaction().execute(async (trx) => {
    const note = expense.note.trim();
    await insertExpense(trx, {
      category: expense.category,
      amount: expense.amount,
      date: expense.date,
      note,
      at: clock.now.toISOString(),
      by: admin.name,
    });
    await appendAuditEntry(trx, {
      at: clock.now,
      actorUserId: admin.id,
      actorName: admin.name,
      action: 'expense-recorded',
      target: expense.category,
      detail: [formatRupiah(expense.amount), expense.date, note].filter((part) => part !== '').join(', '),
    });
    return { kind: 'ok' };
  });
}

/** A waiver (0) or another amount, with the reason; the computed lines stay, and the audit keeps old and new. */
export async function changeCharge(
  db: Db,
  admin: SessionAdmin,
  ref: string,
  change: ChargeChangeRequest,
  now: Date,
): Promise<FundWriteOutcome> {
  return db.kysely.transaction().execute(async (trx) => {
    const bookingId = await findBookingIdByRef(trx, ref);
    const charge = bookingId === undefined ? undefined : await findCharge(trx, bookingId);
    if (bookingId === undefined || !charge) return { kind: 'notFound' };
    const reason = change.reason.trim();
    await setAdminAmount(trx, bookingId, { amount: change.amount, reason, at: now.toISOString() });
    const loan = await findChargeLoan(trx, bookingId);
    await emit(trx, {
      type: 'chargeChanged',
      loan: loan ? { name: loan.name, date: loan.date, start: loan.start } : null,
      ref,
      before: charge.amount,
      after: change.amount,
      reason,
      admin: { id: admin.id, name: admin.name },
      at: now,
    });
    return { kind: 'ok' };
  });
}

/** The borrower's view of their loan's charge, with whether their payments cover it; undefined before one is written. */
export async function ownCharge(db: Executor, bookingId: number): Promise<LoanCharge | undefined> {
  const charge = await findCharge(db, bookingId);
  if (!charge) return undefined;
  const ledger = await readLedger(db);
  const mine = { ...ledger, charges: ledger.charges.filter((row) => row.member.id === charge.usersId) };
  return loanChargeOf(charge, settledByBooking(mine).get(bookingId) ?? false);
}
