import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/database';
import type { Executor } from '../../db/executor';
import { type BookingInput, voucherEnd } from '../../domain/booking/booking-rules';
import type { Canceller } from '../../domain/booking/cancellation';
import { looksLikeVoucherCode } from '../../domain/booking/voucher-code';
import { bikeMessages } from '../../domain/motor/bike-messages';
import { FIRST_BIKE_ID } from '../../domain/motor/bikes';
import {
  bookingsInside,
  bookingsNewlyInside,
  currentPeriod,
  findBlockingPeriod,
  isPeriodOver,
  type OutOfServiceDecision,
  type OutOfServicePeriod,
  outOfServiceText,
  unavailableSpansOn,
} from '../../domain/out-of-service/out-of-service';
import { checkPeriod, type PeriodFieldErrors } from '../../domain/out-of-service/out-of-service-form';
import { outOfServiceMessages } from '../../domain/out-of-service/out-of-service-messages';
import type { OutOfServiceClock, PeriodChange, PeriodsResponse, PeriodView, PublicPeriod } from '../../domain/schemas/out-of-service';
import { messages } from '../../domain/text/messages';
import { addDays, type Clock, localMomentIn } from '../../domain/time/clock';
import { withBookingLock } from '../bookings/booking-lock';
import { cancelBooking } from '../bookings/cancel/service';
import { emit } from '../events/bus';
import type { PeriodActor } from '../events/events';
import { bikeExists, findShownBikeNames } from '../motor/bike-names';
import { tellPeriodOver } from './back-in-service';
import { enqueueToBikeOwner, findOwnerBike, namingBike } from './owner-chat';
import {
  claimPeriodsOverBy,
  countPeriodBookings,
  findActiveBookingsAround,
  findAdminIdByName,
  findCancellingPeriods,
  findPeriodBookings,
  findPeriodByRef,
  findPeriodsFrom,
  findRecentPeriods,
  findTreatedBookingIds,
  insertPeriod,
  insertPeriodBookings,
  type PeriodBooking,
  type StoredPeriod,
  writeDecision,
  writePeriodChange,
  writePeriodEnd,
} from './repository';

export { findPeriodByRef, findPeriodsFrom } from './repository';
export type { PeriodActor, PeriodBooking, StoredPeriod };

function actorName(actor: PeriodActor): string {
  return actor.kind === 'admin' ? actor.name : messages.cancelledBy.owner;
}

function canceller(actor: PeriodActor): Canceller {
  return actor.kind === 'admin' ? actor : { kind: 'owner' };
}

function trimmed<Period extends OutOfServicePeriod>(period: Period): Period {
  return { ...period, reason: period.reason.trim() };
}

/** The bookings not cancelled inside `period`, read in `db` (under the lock when it must be exact). */
export async function findBookingsInside(
  db: Executor,
  period: OutOfServicePeriod & { motorbikeId?: number | undefined },
): Promise<PeriodBooking[]> {
  const around = await findActiveBookingsAround(db, period.fromDate, period.untilDate, period.motorbikeId ?? FIRST_BIKE_ID);
  return bookingsInside(around, period);
}

/** `motorId`: the bike the period is for (0060); none, the first. */
export type PeriodInput = OutOfServicePeriod & { motorId?: number | undefined };
type PeriodErrors = PeriodFieldErrors & { motorId?: string };

export type PreviewOutcome = { kind: 'invalid'; errors: PeriodErrors } | { kind: 'ok'; affected: PeriodBooking[] };

/** What the admin sees before confirming: the bookings the period would hit, on its own bike. */
export async function previewPeriod(db: Executor, input: PeriodInput): Promise<PreviewOutcome> {
  const { motorId = FIRST_BIKE_ID, ...period } = trimmed(input);
  const errors: PeriodErrors = checkPeriod(period);
  if (!(await bikeExists(db, motorId))) errors.motorId = bikeMessages.notFound;
  if (Object.keys(errors).length > 0) return { kind: 'invalid', errors };
  return { kind: 'ok', affected: await findBookingsInside(db, { ...period, motorbikeId: motorId }) };
}

