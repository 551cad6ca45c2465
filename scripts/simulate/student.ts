import { FUEL_LEVELS } from '../../src/domain/handover/handover';
import type { DayBooking } from '../../src/domain/schemas/bookings';
import { chosenBike } from './bikes';
import type { Answer } from './http';
import { ownerReleases, ownerReturns, press } from './owner';
import type { Sim } from './simulator';
import type { Loan, LoanPlan, Student } from './state';
import { BEHAVIOUR } from './table';
import { hhmm, wall, wallParts } from './time';

const DAY_FROM = 7 * 60;
const DAY_TO = 22 * 60;

function planLoan(sim: Sim): LoanPlan {
  const pickup = sim.random.weighted(BEHAVIOUR.pickup);
  const back = sim.random.weighted(BEHAVIOUR.return);
  return {
    pickupOffset: pickup.name === 'never' ? null : sim.random.int(pickup.from, pickup.to),
    returnOffset: sim.random.int(back.from, back.to),
    returnBy: sim.random.chance(BEHAVIOUR.ownerRecordsReturn) ? 'owner' : 'borrower',
  };
}

async function dayBookings(sim: Sim, date: string): Promise<DayBooking[]> {
  const answer = await sim.request(`/api/bookings?date=${date}`);
  return answer.status === 200 ? (answer.body.bookings as DayBooking[]) : [];
}

/** The day's bookings lane by lane, as the page shows them: the chosen bike's, or every bike's for `Motor mana saja`. */
function lanes(sim: Sim, bookings: DayBooking[], motorId: number | undefined): DayBooking[][] {
  if (sim.bikes.length < 2) return [bookings];
  return sim.bikes
    .filter((bike) => motorId === undefined || bike.id === motorId)
    .map((bike) => bookings.filter((booking) => (booking.motorId ?? 1) === bike.id));
}

/** A free gap of `minutes` on `date` in some lane the page shows, starting on a quarter hour not before now. */
function freeStart(sim: Sim, bookings: DayBooking[], date: string, minutes: number, motorId?: number): number | undefined {
  const busy = lanes(sim, bookings, motorId).map((lane) =>
    lane.map((booking) => ({
      from: booking.continuesFromPreviousDay ? 0 : wall('1970-01-01', booking.start),
      to: booking.continuesNextDay ? 24 * 60 : wall('1970-01-01', booking.end),
    })),
  );
  const earliest = date === sim.today ? Math.ceil((sim.nowMinute % (24 * 60)) / 15) * 15 + 15 : DAY_FROM;
  const starts: number[] = [];
  for (let start = Math.max(DAY_FROM, earliest); start + minutes <= DAY_TO; start += 15) {
    if (busy.some((lane) => lane.every((span) => start + minutes <= span.from || start >= span.to))) starts.push(start);
  }
  return starts.length === 0 ? undefined : sim.random.pick(starts);
}

interface BookingTry {
  student: Student;
  name: string;
  date: string;
  start: string;
  end: string;
  reason?: string;
  voucher?: boolean;
  /** The bike chosen in the form; none is `Motor mana saja`. */
  motorId?: number;
}

/** POST /api/bookings as the form sends it; the answer is recorded as evidence by the booking's unique reason. */
export async function tryBooking(sim: Sim, kind: string, attempt: BookingTry): Promise<void> {
  const reason = attempt.reason ?? `Kuliah ${sim.nextKey()}`;
  const body = {
    name: attempt.name,
    date: attempt.date,
    start: attempt.start,
    end: attempt.end,
    reason,
    needStnk: sim.random.pick(['ya', 'tidak']),
    ...(attempt.motorId === undefined ? {} : { motorId: attempt.motorId }),
  };
  const bike = attempt.motorId === undefined ? '' : ` motor #${attempt.motorId}`;
  sim.record(kind, `${attempt.name} ${attempt.date} ${attempt.start}-${attempt.end}${bike} "${reason}"`);
  await sim.decide('/api/bookings', { body, idempotencyKey: sim.nextKey() }, (answer) => void settleBooking(sim, attempt, reason, answer));
}

