import type { Db } from '../../db/database';
import type { Executor } from '../../db/executor';
import { adminMessages } from '../../domain/admin/admin-messages';
import type { ChargeLine } from '../../domain/fund/charges';
import { FUND_PAGE_SIZE } from '../../domain/fund/fund';
import {
  addMonths,
  CORRECTABLE_KINDS,
  flowsOf,
  formatIndonesianMonth,
  isLedgerKind,
  type LedgerKind,
  monthOf,
  movementOf,
  reversalOf,
  totalsOf,
} from '../../domain/fund/ledger';
import { bikeMessages } from '../../domain/motor/bike-messages';
import type {
  ChargeChangeRequest,
  CorrectionRequest,
  DuesGrid,
  ExpenseRequest,
  FundBook,
  FundBookQuery,
  FundEntry,
  FundOverview,
  LoanCharge,
  MemberStatement,
  OutstandingMember,
  PaymentRequest,
} from '../../domain/schemas/fund';
import { formatRupiah } from '../../domain/text/money';
import { todayIn } from '../../domain/time/clock';
import type { SessionAdmin } from '../admin/service';
import { appendAuditEntry } from '../audit/service';
import { emit } from '../events/bus';
import { findShownBikeNames } from '../motor/bike-names';
import { findMemberByRef } from '../roster/service';
import { appendChargeEntry } from './charges';
import { howToPay, howToPayText } from './how-to-pay';
import {
  appendLedgerEntry,
  type ChargeRow,
  cashBefore,
  cashFlowsOfMonths,
  findBookingIdByRef,
  findCharge,
  findChargeLoan,
  findClaimOfLoan,
  findDuesOfYear,
  findFirstLedgerDate,
  findFundMembers,
  findLedger,
  findLedgerEntries,
  findLedgerEntry,
  findLedgerOfMonths,
  findOwedSums,
  findPendingClaims,
  findSettledLoans,
  type LedgerRow,
  type OwedSum,
  owedOf,
  setAdminAmount,
} from './repository';

export { howToPayText } from './how-to-pay';
export { findCharge } from './repository';

const labels = adminMessages.fund;

export type FundWriteOutcome =
  | { kind: 'ok'; message: string }
  | { kind: 'invalid'; errors: Record<string, string> }
  | { kind: 'notFound' }
  | { kind: 'conflict'; message: string };

type Clock = { now: Date; timeZone: string };

const isCharge = (row: LedgerRow) => row.kind === 'charge' || row.kind === 'charge-change';

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

function outstandingMembers(sums: OwedSum[]): OutstandingMember[] {
  return sums
    .filter((sum) => sum.owed > 0 && sum.member.ref !== null)
    .map(({ member, owed }) => ({ ref: member.ref ?? '', name: member.name, class: member.class, amount: owed }))
    .sort((a, b) => b.amount - a.amount || a.name.localeCompare(b.name));
}

const sumOf = (rows: { amount: number }[]) => rows.reduce((total, row) => total + row.amount, 0);

export async function fundOverview(db: Executor, now: Date, timeZone: string): Promise<FundOverview> {
  const outstanding = outstandingMembers(await findOwedSums(db));
  const bikeNames = await findShownBikeNames(db);
  const members = (await findFundMembers(db)).map((member) => ({
    ref: member.ref,
    name: member.name,
    class: member.class,
    active: member.active,
  }));
  return {
    balance: await cashBefore(db),
    totalOutstanding: sumOf(outstanding),
    outstanding,
    members,
    today: todayIn(timeZone, now),
    howToPay: await howToPay(db),
    claims: (await findPendingClaims(db)).map((claim) => {
      const motor = bikeNames?.get(claim.motorbikeId);
      return {
        ...(motor !== undefined && { motor }),
        id: claim.id,
        member: { ref: claim.member.ref ?? '', name: claim.member.name, class: claim.member.class },
        amount: claim.amount,
        loanDate: claim.loanDate,
        claimedAt: claim.claimedAt,
      };
    }),
  };
}