export type CreateOutcome =
  | { kind: 'invalid'; errors: PeriodErrors }
  | { kind: 'created'; period: StoredPeriod; affected: PeriodBooking[]; cancelled: PeriodBooking[]; warned: PeriodBooking[] };

/**
 * Under the booking lock, so no booking made at the same time lands inside a period that cancels: one committed first is found here, one
 * committed after is refused by the period. `decision` null (the owner's `/bengkel`) leaves the bookings inside until a button decides.
 */
export async function createPeriod(
  db: Db,
  request: { period: PeriodInput; by: PeriodActor; decision: OutOfServiceDecision | null },
  clock: Clock,
): Promise<CreateOutcome> {
  const started = await withBookingLock(db, (trx) => startPeriodIn(trx, request, clock));
  if (started.kind !== 'ok') return started;
  return { ...(await finishStartedPeriod(db, started.period, request, clock)), affected: started.affected };
}

/** The period's own commit, under the booking lock the caller holds: stored, warnings recorded, `periodStarted` emitted. */
export async function startPeriodIn(
  trx: Executor,
  request: { period: PeriodInput; by: PeriodActor; decision: OutOfServiceDecision | null },
  clock: Clock,
) {
  const { by, decision } = request;
  const at = clock.now.toISOString();
  const preview = await previewPeriod(trx, request.period);
  if (preview.kind !== 'ok') return preview;
  const { motorId = FIRST_BIKE_ID, ...period } = trimmed(request.period);
  const ref = randomBytes(12).toString('base64url');
  const createdBy = { kind: by.kind, name: by.kind === 'admin' ? by.name : null };
  await insertPeriod(trx, { ...period, motorbikeId: motorId, ref, createdAt: at, createdBy, decision });
  const stored = (await findPeriodByRef(trx, ref)) as StoredPeriod;
  const warned = decision === 'keep' ? await recordWarnings(trx, stored, preview.affected, at) : [];
  await emit(trx, { type: 'periodStarted', period: stored, by, decision, affected: preview.affected.length, warned, at: clock.now });
  return { kind: 'ok' as const, period: stored, affected: preview.affected };
}

/** After the commit, `Batalkan semua` cancels each booking inside: safe to run again, as a replayed request does. */
export async function finishStartedPeriod(
  db: Db,
  period: StoredPeriod,
  request: { by: PeriodActor; decision: OutOfServiceDecision | null },
  clock: Clock,
): Promise<{ kind: 'created'; period: StoredPeriod; cancelled: PeriodBooking[]; warned: PeriodBooking[] }> {
  const cancelled = request.decision === 'cancel' ? await cancelBookingsInside(db, period, request.by, clock) : [];
  const warned = request.decision === 'keep' ? await findPeriodBookings(db.kysely, period.id, 'warned') : [];
  return { kind: 'created', period, cancelled, warned };
}

/** Recorded in the commit that decides them; the borrowers are told by the period's event. */
async function recordWarnings(trx: Executor, period: StoredPeriod, bookings: PeriodBooking[], at: string): Promise<PeriodBooking[]> {
  await insertPeriodBookings(
    trx,
    period.id,
    bookings.map((booking) => booking.id),
    'warned',
    at,
  );
  return bookings;
}

/**
 * `Batalkan semua`: each booking still inside goes through the one cancellation service (vouchers back, the borrower's card says why),
 * recorded as cancelled by this period in the same commit; the owner gets one message with the count instead of one per booking. Those an
 * edit's `Biarkan` warned stay. Safe to run again, from another instance too (a crash half-way, the periodic `finishCancellations`): it
 * cancels what is still inside, the service refuses a second cancel, and the owner's message is keyed by the period and the count it says.
 */
