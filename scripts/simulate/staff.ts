import { EXPENSE_CATEGORIES, PAYMENT_METHODS } from '../../src/domain/fund/fund';
import type { Sim } from './simulator';
import { hhmm, wall, wallOf } from './time';

interface AdminBooking {
  ref: string;
  date: string;
  start: string;
  reason: string;
  cancellation: unknown;
  handover: { pickup: { at: string } | null; return: { at: string } | null };
}

let memberRefs: string[] = [];

async function members(sim: Sim): Promise<string[]> {
  if (memberRefs.length > 0) return memberRefs;
  const answer = await sim.admin('/api/admin/members');
  if (answer.status === 200)
    memberRefs = (answer.body.members as { ref: string; admin: boolean }[]).filter((m) => !m.admin).map((m) => m.ref);
  return memberRefs;
}

async function fundEntry(sim: Sim, kind: string, path: string, body: Record<string, unknown>): Promise<void> {
  const note = `${kind} ${sim.nextKey()}`;
  sim.record(kind, `Rp${body.amount} "${note}"`);
  await sim.admin('/api/admin/session');
  await sim.decide(path, { body: { ...body, note }, cookie: await sim.ensureAdmin() }, (answer) => {
    sim.evidence.fundEntries.push({ note, outcome: answer.status === 201 ? 'stored' : 'refused' });
  });
}

export async function payment(sim: Sim): Promise<void> {
  const refs = await members(sim);
  if (refs.length === 0) return;
  const amount = sim.random.pick([5_000, 10_000, 20_000, 40_000, 50_000]);
  await fundEntry(sim, 'payment', '/api/admin/kas/payments', {
    member: sim.random.pick(refs),
    amount,
    method: sim.random.pick(PAYMENT_METHODS),
    date: sim.today,
  });
}

export async function expense(sim: Sim): Promise<void> {
  const amount = sim.random.pick([15_000, 25_000, 60_000, 150_000]);
  await fundEntry(sim, 'expense', '/api/admin/kas/expenses', { category: sim.random.pick(EXPENSE_CATEGORIES), amount, date: sim.today });
}

async function recentBookings(sim: Sim): Promise<AdminBooking[]> {
  const answer = await sim.admin(`/api/admin/bookings?from=${sim.dateAhead(-1)}&to=${sim.dateAhead(3)}`);
  return answer.status === 200 ? (answer.body.bookings as AdminBooking[]).filter((booking) => booking.cancellation === null) : [];
}

/** An admin cancels a booking of the coming days, any stage (a careless admin is part of the class). */
export async function adminCancel(sim: Sim): Promise<void> {
  const candidates = await recentBookings(sim);
  if (candidates.length === 0) return;
  const booking = sim.random.pick(candidates);
  sim.record('admin-cancel', `${booking.date} ${booking.start} "${booking.reason}"`);
  const answer = await sim.admin(`/api/admin/bookings/${booking.ref}/cancel`, { body: { reason: 'Dibatalkan admin (simulasi)' } });
  const loan = sim.loans.find((candidate) => candidate.reason === booking.reason);
  if (answer.status === 200 && loan) {
    loan.stage = 'cancelled';
    sim.evidence.cancelled.push(loan.reason);
  }
}

/** An admin corrects a recorded return a few minutes earlier (the borrower says it was back before the owner pressed). */
export async function adminCorrect(sim: Sim): Promise<void> {
  const returned = (await recentBookings(sim)).filter((booking) => booking.handover.return && booking.handover.pickup);
  if (returned.length === 0) return;
  const booking = sim.random.pick(returned);
  const pickedUp = wallOf(new Date(booking.handover.pickup?.at ?? ''));
  const back = wallOf(new Date(booking.handover.return?.at ?? ''));
  const corrected = Math.max(pickedUp + 5, back - sim.random.int(1, 20));
  const day = Math.floor(corrected / (24 * 60));
  const date = new Date(day * 24 * 60 * 60_000).toISOString().slice(0, 10);
  const time = hhmm(corrected - wall(date, '00:00'));
  sim.record('admin-correct', `${booking.date} ${booking.start} "${booking.reason}" return → ${date} ${time}`);
  await sim.admin(`/api/admin/bookings/${booking.ref}/handover`, { body: { event: 'return', date, time, fuel: 'Penuh' } });
}