/** The balance and the five largest amounts outstanding, for the owner's /kas. */
export async function fundSummary(db: Executor): Promise<{ balance: number; totalOutstanding: number; largest: OutstandingMember[] }> {
  const outstanding = outstandingMembers(await findOwedSums(db));
  return { balance: await cashBefore(db), totalOutstanding: sumOf(outstanding), largest: outstanding.slice(0, 5) };
}

export async function memberOutstanding(db: Executor, usersId: string): Promise<number> {
  return owedOf(db, usersId);
}

function chargeDetail(basis: string | null): { lines: ChargeLine[]; text: string } {
  if (basis === null) return { lines: [], text: '' };
  const { lines } = JSON.parse(basis) as { lines: ChargeLine[] };
  return { lines, text: lines.map((line) => `${line.label} ${formatRupiah(line.amount)}`).join(', ') };
}

interface EntryContext {
  byId: Map<number, LedgerRow>;
  charges: Map<number, ChargeRow>;
  settled: Map<number, boolean>;
  bikeNames: Map<number, string> | undefined;
}

function toEntry(row: LedgerRow, context: EntryContext): FundEntry {
  const kind: LedgerKind = isLedgerKind(row.kind) ? row.kind : 'correction';
  const corrected = row.correctsId === null ? undefined : context.byId.get(row.correctsId);
  const correction = row.correctedById === null ? undefined : context.byId.get(row.correctedById);
  const charge = row.bookingId === null ? undefined : context.charges.get(row.bookingId);
  const isChargeKind = kind === 'charge' || kind === 'charge-change';
  const motor = row.motorbikeId === null ? undefined : context.bikeNames?.get(row.motorbikeId);
  return {
    ...(motor !== undefined && { motor }),
    id: row.id,
    kind,
    date: row.date,
    member: row.member?.ref ? { ref: row.member.ref, name: row.member.name, class: row.member.class } : null,
    ref: row.bookingRef,
    detail: isChargeKind ? chargeDetail(row.basis).text : row.detail,
    note: row.note,
    moneyIn: Math.max(0, row.cash),
    moneyOut: Math.max(0, -row.cash),
    owed: row.owed,
    duesMonth: row.duesMonth,
    corrects: corrected
      ? { id: corrected.id, kind: isLedgerKind(corrected.kind) ? corrected.kind : 'correction', date: corrected.date }
      : null,
    correctedBy: correction ? { id: correction.id, date: correction.date } : null,
    correctable: CORRECTABLE_KINDS.includes(kind) && row.correctedById === null,
    charge: isChargeKind && charge && row.bookingId !== null ? loanChargeOf(charge, context.settled.get(row.bookingId) ?? false) : null,
    by: row.createdBy,
  };
}

/** The entries `rows` correct or are corrected by; with `withCharges`, their loans' charges and whether each is paid. */
async function entryContext(db: Executor, rows: LedgerRow[], withCharges: boolean): Promise<EntryContext> {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const linked = rows.flatMap((row) => [row.correctsId, row.correctedById]).filter((id): id is number => id !== null && !byId.has(id));
  for (const row of await findLedgerEntries(db, [...new Set(linked)])) byId.set(row.id, row);
  const charges = new Map<number, ChargeRow>();
  for (const row of withCharges ? rows : []) {
    if (row.bookingId === null || charges.has(row.bookingId)) continue;
    const charge = await findCharge(db, row.bookingId);
    if (charge) charges.set(row.bookingId, charge);
  }
  const charged = rows.filter((row) => isCharge(row) && row.bookingId !== null && row.member).map((row) => row.bookingId ?? 0);
  return {
    byId,
    charges,
    settled: withCharges ? await findSettledLoans(db, [...new Set(charged)]) : new Map(),
    bikeNames: await findShownBikeNames(db),
  };
}