export async function cancelBookingsInside(db: Db, period: StoredPeriod, by: PeriodActor, clock: Clock): Promise<PeriodBooking[]> {
  const reason = outOfServiceMessages.cancelReason(period.reason);
  const warned = await findTreatedBookingIds(db.kysely, period.id, 'warned');
  for (const booking of await findBookingsInside(db.kysely, period)) {
    if (warned.has(booking.id)) continue;
    const cause = { kind: 'period', periodId: period.id } as const;
    await cancelBooking(db, { ref: booking.ref }, { who: canceller(by), reason, now: clock.now, timeZone: clock.timeZone, cause });
  }
  const cancelled = await findPeriodBookings(db.kysely, period.id, 'cancelled');
  if (cancelled.length > 0) {
    const bike = await findOwnerBike(db.kysely, period.motorbikeId);
    const text = namingBike(outOfServiceMessages.ownerCancelledCount(cancelled.length, period.reason), bike);
    await enqueueToBikeOwner(db.kysely, bike, { text }, `out-of-service-cancelled:${period.ref}:${cancelled.length}`, clock.now);
  }
  return cancelled;
}

/**
 * Finishes an interrupted `Batalkan semua` (the process may die between the decision and the last cancel), on every instance; a booking
 * made after the decision cannot be inside. Cancelled as the period's maker (the owner when its admin left the roster).
 */
export async function finishCancellations(db: Db, clock: Clock): Promise<number> {
  let finished = 0;
  for (const period of await findCancellingPeriods(db.kysely, localMomentIn(clock.timeZone, clock.now))) {
    const warned = await findTreatedBookingIds(db.kysely, period.id, 'warned');
    const left = (await findBookingsInside(db.kysely, period)).filter((booking) => !warned.has(booking.id));
    if (left.length === 0) continue;
    const adminId = period.createdBy.kind === 'admin' ? await findAdminIdByName(db.kysely, period.createdBy.name ?? '') : undefined;
    const by: PeriodActor =
      adminId === undefined ? { kind: 'owner' } : { kind: 'admin', userId: adminId, name: period.createdBy.name ?? '' };
    await cancelBookingsInside(db, period, by, clock);
    finished += left.length;
  }
  return finished;
}

export type DecideOutcome =
  | { kind: 'notFound' }
  | { kind: 'already'; period: StoredPeriod }
  | { kind: 'decided'; period: StoredPeriod; cancelled: PeriodBooking[]; warned: PeriodBooking[] };

/** The owner's button under `/bengkel`'s list: the first press stands. */
export async function decidePeriod(db: Db, ref: string, decision: OutOfServiceDecision, clock: Clock): Promise<DecideOutcome> {
  const at = clock.now.toISOString();
  const taken = await withBookingLock(db, async (trx) => {
    const period = await findPeriodByRef(trx, ref);
    if (!period) return { kind: 'notFound' as const };
    if (!(await writeDecision(trx, period.id, decision))) return { kind: 'already' as const, period };
    const inside = decision === 'keep' ? await findBookingsInside(trx, period) : [];
    const warned = await recordWarnings(trx, period, inside, at);
    const by = { kind: 'owner' } as const;
    await emit(trx, { type: 'periodChanged', period, previous: period, by, decision, affected: inside.length, warned, at: clock.now });
    return { kind: 'taken' as const, period: { ...period, decision } };
  });
  if (taken.kind !== 'taken') return taken;
  const { period } = taken;
  const owner: PeriodActor = { kind: 'owner' };
  if (decision === 'cancel')
    return { kind: 'decided', period, cancelled: await cancelBookingsInside(db, period, owner, clock), warned: [] };
  const warned = await findPeriodBookings(db.kysely, period.id, 'warned');
  if (warned.length > 0) {
    const bike = await findOwnerBike(db.kysely, period.motorbikeId);
    const text = namingBike(outOfServiceMessages.ownerWarnedCount(warned.length, period.reason), bike);
    await enqueueToBikeOwner(db.kysely, bike, { text }, `out-of-service-warned:${period.ref}`, clock.now);
  }
  return { kind: 'decided', period, cancelled: [], warned };
}

