import type { Db } from '../../db/database';
import type { Executor } from '../../db/executor';
import {
  bookingState,
  bookingStateLabel,
  type FuelLevel,
  freedAt,
  freedEnd,
  type HandoverBooking,
  type HandoverEvent,
  LATE_REACH_MINUTES,
  minutesBetween,
  type RecordedEvent,
  type Recorder,
  recorderLabel,
  waitsForLateBike,
} from '../../domain/handover/handover';
import { checkKilometres, findAdminTimeRefusal, findLifecycleRefusal, lifecycleRefusalMessage } from '../../domain/handover/lifecycle';
import type { AdminHandover, MotorbikeResponse, OwnHandover } from '../../domain/schemas/handover';
import { messages } from '../../domain/text/messages';
import { type Clock, localMomentIn } from '../../domain/time/clock';
import { appendAuditEntry } from '../audit/service';
import { withBookingLock } from '../bookings/booking-lock';
import { emit } from '../events/bus';
import { HANDOVER_EVENT_TYPES, type HandoverCause, type HandoverRecorded } from '../events/events';
import {
  findHandoverBooking,
  findLoanHistory,
  findLoansOutOn,
  findMotorbike,
  type Motorbike,
  writeLatestReading,
  writeMotorbike,
  writePickup,
  writeRelease,
  writeReturn,
  writeReturnFuel,
  writeReturnKilometres,
} from './repository';

export { findHandoverBooking, findHandoversStartingBetween, findLoansOut, findLoansOutOn } from './repository';

export type HandoverLookup = { ref: string } | { cancelTokenHash: string };

export interface HandoverDetails {
  fuel?: FuelLevel | undefined;
  km?: number | null | undefined;
  stnkBack?: boolean | undefined;
  note?: string | undefined;
}

export interface HandoverRequest extends HandoverDetails {
  event: HandoverEvent;
  by: Recorder;
  now: Date;
  timeZone: string;
  /** RETURN_GRACE_MINUTES, for the charge written with a return (issue 25). */
  graceMinutes: number;
  /** When it is written, if not `now` (the owner's `Sudah diambil` on a no-show records the start). */
  recordedAt?: Date;
  cause?: HandoverCause;
  /** The borrower's chat button: the return is recorded at the press, its fuel follows through `completeReturn`. */
  fuelFollows?: boolean;
}

export type HandoverOutcome =
  | { kind: 'recorded'; booking: HandoverBooking; previous: HandoverBooking }
  | { kind: 'already'; message: string; booking: HandoverBooking }
  | { kind: 'refused'; message: string; booking: HandoverBooking }
  /** `message`: what the answer leads with when it is more than the fields' errors (an admin's time outside the loan). */
  | { kind: 'invalid'; errors: Record<string, string>; message?: string }
  | { kind: 'notFound' };

function recordedText(event: RecordedEvent, timeZone: string): { time: string; by: string } {
  return { time: localMomentIn(timeZone, new Date(event.at)).time, by: recorderLabel(event.by) };
}

/** What stands already, when the event (or one that ends it) was recorded first: the first record stands. */
function alreadyRecorded(booking: HandoverBooking, event: HandoverEvent, timeZone: string): string | undefined {
  const labels = messages.handover;
  if (booking.release) {
    const { time, by } = recordedText(booking.release, timeZone);
    return labels.releasedAlready(time, by);
  }
  // A pickup asked again names the pickup; one never recorded (the key came back first) names the return.
  if (booking.return && (event !== 'pickup' || !booking.pickup)) {
    const { time, by } = recordedText(booking.return, timeZone);
    return labels.returnedAlready(time, by);
  }
  if (booking.pickup && event !== 'return') {
    const { time, by } = recordedText(booking.pickup, timeZone);
    return labels.pickedUpAlready(time, by);
  }
  return undefined;
}

/**
 * The one way a pickup, return or release is recorded, under the booking lock: a return or a release moves the booking's end to the minute
 * the bike was free, and a booking of that remainder must not interleave with it.
 */