async function settleBooking(sim: Sim, attempt: BookingTry, reason: string, answer: Answer): Promise<void> {
  const stored = answer.status === 201;
  sim.evidence.bookings.push({ reason, outcome: stored ? 'stored' : 'refused', status: answer.status });
  if (!stored) return;
  const { booking, cancelToken } = answer.body as {
    booking: { date: string; start: string; end: string; endDate: string; motor?: { id: number } };
    cancelToken: string;
  };
  const loan: Loan = {
    reason,
    token: cancelToken,
    student: attempt.student,
    date: booking.date,
    start: booking.start,
    end: booking.end,
    endDate: booking.endDate,
    motorId: booking.motor?.id ?? attempt.motorId ?? 1,
    voucher: attempt.voucher ?? false,
    plan: planLoan(sim),
    stage: 'booked',
  };
  attempt.student.tokens.push(cancelToken);
  sim.loans.push(loan);
  scheduleLoan(sim, loan);
  if (attempt.student.chatId)
    await sim.request('/api/telegram/device-bookings', { body: { deviceSecret: attempt.student.device, token: cancelToken } });
}

/** The loan's pickup (or no-show) and return, at the minutes its plan says. */
function scheduleLoan(sim: Sim, loan: Loan): void {
  const start = wall(loan.date, loan.start);
  if (loan.plan.pickupOffset === null) {
    sim.schedule(start + 40, `no-show ${loan.reason}`, () => ownerReleases(sim, loan));
    return;
  }
  sim.schedule(start + loan.plan.pickupOffset, `pickup ${loan.reason}`, () => pickup(sim, loan));
  scheduleReturn(sim, loan, returnMinute(loan));
}

function returnMinute(loan: Loan): number {
  const start = wall(loan.date, loan.start);
  return Math.max(start + (loan.plan.pickupOffset ?? 0) + 5, wall(loan.endDate, loan.end) + loan.plan.returnOffset);
}

function scheduleReturn(sim: Sim, loan: Loan, at: number): void {
  const end = wall(loan.endDate, loan.end);
  sim.schedule(at, `return ${loan.reason}`, () =>
    loan.plan.returnBy === 'owner' && sim.nowMinute >= end ? ownerReturns(sim, loan) : borrowerReturns(sim, loan),
  );
}

/** A loan in the action log; with several bikes it names the loan's. */
export function describeLoan(sim: Sim, loan: Loan): string {
  const bike = sim.bikes.length > 1 ? ` motor #${loan.motorId}` : '';
  return `${loan.student.member.name} ${loan.date} ${loan.start}${bike} "${loan.reason}"`;
}

/** Whether the loan's bike is physically out with another borrower, as the simulation lived it. */
export function bikeOut(sim: Sim, loan: Loan): boolean {
  return sim.loans.some((other) => other !== loan && other.stage === 'pickedUp' && other.motorId === loan.motorId);
}

async function pickup(sim: Sim, loan: Loan): Promise<void> {
  if (loan.stage !== 'booked') return;
  if (bikeOut(sim, loan)) {
    // The borrower waits for the bike; past the end they give up, and the owner hears of a no-show.
    if (sim.nowMinute + 10 < wall(loan.endDate, loan.end))
      sim.schedule(sim.nowMinute + 10, `pickup ${loan.reason}`, () => pickup(sim, loan));
    else sim.record('pickup-bike-not-back', describeLoan(sim, loan));
    return;
  }
  sim.record('pickup', describeLoan(sim, loan));
  await sim.decide('/api/bookings/handover', { body: { token: loan.token, event: 'pickup' } }, (answer) => {
    if (answer.status !== 200) return;
    loan.stage = 'pickedUp';
    sim.evidence.handovers.push({ reason: loan.reason, event: 'pickup' });
    // Picked up after waiting for the bike past the planned return: the return comes after, not never.
    if (returnMinute(loan) <= sim.nowMinute) scheduleReturn(sim, loan, sim.nowMinute + 5);
  });
}