export type EditCheck =
  | { kind: 'notFound' }
  | { kind: 'over'; period: StoredPeriod }
  | { kind: 'invalid'; status: 400 | 422; errors: PeriodFieldErrors }
  | { kind: 'ok'; period: StoredPeriod; next: StoredPeriod; affected: PeriodBooking[] };

/**
 * `Ubah` of a current or future period: its reason and end (its start stays). The bookings listed are those the change brings inside, to be
 * cancelled or warned as on creation; while nobody has decided yet (an owner's `/bengkel` before a button), all those inside, which the
 * choice decides. An end not after now is refused: that is `Motor sudah siap`, audited as an end.
 */
export async function checkPeriodEdit(db: Executor, ref: string, change: PeriodChange, clock: Clock): Promise<EditCheck> {
  const now = localMomentIn(clock.timeZone, clock.now);
  const period = await findPeriodByRef(db, ref);
  if (!period) return { kind: 'notFound' };
  if (isPeriodOver(period, now)) return { kind: 'over', period };
  const next: StoredPeriod = { ...period, untilDate: change.untilDate, untilTime: change.untilTime, reason: change.reason.trim() };
  const errors = checkPeriod(next);
  if (Object.keys(errors).length > 0) return { kind: 'invalid', status: 400, errors };
  if (isPeriodOver(next, now)) return { kind: 'invalid', status: 422, errors: { until: outOfServiceMessages.untilNotAfterNow } };
  const around = await findActiveBookingsAround(db, next.fromDate, next.untilDate, period.motorbikeId);
  const affected =
    period.decision === null
      ? bookingsInside(around, next)
      : bookingsNewlyInside(around, period, next, await findTreatedBookingIds(db, period.id));
  return { kind: 'ok', period, next, affected };
}

export type EditOutcome =
  | Exclude<EditCheck, { kind: 'ok' }>
  | { kind: 'edited'; period: StoredPeriod; affected: PeriodBooking[]; cancelled: PeriodBooking[]; warned: PeriodBooking[] };

/**
 * Under the booking lock like creation: a booking arriving meanwhile either committed first (and is listed and treated) or meets the
 * changed period. A shorter period frees its time at this commit. `Batalkan semua` leaves the period deciding `cancel` for every booking
 * inside it did not warn, so an interrupted run is finished by `finishCancellations`; `Biarkan` records and tells the warnings in this
 * commit. Audited with the old and the new reason and end.
 */
export async function editPeriod(
  db: Db,
  request: { ref: string; change: PeriodChange; by: Extract<PeriodActor, { kind: 'admin' }>; decision: OutOfServiceDecision },
  clock: Clock,
): Promise<EditOutcome> {
  const { by } = request;
  const at = clock.now.toISOString();
  const edited = await withBookingLock(db, async (trx) => {
    const checked = await checkPeriodEdit(trx, request.ref, request.change, clock);
    if (checked.kind !== 'ok') return checked;
    const { period, next, affected } = checked;
    const decision = affected.length === 0 ? period.decision : request.decision === 'cancel' ? 'cancel' : (period.decision ?? 'keep');
    await writePeriodChange(trx, period.id, { ...next, decision });
    const warned = affected.length > 0 && request.decision === 'keep' ? await recordWarnings(trx, period, affected, at) : [];
    await emit(trx, {
      type: 'periodChanged',
      period: next,
      previous: period,
      by,
      decision: affected.length === 0 ? null : request.decision,
      affected: affected.length,
      warned,
      at: clock.now,
    });
    return { ...checked, next: { ...next, decision } };
  });
  if (edited.kind !== 'ok') return edited;
  const period = edited.next;
  const cancelled = edited.affected.length > 0 && request.decision === 'cancel' ? await cancelBookingsInside(db, period, by, clock) : [];
  const warned = await findPeriodBookings(db.kysely, period.id, 'warned');
  return { kind: 'edited', period, affected: edited.affected, cancelled, warned };
}