export function recordHandover(db: Db, lookup: HandoverLookup, request: HandoverRequest): Promise<HandoverOutcome> {
  return withBookingLock(db, (trx) => recordIn(trx, lookup, request, null));
}

async function recordIn(
  trx: Executor,
  lookup: HandoverLookup,
  request: HandoverRequest,
  admin: AdminActor | null,
): Promise<HandoverOutcome> {
  const booking = await findHandoverBooking(trx, lookup);
  if (!booking) return { kind: 'notFound' };
  if (booking.cancelled) return { kind: 'refused', message: lifecycleRefusalMessage('cancelled'), booking };
  const already = alreadyRecorded(booking, request.event, request.timeZone);
  if (already) return { kind: 'already', message: already, booking };
  // `now` is the instant of the act, `at` the one it records (an admin's typed time, a no-show's start).
  const now = localMomentIn(request.timeZone, request.recordedAt ?? request.now);
  const at = localMomentIn(request.timeZone, request.now);
  const refusal = findLifecycleRefusal(request.event, booking, request.by.kind, now, at);
  if (refusal === 'outsideLoan') return outsideLoan();
  if (refusal) return { kind: 'refused', message: lifecycleRefusalMessage(refusal), booking };

  const written = await writeEvent(trx, booking, request);
  if (written) return written;
  const stored = await findHandoverBooking(trx, { ref: booking.ref });
  if (!stored) throw new Error(`booking ${booking.ref} vanished while its handover was recorded`);
  const reading = request.event === 'return' && request.km != null ? `; ${messages.handover.kmLabel}: ${request.km}` : '';
  const audited = admin && {
    ...admin,
    detail: `${messages.handover.eventLabel[request.event]}: ${wallClock(request.now, request.timeZone)}${reading}`,
  };
  await emit(trx, handoverRecorded(request, { booking: stored, previous: booking, admin: audited, corrected: false }));
  return { kind: 'recorded', booking: stored, previous: booking };
}

function outsideLoan(): HandoverOutcome {
  const message = lifecycleRefusalMessage('outsideLoan');
  return { kind: 'invalid', message, errors: { date: message, time: message } };
}

function handoverRecorded(
  request: HandoverRequest,
  what: Pick<HandoverRecorded, 'booking' | 'previous' | 'admin' | 'corrected'>,
): HandoverRecorded {
  return {
    type: HANDOVER_EVENT_TYPES[request.event],
    event: request.event,
    ...what,
    by: request.by,
    cause: request.cause ?? { kind: 'request' },
    at: request.now,
    recordedAt: request.recordedAt ?? request.now,
    timeZone: request.timeZone,
    graceMinutes: request.graceMinutes,
  };
}

export interface AdminActor {
  id: string;
  name: string;
}

function recordedEventOf(booking: HandoverBooking, event: HandoverEvent): RecordedEvent | null {
  if (event === 'pickup') return booking.pickup;
  return event === 'return' ? booking.return : booking.release;
}

function wallClock(at: string | Date, timeZone: string): string {
  const { date, time } = localMomentIn(timeZone, new Date(at));
  return `${date} ${time}`;
}