/** A month of the book, newest first, with the month's totals and the twelve months' flows ending with it. */
export async function fundBook(db: Executor, query: FundBookQuery, clock: Clock): Promise<FundBook> {
  const month = query.month ?? monthOf(todayIn(clock.timeZone, clock.now));
  const rows = (await findLedgerOfMonths(db, month, month)).reverse();
  const pages = Math.max(1, Math.ceil(rows.length / FUND_PAGE_SIZE));
  const page = Math.min(query.page, pages);
  const shown = rows.slice((page - 1) * FUND_PAGE_SIZE, page * FUND_PAGE_SIZE);
  const context = await entryContext(db, shown, true);
  const flows = flowsOf(await cashFlowsOfMonths(db, addMonths(month, -11), month), month);
  return {
    month,
    totals: totalsOf(await cashBefore(db, month), flows.at(-1)),
    flows,
    entries: shown.map((row) => toEntry(row, context)),
    page,
    pages,
    total: rows.length,
  };
}

/** Everything the member's name is on: charges, payments, dues and their corrections, newest first. */
export async function memberStatement(db: Executor, memberRef: string): Promise<MemberStatement | undefined> {
  const member = await findMemberByRef(db, memberRef);
  if (!member) return undefined;
  const rows = await findLedger(db, { usersId: member.id });
  const context = await entryContext(db, rows, true);
  const sum = (pick: (row: LedgerRow) => number) => rows.reduce((total, row) => total + pick(row), 0);
  return {
    member: { ref: member.ref, name: member.name, class: member.class },
    charges: sum((row) => (isCharge(row) ? row.owed : 0)),
    paid: sum((row) => (isCharge(row) ? 0 : -row.owed)),
    dues: sum((row) => (row.duesMonth !== null ? row.cash : 0)),
    outstanding: sum((row) => row.owed),
    entries: rows.reverse().map((row) => toEntry(row, context)),
  };
}

/** Who paid `Iuran` for which month of `year`, net of corrections; the active members and anyone who paid. */
export async function duesGrid(db: Executor, year: number): Promise<DuesGrid> {
  const months = Array.from({ length: 12 }, (_, index) => `${year}-${String(index + 1).padStart(2, '0')}`);
  const paid = new Map<string, number[]>();
  for (const row of await findDuesOfYear(db, year)) {
    const amounts = paid.get(row.usersId) ?? months.map(() => 0);
    const index = months.indexOf(row.month);
    amounts[index] = (amounts[index] ?? 0) + row.cash;
    paid.set(row.usersId, amounts);
  }
  const members = (await findFundMembers(db)).filter((member) => member.active || paid.has(member.id));
  return {
    year,
    months,
    members: members.map((member) => ({
      ref: member.ref,
      name: member.name,
      class: member.class,
      paid: paid.get(member.id) ?? months.map(() => 0),
    })),
  };
}

/**
 * The CSV of a month (or of the whole book): a `Saldo awal` row, every entry oldest first with the running `Saldo`, a `Jumlah` row whose
 * `Saldo` is the month's `Saldo akhir`. A charge moves no cash: its amount is in `Keterangan`, its `Masuk` and `Keluar` empty.
 */
export async function fundCsv(db: Executor, month: string | undefined, clock: Clock): Promise<{ name: string; rows: string[][] }> {
  const today = monthOf(todayIn(clock.timeZone, clock.now));
  const firstDate = month === undefined ? await findFirstLedgerDate(db) : undefined;
  const first = month ?? (firstDate ? monthOf(firstDate) : today);
  const last = month ?? today;
  const opening = await cashBefore(db, first);
  let balance = opening;
  let moneyIn = 0;
  let moneyOut = 0;
  const rows = await findLedgerOfMonths(db, first, last);
  const context = await entryContext(db, rows, false);
  const motor = (cell: string) => (context.bikeNames ? [cell] : []);
  const body = rows.map((row) => {
    const entry = toEntry(row, context);
    balance += row.cash;
    moneyIn += entry.moneyIn;
    moneyOut += entry.moneyOut;
    const cash = row.cash !== 0 || !(entry.kind === 'charge' || entry.kind === 'charge-change');
    return [
      entry.date,
      labels.kinds[entry.kind],
      entry.member?.name ?? '',
      ...motor(entry.motor ?? ''),
      csvDetail(entry),
      cash ? String(entry.moneyIn) : '',
      cash ? String(entry.moneyOut) : '',
      String(balance),
    ];
  });
  return {
    name: first === last ? `kas-${first}.csv` : `kas-${first}_${last}.csv`,
    rows: [
      [...labels.csvHeader.slice(0, 3), ...motor(bikeMessages.label), ...labels.csvHeader.slice(3)],
      [`${first}-01`, labels.opening, '', ...motor(''), '', '', '', String(opening)],
      ...body,
      ['', labels.csvTotal, '', ...motor(''), '', String(moneyIn), String(moneyOut), String(balance)],
    ],
  };
}

