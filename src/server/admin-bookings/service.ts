import type { Db } from '../../db/database';
import type { Executor } from '../../db/executor';
import { adminMessages } from '../../domain/admin/admin-messages';
import { type CancellerKind, cancellerLabel, cancelRefusalMessage } from '../../domain/booking/cancellation';
import { purposeLabel } from '../../domain/fund/charges';
import type { HandoverBooking } from '../../domain/handover/handover';
import { bikeMessages } from '../../domain/motor/bike-messages';
import type { AdminBooking } from '../../domain/schemas/admin';
import { messages } from '../../domain/text/messages';
import { type Clock, localMomentIn } from '../../domain/time/clock';
import type { SessionAdmin } from '../admin/service';
import { cancelBooking } from '../bookings/cancel/service';
import { adminHandoverOf, findHandoverBooking, findHandoversStartingBetween, findLoansOut } from '../handover/service';
import { toCsv } from '../http/csv';
import { findShownBikeNames } from '../motor/bike-names';
import { type AdminBookingRow, findAdminBooking, findBookingsBetween } from './repository';

function toAdminBooking(
  row: AdminBookingRow,
  handover: HandoverBooking,
  clock: Clock & { graceMinutes: number },
  bikeNames: Map<number, string> | undefined,
): AdminBooking {
  const { cancelledAt, cancelledByKind, cancelledByName, cancelReason, motorbikeId, ...booking } = row;
  const motorName = bikeNames?.get(motorbikeId);
  return {
    ...booking,
    ...(motorName !== undefined && { motor: { id: motorbikeId, name: motorName } }),
    handover: adminHandoverOf(handover, clock),
    cancellation:
      cancelledAt === null
        ? null
        : {
            at: cancelledAt,
            by: cancellerLabel((cancelledByKind ?? 'admin') as CancellerKind, cancelledByName),
            reason: cancelReason ?? '',
          },
  };
}

export async function listAdminBookings(
  db: Executor,
  range: { from: string; to: string; state?: 'late' | undefined; motor?: number | undefined },
  clock: Clock & { graceMinutes: number },
): Promise<AdminBooking[]> {
  // A loan late since before the range is still the admin's business under `Terlambat`.
  const earliestOut = range.state === 'late' ? (await findLoansOut(db)).map((loan) => loan.date).sort()[0] : undefined;
  const from = earliestOut !== undefined && earliestOut < range.from ? earliestOut : range.from;
  const [rows, handovers, bikeNames] = await Promise.all([
    findBookingsBetween(db, from, range.to, range.motor),
    findHandoversStartingBetween(db, from, range.to),
    findShownBikeNames(db),
  ]);
  const byRef = new Map(handovers.map((handover) => [handover.ref, handover]));
  const bookings = rows.flatMap((row) => {
    const handover = byRef.get(row.ref);
    return handover ? [toAdminBooking(row, handover, clock, bikeNames)] : [];
  });
  return range.state === 'late' ? bookings.filter((booking) => booking.handover.late) : bookings;
}

export type AdminCancelOutcome =
  | { kind: 'cancelled'; message: string; booking: AdminBooking }
  | { kind: 'refused'; status: 404 | 409; message: string };

/** The audit trail's entry is the subscribers' part (audit/subscribers.ts), in the cancellation's transaction. */
export async function cancelByAdmin(
  db: Db,
  admin: SessionAdmin,
  ref: string,
  { reason, now, timeZone, graceMinutes }: { reason: string; now: Date; timeZone: string; graceMinutes: number },
): Promise<AdminCancelOutcome> {
  const outcome = await cancelBooking(db, { ref }, { who: { kind: 'admin', userId: admin.id, name: admin.name }, reason, now, timeZone });
  if (outcome.kind === 'notFound') return { kind: 'refused', status: 404, message: messages.bookingNotFound };
  if (outcome.kind === 'refused') return { kind: 'refused', status: 409, message: cancelRefusalMessage(outcome.refusal) };
  const [stored, handover, bikeNames] = await Promise.all([
    findAdminBooking(db.kysely, ref),
    findHandoverBooking(db.kysely, { ref }),
    findShownBikeNames(db.kysely),
  ]);
  if (!stored || !handover) throw new Error(`booking ${ref} vanished after it was cancelled`);
  const message = outcome.voucherReturned
    ? `${messages.bookingCancelled} ${messages.voucherReturned(outcome.voucherReturned)}`
    : messages.bookingCancelled;
  return { kind: 'cancelled', message, booking: toAdminBooking(stored, handover, { now, timeZone, graceMinutes }, bikeNames) };
}

/**
 * Every time on APP_TIMEZONE's wall clock, as the treasurer reads them; the header names the zone. `Motor` follows the
 * dates only when bikes are named (two or more active, 0060), so a one-bike install's file keeps its columns.
 */
function bookingsCsv(bookings: AdminBooking[], timeZone: string, namesBikes: boolean): string {
  const motor = (cell: string) => (namesBikes ? [cell] : []);
  const columns = adminMessages.bookingColumns;
  const zoned = (label: string) => `${label} (${timeZone})`;
  const local = (at: string | null | undefined) => {
    if (!at) return '';
    const moment = localMomentIn(timeZone, new Date(at));
    return `${moment.date} ${moment.time}`;
  };
  const rows = bookings.map(({ handover, ...booking }) => [
    booking.date,
    booking.start,
    booking.end,
    booking.endDate,
    ...motor(booking.motor?.name ?? ''),
    booking.name,
    booking.class,
    booking.reason,
    booking.needStnk ? messages.stnkYes : messages.stnkNo,
    booking.voucherCode ?? '',
    local(booking.createdAt),
    booking.cancellation ? adminMessages.statusCancelled : adminMessages.statusActive,
    booking.cancellation?.by ?? '',
    booking.cancellation?.reason ?? '',
    local(booking.cancellation?.at),
    handover.state,
    local(handover.pickup?.at),
    handover.pickup?.by ?? '',
    handover.fuelOut ?? '',
    local(handover.return?.at),
    handover.return?.by ?? '',
    handover.fuelBack ?? '',
    handover.km === null ? '' : String(handover.km),
    handover.stnkBack === null ? '' : handover.stnkBack ? messages.stnkYes : messages.stnkNo,
    handover.note ?? '',
    purposeLabel(booking.purpose),
  ]);
  const header = [
    columns.date,
    columns.start,
    columns.end,
    columns.endDate,
    ...motor(bikeMessages.label),
    columns.name,
    columns.class,
    columns.reason,
    columns.needStnk,
    columns.voucher,
    zoned(columns.createdAt),
    columns.status,
    columns.cancelledBy,
    columns.cancelReason,
    zoned(columns.cancelledAt),
    columns.state,
    zoned(columns.pickedUpAt),
    columns.pickedUpBy,
    columns.fuelOut,
    zoned(columns.returnedAt),
    columns.returnedBy,
    columns.fuelBack,
    columns.km,
    columns.stnkBack,
    columns.note,
    messages.fund.purposeLabel,
  ];
  return toCsv([header, ...rows]);
}

export async function exportBookingsCsv(
  db: Executor,
  range: Parameters<typeof listAdminBookings>[1],
  clock: Clock & { graceMinutes: number },
): Promise<string> {
  const [bookings, bikeNames] = await Promise.all([listAdminBookings(db, range, clock), findShownBikeNames(db)]);
  return bookingsCsv(bookings, clock.timeZone, bikeNames !== undefined);
}