/** An admin records at the instant they give, or corrects a record (instant, details); the audit keeps old and new in the same commit. */
export function recordOrCorrectByAdmin(
  db: Db,
  admin: AdminActor,
  ref: string,
  request: Omit<HandoverRequest, 'by'>,
  recordedAt: Date,
): Promise<HandoverOutcome> {
  const by: Recorder = { kind: 'admin', name: admin.name };
  const labels = messages.handover;
  return withBookingLock(db, async (trx) => {
    const booking = await findHandoverBooking(trx, { ref });
    if (!booking) return { kind: 'notFound' };
    const existing = recordedEventOf(booking, request.event);
    if (!existing) return recordIn(trx, { ref }, { ...request, by, recordedAt }, admin);
    if (booking.cancelled) return { kind: 'refused', message: lifecycleRefusalMessage('cancelled'), booking };
    const given = localMomentIn(request.timeZone, request.now);
    if (findAdminTimeRefusal(booking, given, localMomentIn(request.timeZone, recordedAt))) return outsideLoan();
    const changes = [
      `${labels.eventLabel[request.event]}: ${wallClock(existing.at, request.timeZone)} → ${wallClock(request.now, request.timeZone)}`,
    ];
    const at = request.now.toISOString();
    if (request.event === 'pickup') {
      const fuel = request.fuel ?? booking.pickup?.fuel ?? null;
      if (fuel !== (booking.pickup?.fuel ?? null)) changes.push(`${labels.fuelOutLabel}: ${booking.pickup?.fuel ?? '-'} → ${fuel ?? '-'}`);
      await writePickup(trx, booking.id, { at, by, fuel });
    } else {
      const freed = freedEnd({ ...booking, ...booking.bookedEnd }, localMomentIn(request.timeZone, freedAt(request.now)));
      if (request.event === 'release') await writeRelease(trx, booking.id, { at, by, freed, bookedEnd: booking.bookedEnd });
      else {
        const before = booking.return;
        const after = {
          fuel: request.fuel ?? before?.fuel ?? null,
          km: request.km === undefined ? (before?.km ?? null) : request.km,
          stnkBack: booking.needStnk ? (request.stnkBack ?? before?.stnkBack ?? null) : null,
          note: request.note === undefined ? (before?.note ?? null) : request.note.trim() || null,
        };
        if (after.fuel !== (before?.fuel ?? null)) changes.push(`${labels.fuelBackLabel}: ${before?.fuel ?? '-'} → ${after.fuel ?? '-'}`);
        if (after.km !== (before?.km ?? null)) changes.push(`${labels.kmLabel}: ${before?.km ?? '-'} → ${after.km ?? '-'}`);
        if (after.note !== (before?.note ?? null)) changes.push(`${labels.noteLabel}: ${before?.note ?? '-'} → ${after.note ?? '-'}`);
        await writeReturn(trx, booking.id, { at, by, ...after, freed, bookedEnd: booking.bookedEnd });
        if (after.km !== null && after.km !== (before?.km ?? null))
          await writeLatestReading(trx, booking.id, { at, km: after.km, motorbikeId: booking.motorbikeId });
      }
    }
    const stored = await findHandoverBooking(trx, { ref });
    if (!stored) throw new Error(`booking ${ref} vanished while its handover was corrected`);
    const corrected = { ...request, by, recordedAt };
    const audited = { ...admin, detail: changes.join('; ') };
    await emit(trx, handoverRecorded(corrected, { booking: stored, previous: booking, admin: audited, corrected: true }));
    return { kind: 'recorded', booking: stored, previous: booking };
  });
}

/** Undefined once written; the field errors when the details do not hold. */
async function writeEvent(
  trx: Executor,
  booking: HandoverBooking,
  request: HandoverRequest,
): Promise<{ kind: 'invalid'; errors: Record<string, string> } | undefined> {
  const at = request.now.toISOString();
  const by = request.by;
  if (request.event === 'pickup') {
    await writePickup(trx, booking.id, { at, by, fuel: request.fuel ?? null });
    if (request.fuel) await writeMotorbike(trx, { lastFuel: request.fuel }, booking.motorbikeId);
    return undefined;
  }
  const freed = freedEnd(booking, localMomentIn(request.timeZone, freedAt(request.now)));
  if (request.event === 'release') {
    await writeRelease(trx, booking.id, { at, by, freed, bookedEnd: booking.bookedEnd });
    return undefined;
  }
  // The owner's return is recorded the moment it is told, its fuel follows (`completeReturn`); the borrower says it at once.
  if (!request.fuel && by.kind === 'borrower' && !request.fuelFollows)
    return { kind: 'invalid', errors: { fuel: messages.handover.fuelRequired } };
  const motorbike = await findMotorbike(trx, booking.motorbikeId);
  const km = request.km ?? null;
  if (km !== null) {
    const check = checkKilometres(km, motorbike.lastKm, by.kind);
    if (!check.ok) return { kind: 'invalid', errors: { km: check.message } };
  }
  const note = request.note?.trim() || null;
  await writeReturn(trx, booking.id, {
    at,
    by,
    fuel: request.fuel ?? null,
    km,
    stnkBack: booking.needStnk ? (request.stnkBack ?? null) : null,
    note,
    freed,
    bookedEnd: booking.bookedEnd,
  });
  if (km !== null) await writeLatestReading(trx, booking.id, { at, km, motorbikeId: booking.motorbikeId });
  if (request.fuel) await writeMotorbike(trx, { lastFuel: request.fuel }, booking.motorbikeId);
  return undefined;
}