function csvDetail(entry: FundEntry): string {
  const parts = [
    entry.kind === 'charge' || entry.kind === 'charge-change' ? `${labels.kinds.charge} ${formatRupiah(entry.owed)}` : '',
    entry.detail,
    entry.duesMonth ? formatIndonesianMonth(entry.duesMonth) : '',
    entry.corrects ? labels.corrects(labels.kinds[entry.corrects.kind], entry.corrects.date) : '',
    entry.note,
  ];
  return parts.filter((part) => part !== '').join('; ');
}

function checkDate(date: string, clock: Clock): Record<string, string> {
  return date > todayIn(clock.timeZone, clock.now) ? { date: labels.dateInFuture } : {};
}

function savedMessage(payment: PaymentRequest, name: string, duesMonth: string): string {
  const amount = formatRupiah(payment.amount);
  if (payment.type === 'dues') return labels.duesSavedOf(amount, name, formatIndonesianMonth(duesMonth));
  if (payment.type === 'income') return labels.incomeSavedOf(amount);
  return labels.paymentSavedOf(amount, name);
}

async function payingMember(trx: Executor, payment: PaymentRequest) {
  if (payment.type === 'income') return { member: null };
  const member = await findMemberByRef(trx, payment.member);
  if (!member) return { errors: { member: labels.memberUnknown } };
  if (!member.active) return { errors: { member: labels.memberInactive } };
  return { member };
}

/** `Pembayaran tagihan` (settles charges), `Iuran` (never does) or `Pemasukan lain` (no member). */
export async function recordPayment(trx: Executor, admin: SessionAdmin, payment: PaymentRequest, clock: Clock): Promise<FundWriteOutcome> {
  const dateErrors = checkDate(payment.date, clock);
  if (Object.keys(dateErrors).length > 0) return { kind: 'invalid', errors: dateErrors };
  const found = await payingMember(trx, payment);
  if (found.errors) return { kind: 'invalid', errors: found.errors };
  const { member } = found;
  const note = payment.note.trim();
  const duesMonth = payment.type === 'dues' ? (payment.duesMonth ?? monthOf(payment.date)) : null;
  await appendLedgerEntry(trx, {
    kind: payment.type,
    date: payment.date,
    usersId: member?.id ?? null,
    ...movementOf(payment.type, payment.amount),
    duesMonth,
    detail: payment.method,
    note,
    at: clock.now.toISOString(),
    by: admin.name,
  });
  await appendAuditEntry(trx, {
    at: clock.now,
    actorUserId: admin.id,
    actorName: admin.name,
    action: 'payment-recorded',
    target: member?.name ?? labels.kinds.income,
    detail: [formatRupiah(payment.amount), payment.method, payment.date, duesMonth ?? '', note].filter((part) => part !== '').join(', '),
  });
  return { kind: 'ok', message: savedMessage(payment, member?.name ?? '', duesMonth ?? '') };
}