/** `bikes`: only these bikes' periods (an owner's); undefined: every bike's. */
export async function findCurrentPeriod(db: Executor, clock: Clock, bikes?: readonly number[]): Promise<StoredPeriod | undefined> {
  const now = localMomentIn(clock.timeZone, clock.now);
  const periods = await findPeriodsFrom(db, now.date);
  return currentPeriod(bikes === undefined ? periods : periods.filter((period) => bikes.includes(period.motorbikeId)), now);
}

export async function findBikesOut(db: Executor, clock: Clock, bikes: readonly number[]): Promise<number[]> {
  const now = localMomentIn(clock.timeZone, clock.now);
  const periods = await findPeriodsFrom(db, now.date);
  const periodsOf = (bike: number) => periods.filter((period) => period.motorbikeId === bike);
  return bikes.filter((bike) => currentPeriod(periodsOf(bike), now) !== undefined);
}

export type EndOutcome = { kind: 'notFound' } | { kind: 'alreadyEnded'; period: StoredPeriod } | { kind: 'ended'; period: StoredPeriod };

/**
 * `/siap` and `Motor sudah siap`: the period ends at this minute, so the time after it can be booked
 * at once. Audited (the owner under the owner's label). `ref` undefined: the current period (of `bikes`, when given).
 */
export async function endPeriod(
  db: Db,
  ref: string | undefined,
  by: PeriodActor,
  clock: Clock,
  bikes?: readonly number[],
): Promise<EndOutcome> {
  const now = localMomentIn(clock.timeZone, clock.now);
  return withBookingLock(db, async (trx) => {
    const period = ref === undefined ? await findCurrentPeriod(trx, clock, bikes) : await findPeriodByRef(trx, ref);
    if (!period) return { kind: 'notFound' };
    if (period.ended !== null) return { kind: 'alreadyEnded', period };
    const started = `${period.fromDate} ${period.fromTime}` <= `${now.date} ${now.time}`;
    const until = started ? now : { date: period.fromDate, time: period.fromTime };
    if (period.untilDate !== null && `${period.untilDate} ${period.untilTime}` <= `${until.date} ${until.time}`) {
      return { kind: 'alreadyEnded', period };
    }
    const end = { untilDate: until.date, untilTime: until.time, at: clock.now.toISOString(), kind: by.kind, name: actorName(by) };
    await writePeriodEnd(trx, period.id, end);
    const ended = { ...period, untilDate: until.date, untilTime: until.time, ended: { at: end.at, kind: end.kind, name: end.name } };
    await emit(trx, { type: 'periodEnded', period: ended, previous: period, by, at: clock.now });
    return { kind: 'ended', period: ended };
  });
}

/** For the borrower chat (issue 26): the bookings a period cancelled, whose borrowers are told `Motor sudah bisa dipinjam lagi.` at its end. */
export function findBookingsToTellBack(db: Executor, periodId: number): Promise<PeriodBooking[]> {
  return findPeriodBookings(db, periodId, 'cancelled');
}

/** For the borrower chat (issue 26): the bookings `Biarkan` left inside a period, whose borrowers are warned `Motor mungkin belum bisa dipakai: {alasan}.` */
export function findWarnedBookings(db: Executor, periodId: number): Promise<PeriodBooking[]> {
  return findPeriodBookings(db, periodId, 'warned');
}

/**
 * For the borrowers' rounds: each period over by now (ended early or run out as planned) is claimed once across instances, and the
 * borrowers it cancelled or warned are told in their linked chats, in the claim's commit (tellPeriodOver).
 */