function localTime(at: string | undefined, timeZone: string): string | null {
  return at === undefined ? null : localMomentIn(timeZone, new Date(at)).time;
}

/** The borrower's card: what stands, and which of its two buttons may be pressed now. */
export async function ownHandover(db: Executor, ref: string, clock: Clock & { graceMinutes: number }): Promise<OwnHandover | undefined> {
  const booking = await findHandoverBooking(db, { ref });
  if (!booking) return undefined;
  const now = localMomentIn(clock.timeZone, clock.now);
  // Only a booking still to start soon can wait for a late bike: the others skip the read.
  const mayWait = booking.stage === 'booked' && minutesBetween(now, { date: booking.date, time: booking.start }) <= LATE_REACH_MINUTES;
  const out = mayWait ? (await findLoansOutOn(db, booking.motorbikeId)).filter((other) => other.id !== booking.id) : [];
  return {
    stage: booking.stage,
    state: bookingStateLabel(bookingState(booking, now, clock.graceMinutes)),
    pickedUpAt: localTime(booking.pickup?.at, clock.timeZone),
    returnedAt: localTime(booking.return?.at, clock.timeZone),
    pickupOpen: findLifecycleRefusal('pickup', booking, 'borrower', now) === undefined,
    returnOpen: !booking.cancelled && booking.stage === 'pickedUp',
    needStnk: booking.needStnk,
    waitsForLateBike: waitsForLateBike(booking, out, now, clock.graceMinutes),
  };
}

function recordedView(event: RecordedEvent | null): { at: string; by: string } | null {
  return event && { at: event.at, by: recorderLabel(event.by) };
}

export function adminHandoverOf(booking: HandoverBooking, clock: Clock & { graceMinutes: number }): AdminHandover {
  const state = bookingState(booking, localMomentIn(clock.timeZone, clock.now), clock.graceMinutes);
  return {
    stage: booking.stage,
    state: bookingStateLabel(state),
    late: state.kind === 'late',
    bookedEnd: booking.bookedEnd.end,
    bookedEndDate: booking.bookedEnd.endDate,
    pickup: recordedView(booking.pickup),
    fuelOut: booking.pickup?.fuel ?? null,
    return: recordedView(booking.return),
    fuelBack: booking.return?.fuel ?? null,
    km: booking.return?.km ?? null,
    stnkBack: booking.return?.stnkBack ?? null,
    note: booking.return?.note ?? null,
    release: recordedView(booking.release),
  };
}

const LOAN_HISTORY_LIMIT = 200;

/** The Motor tab: the bike, and its loans newest first with the kilometres each drove (from the previous known reading). */
/** `motorbikeId`: one bike's record and loans (the Motor tab's chooser, 0060); none, the first bike's record and every loan. */
export async function motorbikeOverview(
  db: Executor,
  clock: Clock & { graceMinutes: number },
  motorbikeId?: number,
): Promise<MotorbikeResponse> {
  const motorbike = await findMotorbike(db, motorbikeId);
  const loans = await findLoanHistory(db, LOAN_HISTORY_LIMIT, motorbikeId);
  return {
    motorbike,
    loans: loans.map((loan, index) => {
      const earlier = loans.slice(index + 1).find((other) => other.motorbikeId === loan.motorbikeId && other.return?.km != null);
      const km = loan.return?.km ?? null;
      const before = earlier?.return?.km ?? null;
      return {
        ref: loan.ref,
        name: loan.name,
        class: loan.class,
        date: loan.date,
        start: loan.start,
        handover: adminHandoverOf(loan, clock),
        kmDriven: km !== null && before !== null ? km - before : null,
      };
    }),
  };
}