export async function recordExpense(trx: Executor, admin: SessionAdmin, expense: ExpenseRequest, clock: Clock): Promise<FundWriteOutcome> {
  const dateErrors = checkDate(expense.date, clock);
  if (Object.keys(dateErrors).length > 0) return { kind: 'invalid', errors: dateErrors };
  const note = expense.note.trim();
  await appendLedgerEntry(trx, {
    kind: 'expense',
    date: expense.date,
    usersId: null,
    ...movementOf('expense', expense.amount),
    detail: expense.category,
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
  return { kind: 'ok', message: labels.expenseSavedOf(formatRupiah(expense.amount), expense.category) };
}

/** `Koreksi`: the reversing entry, dated today, linked to the original, which stays as it was. */
export async function correctEntry(
  trx: Executor,
  admin: SessionAdmin,
  id: number,
  correction: CorrectionRequest,
  clock: Clock,
): Promise<FundWriteOutcome> {
  const original = await findLedgerEntry(trx, id);
  if (!original) return { kind: 'notFound' };
  if (!CORRECTABLE_KINDS.includes(original.kind as LedgerKind)) return { kind: 'conflict', message: labels.notCorrectable };
  const reason = correction.reason.trim();
  const kindLabel = labels.kinds[original.kind as LedgerKind];
  const amount = formatRupiah(Math.abs(original.cash));
  const written = await appendLedgerEntry(trx, {
    kind: 'correction',
    date: todayIn(clock.timeZone, clock.now),
    usersId: original.member?.id ?? null,
    ...reversalOf(original),
    duesMonth: original.duesMonth,
    detail: original.detail,
    note: reason,
    correctsId: original.id,
    at: clock.now.toISOString(),
    by: admin.name,
  });
  if (!written) return { kind: 'conflict', message: labels.alreadyCorrected };
  await appendAuditEntry(trx, {
    at: clock.now,
    actorUserId: admin.id,
    actorName: admin.name,
    action: 'entry-corrected',
    target: original.member?.name ?? kindLabel,
    detail: `${kindLabel} ${amount}, ${original.date}: ${reason}`,
  });
  return { kind: 'ok', message: labels.correctionSaved(kindLabel.toLowerCase(), amount) };
}

/** A waiver (0) or another amount, with the reason: a charge change in the book; the computed lines stay. */
export async function changeCharge(
  db: Db,
  admin: SessionAdmin,
  ref: string,
  change: ChargeChangeRequest,
  clock: Clock,
): Promise<FundWriteOutcome> {
  return db.kysely.transaction().execute(async (trx) => {
    const bookingId = await findBookingIdByRef(trx, ref);
    const charge = bookingId === undefined ? undefined : await findCharge(trx, bookingId);
    const loan = bookingId === undefined ? undefined : await findChargeLoan(trx, bookingId);
    if (bookingId === undefined || !charge || !loan) return { kind: 'notFound' };
    const reason = change.reason.trim();
    await setAdminAmount(trx, bookingId, { amount: change.amount, reason, at: clock.now.toISOString() });
    await appendChargeEntry(trx, loan, { at: clock.now, today: todayIn(clock.timeZone, clock.now), by: admin.name, note: reason });
    await emit(trx, {
      type: 'chargeChanged',
      loan: { name: loan.name, date: loan.date, start: loan.start },
      ref,
      before: charge.amount,
      after: change.amount,
      reason,
      admin: { id: admin.id, name: admin.name },
      at: clock.now,
    });
    return { kind: 'ok', message: labels.chargeSaved };
  });
}

/** The borrower's view of their loan's charge, with whether their payments cover it; undefined before one is written. */
export async function ownCharge(db: Executor, bookingId: number): Promise<LoanCharge | undefined> {
  const charge = await findCharge(db, bookingId);
  if (!charge) return undefined;
  const claim = await findClaimOfLoan(db, bookingId);
  return {
    ...loanChargeOf(charge, (await findSettledLoans(db, [bookingId])).get(bookingId) ?? false),
    howToPay: await howToPayText(db),
    qris: (await howToPay(db))?.qris ?? false,
    claim: claim && claim.status !== 'confirmed' ? claim.status : null,
  };
}