export async function claimPeriodsBackInService(
  db: Db,
  clock: Clock & { appUrl?: string },
): Promise<{ period: StoredPeriod; cancelled: PeriodBooking[] }[]> {
  const now = localMomentIn(clock.timeZone, clock.now);
  return db.kysely.transaction().execute(async (trx) => {
    const periods = await claimPeriodsOverBy(trx, now, clock.now.toISOString());
    const claimed = [];
    for (const period of periods) claimed.push({ period, cancelled: await tellPeriodOver(trx, period, clock.now, clock) });
    return claimed;
  });
}

/** Refusal of a new booking over a period (`jam mulai`) in its transaction. A voucher's span runs from its start whatever end was typed. */
export async function outOfServiceRefusal(
  db: Executor,
  input: Pick<BookingInput, 'date' | 'start' | 'end' | 'reason'>,
  motorbikeId = FIRST_BIKE_ID,
): Promise<string | undefined> {
  const { date, start } = input;
  const span = looksLikeVoucherCode(input.reason)
    ? { date, start, ...voucherEnd(date, start) }
    : { date, start, end: input.end, endDate: date };
  const periods = (await findPeriodsFrom(db, date)).filter((period) => period.motorbikeId === motorbikeId);
  const period = findBlockingPeriod(span, periods);
  return period && outOfServiceText(period);
}

const LISTED_PERIODS = 20;

export function periodView(
  period: StoredPeriod,
  counts: { cancelled: number; warned: number } | undefined,
  clock: Clock,
  bikeNames?: Map<number, string>,
): PeriodView {
  const motor = bikeNames?.get(period.motorbikeId);
  return {
    ...(motor !== undefined && { motor }),
    ref: period.ref,
    fromDate: period.fromDate,
    fromTime: period.fromTime,
    untilDate: period.untilDate,
    untilTime: period.untilTime,
    reason: period.reason,
    createdBy: period.createdBy.kind === 'admin' ? (period.createdBy.name ?? '') : messages.cancelledBy.owner,
    endedBy: period.ended?.name ?? null,
    cancelled: counts?.cancelled ?? 0,
    warned: counts?.warned ?? 0,
    editable: !isPeriodOver(period, localMomentIn(clock.timeZone, clock.now)),
  };
}

/** The `Motor` tab: the period now, and the newest ones. */
export async function periodsOverview(db: Executor, clock: Clock): Promise<PeriodsResponse> {
  const periods = await findRecentPeriods(db, LISTED_PERIODS);
  const current = await findCurrentPeriod(db, clock);
  const counts = await countPeriodBookings(db, [...periods.map((period) => period.id), ...(current ? [current.id] : [])]);
  const bikeNames = await findShownBikeNames(db);
  return {
    current: current ? periodView(current, counts.get(current.id), clock, bikeNames) : null,
    periods: periods.map((period) => periodView(period, counts.get(period.id), clock, bikeNames)),
  };
}

/** What `/` shows: the periods not over before yesterday (one may reach into today from then). */
export async function publicPeriodsFrom(db: Executor, date: string): Promise<PublicPeriod[]> {
  return (await findPeriodsFrom(db, date)).map(({ motorbikeId, fromDate, fromTime, untilDate, untilTime, reason }) => ({
    motorId: motorbikeId,
    fromDate,
    fromTime,
    untilDate,
    untilTime,
    reason,
  }));
}

/** What `/` shows of the periods at `now`: the status line's text, and each date's blocks from `dates.from` to `dates.to`. */
export function outOfServiceClock(
  periods: readonly OutOfServicePeriod[],
  now: { date: string; time: string },
  dates: { from: string; to: string },
): OutOfServiceClock {
  const current = currentPeriod(periods, now);
  const days: OutOfServiceClock['days'] = {};
  if (periods.length > 0) {
    for (let date = dates.from; date <= dates.to; date = addDays(date, 1)) {
      const spans = unavailableSpansOn(date, periods);
      if (spans.length > 0) days[date] = spans;
    }
  }
  return { now: current ? outOfServiceText(current) : null, days };
}