export async function editMotorbikeByAdmin(
  db: Db,
  admin: AdminActor,
  edit: { name: string; plate: string; lastKm: number | null },
  now: Date,
  motorbikeId?: number,
): Promise<Motorbike> {
  const audit = (trx: Executor, detail: string) =>
    appendAuditEntry(trx, { at: now, actorUserId: admin.id, actorName: admin.name, action: 'motorbike-edited', target: edit.name, detail });
  return db.kysely.transaction().execute(async (trx) => {
    const before = await findMotorbike(trx, motorbikeId);
    await writeMotorbike(trx, edit, motorbikeId);
    const labels = messages.handover;
    const changes = [
      before.name !== edit.name && `${labels.motorNameLabel}: ${before.name} → ${edit.name}`,
      before.plate !== edit.plate && `${labels.plateLabel}: ${before.plate || '-'} → ${edit.plate || '-'}`,
      before.lastKm !== edit.lastKm && `${labels.kmLabel}: ${before.lastKm ?? '-'} → ${edit.lastKm ?? '-'}`,
    ].filter((change): change is string => change !== false);
    if (changes.length > 0) await audit(trx, changes.join('; '));
    return findMotorbike(trx, motorbikeId);
  });
}

export type KilometreOutcome =
  | { kind: 'recorded'; booking: HandoverBooking }
  | { kind: 'invalid'; message: string }
  | { kind: 'notReturned' }
  | { kind: 'notFound' };

/** The owner's kilometre reply after a return recorded from the chat: once, never below the last reading nor far above it. */
export function addReturnKilometres(db: Db, ref: string, km: number): Promise<KilometreOutcome> {
  return db.kysely.transaction().execute(async (trx) => {
    const booking = await findHandoverBooking(trx, { ref });
    if (!booking) return { kind: 'notFound' };
    if (!booking.return || booking.return.km !== null) return { kind: 'notReturned' };
    const check = checkKilometres(km, (await findMotorbike(trx)).lastKm, 'owner');
    if (!check.ok) return { kind: 'invalid', message: check.message };
    await writeReturnKilometres(trx, booking.id, km);
    await writeLatestReading(trx, booking.id, { at: booking.return.at, km, motorbikeId: booking.motorbikeId });
    const stored = await findHandoverBooking(trx, { ref });
    if (!stored) throw new Error(`booking ${ref} vanished while its kilometres were recorded`);
    return { kind: 'recorded', booking: stored };
  });
}

export type CompletionOutcome =
  | { kind: 'completed'; booking: HandoverBooking }
  | { kind: 'already' | 'refused'; message: string; booking: HandoverBooking }
  | { kind: 'notFound' };

/** The fuel told after the owner's `Sudah kembali`: it completes the same record, never moving its time, so the charge from it stands. */
export function completeReturn(db: Db, ref: string, fuel: FuelLevel, by: Recorder, at: Date, timeZone: string): Promise<CompletionOutcome> {
  return db.kysely.transaction().execute(async (trx) => {
    const booking = await findHandoverBooking(trx, { ref });
    if (!booking) return { kind: 'notFound' };
    const refusal = findLifecycleRefusal('completeReturn', booking, by.kind, localMomentIn(timeZone, at));
    if (refusal) return { kind: 'refused', message: lifecycleRefusalMessage(refusal), booking };
    const back = booking.return;
    if (!back || back.fuel !== null) return { kind: 'already', message: alreadyRecorded(booking, 'return', timeZone) ?? '', booking };
    await writeReturnFuel(trx, booking.id, fuel);
    await writeMotorbike(trx, { lastFuel: fuel });
    const completed = { ...booking, return: { ...back, fuel } };
    await emit(trx, { type: 'returnCompleted', booking: completed, by, at });
    return { kind: 'completed', booking: completed };
  });
}