export async function borrowerReturns(sim: Sim, loan: Loan): Promise<void> {
  if (loan.stage !== 'pickedUp') return;
  sim.record('return', describeLoan(sim, loan));
  const body = { token: loan.token, event: 'return', fuel: sim.random.pick(FUEL_LEVELS) };
  await sim.decide('/api/bookings/handover', { body }, (answer) => {
    if (answer.status !== 200) return;
    loan.stage = 'returned';
    sim.evidence.handovers.push({ reason: loan.reason, event: 'return' });
  });
}

function someone(sim: Sim): Student {
  return sim.random.pick(sim.students);
}

function ownLimitMinutes(student: Student): number {
  return student.member.class === 'PPTI 21' ? 240 : 180;
}

export async function bookFreeGap(sim: Sim): Promise<void> {
  const student = someone(sim);
  const date = sim.dateAhead(sim.random.int(0, 3));
  const minutes = sim.random.int(2, ownLimitMinutes(student) / 30) * 30;
  const motorId = chosenBike(sim);
  const start = freeStart(sim, await dayBookings(sim, date), date, minutes, motorId);
  if (start === undefined) return sim.record('book-no-gap', `${student.member.name} ${date} ${minutes} min`);
  await tryBooking(sim, 'book', { student, name: student.member.name, date, start: hhmm(start), end: hhmm(start + minutes), motorId });
}

export async function bookClash(sim: Sim): Promise<void> {
  const date = sim.dateAhead(sim.random.int(0, 2));
  const taken = (await dayBookings(sim, date)).filter((booking) => !booking.continuesFromPreviousDay && !booking.continuesNextDay);
  if (taken.length === 0) return;
  const block = sim.random.pick(taken);
  const start = Math.max(DAY_FROM, wall('1970-01-01', block.start) - 30);
  const student = someone(sim);
  // With several bikes a clash is on the block's own bike when that bike is chosen, else only when every bike is taken.
  const motorId = sim.bikes.length > 1 && sim.random.chance(0.5) ? (block.motorId ?? 1) : undefined;
  await tryBooking(sim, 'book-clash', { student, name: student.member.name, date, start: hhmm(start), end: hhmm(start + 60), motorId });
}

export async function bookOverLimit(sim: Sim): Promise<void> {
  const student = someone(sim);
  const date = sim.dateAhead(sim.random.int(1, 3));
  const start = sim.random.int(8, 12) * 60;
  await tryBooking(sim, 'book-over-limit', {
    student,
    name: student.member.name,
    date,
    start: hhmm(start),
    end: hhmm(start + ownLimitMinutes(student) + 60),
  });
}

export async function bookPast(sim: Sim): Promise<void> {
  const student = someone(sim);
  const past = sim.random.chance(0.5);
  const date = past ? sim.dateAhead(-1) : sim.today;
  const start = past ? 9 * 60 : Math.max(0, (sim.nowMinute % (24 * 60)) - 60);
  await tryBooking(sim, 'book-past', {
    student,
    name: student.member.name,
    date,
    start: hhmm(start),
    end: hhmm(Math.min(start + 60, 23 * 60 + 59)),
  });
}

export async function bookTypo(sim: Sim): Promise<void> {
  const student = someone(sim);
  const name = student.member.name;
  const at = sim.random.int(1, name.length - 2);
  const typo = `${name.slice(0, at)}${name[at + 1]}${name[at]}${name.slice(at + 2)}x`;
  const date = sim.dateAhead(1);
  await tryBooking(sim, 'book-typo', { student, name: typo, date, start: '10:00', end: '11:00' });
}

export async function bookVoucher(sim: Sim): Promise<void> {
  const made = await sim.admin('/api/admin/vouchers', { body: { note: 'simulasi' } });
  if (made.status !== 201) return sim.record('voucher-refused', String(made.status));
  const student = someone(sim);
  const date = sim.dateAhead(sim.random.int(1, 3));
  const motorId = chosenBike(sim);
  const start = freeStart(sim, await dayBookings(sim, date), date, 6 * 60, motorId) ?? 8 * 60;
  const code = made.body.voucher.code as string;
  await tryBooking(sim, 'book-voucher', {
    student,
    name: student.member.name,
    date,
    start: hhmm(start),
    end: hhmm(start + 60),
    reason: code,
    voucher: true,
    motorId,
  });
}

export async function cancelOwn(sim: Sim): Promise<void> {
  const mine = sim.loans.filter((loan) => loan.stage === 'booked' && wall(loan.date, loan.start) > sim.nowMinute);
  if (mine.length === 0) return;
  const loan = sim.random.pick(mine);
  sim.record('cancel', describeLoan(sim, loan));
  await sim.decide('/api/bookings/cancel', { body: { token: loan.token } }, (answer) => {
    if (answer.status !== 200) return;
    loan.stage = 'cancelled';
    sim.evidence.cancelled.push(loan.reason);
  });
}

export async function linkChat(sim: Sim): Promise<void> {
  const student = sim.students.find((candidate) => !candidate.chatId && candidate.tokens.length > 0 && sim.random.chance(0.3));
  if (!student) return;
  const answer = await sim.request('/api/telegram/link', { body: { deviceSecret: student.device, tokens: student.tokens.slice(-20) } });
  sim.record('link-chat', `${student.member.name} ${answer.status}`);
  if (answer.status !== 200) return;
  const code = new URL(answer.body.url as string).searchParams.get('start');
  student.chatId = String(700_000 + sim.students.indexOf(student));
  sim.world.telegram.pushUpdate(sim.world.telegram.textUpdate(`/start ${code}`, student.chatId));
}

export async function waitForSlot(sim: Sim): Promise<void> {
  const student = sim.students.find((candidate) => candidate.chatId && sim.random.chance(0.3));
  const taken = sim.loans.filter((loan) => loan.stage === 'booked' && loan.student !== student && !loan.voucher && loan.date > sim.today);
  if (!student || taken.length === 0) return;
  const loan = sim.random.pick(taken);
  const body = {
    deviceSecret: student.device,
    name: student.member.name,
    date: loan.date,
    start: loan.start,
    end: loan.end,
    reason: `Tunggu ${sim.nextKey()}`,
    ...(sim.bikes.length > 1 && sim.random.chance(0.5) ? { motorId: loan.motorId } : {}),
  };
  const answer = await sim.request('/api/waits', { body });
  const bike = body.motorId === undefined ? '' : ` motor #${body.motorId}`;
  sim.record('wait', `${student.member.name} ${loan.date} ${loan.start}-${loan.end}${bike} ${answer.status}`);
}

/** A linked student's chat: offers of a freed slot are taken or skipped as the behaviour table says. */
export async function readChats(sim: Sim): Promise<void> {
  const delivered = sim.world.telegram.delivered;
  for (const student of sim.students) {
    if (!student.chatId) continue;
    for (const message of delivered.slice(student.readUpTo)) {
      if (String(message.chatId) !== student.chatId) continue;
      const buttons = (
        (message.replyMarkup as { inline_keyboard?: { callback_data: string }[][] } | undefined)?.inline_keyboard ?? []
      ).flat();
      const take = buttons.find((button) => button.callback_data.startsWith('wa:'));
      const skip = buttons.find((button) => button.callback_data.startsWith('ws:'));
      if (!take || !skip) continue;
      const chosen = sim.random.chance(BEHAVIOUR.takeOffer) ? take : skip;
      sim.record(chosen === take ? 'offer-take' : 'offer-skip', `${student.member.name} "${message.text}"`);
      await press(sim, chosen.callback_data, message.messageId, student.chatId);
    }
    student.readUpTo = delivered.length;
  }
}

export const dayPart = (minute: number) => wallParts(minute).time;
