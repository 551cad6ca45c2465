import type { Db } from '../../db/database';
import type { Executor } from '../../db/executor';
import { adminMessages } from '../../domain/admin-messages';
import { type CancellerKind, cancellerLabel, cancelRefusalMessage } from '../../domain/cancellation';
import { messages } from '../../domain/messages';
import type { AdminBooking } from '../../domain/schemas/admin';
import type { SessionAdmin } from '../admin/service';
import { appendAuditEntry } from '../audit/repository';
import { cancelBooking } from '../bookings/cancel/service';
import { toCsv } from '../http/csv';
import { type AdminBookingRow, findAdminBooking, findBookingsBetween } from './repository';

function toAdminBooking(row: AdminBookingRow): AdminBooking {
  const { cancelledAt, cancelledByKind, cancelledByName, cancelReason, ...booking } = row;
  return {
    ...booking,
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

export async function listAdminBookings(db: Executor, from: string, to: string): Promise<AdminBooking[]> {
  return (await findBookingsBetween(db, from, to)).map(toAdminBooking);
}

function bookingTarget(booking: { name: string; date: string; start: string; end: string; endDate: string }): string {
  const end = booking.endDate === booking.date ? booking.end : adminMessages.endsNextDayShort(booking.end);
  return `${booking.name}, ${booking.date} ${booking.start}–${end}`;
}

export type AdminCancelOutcome =
  | { kind: 'cancelled'; message: string; booking: AdminBooking }
  | { kind: 'refused'; status: 404 | 409; message: string };

/** The audit entry is written in the cancellation's transaction. */
export async function cancelByAdmin(
  db: Db,
  admin: SessionAdmin,
  ref: string,
  { reason, now, timeZone }: { reason: string; now: Date; timeZone: string },
): Promise<AdminCancelOutcome> {
  const outcome = await cancelBooking(
    db,
    { ref },
    { who: { kind: 'admin', userId: admin.id, name: admin.name }, reason, now, timeZone },
    (trx, booking) =>
      appendAuditEntry(trx, {
        at: now,
        actorUserId: admin.id,
        actorName: admin.name,
        action: 'booking-cancelled',
        target: bookingTarget(booking),
        detail: reason.trim(),
      }),
  );
  if (outcome.kind === 'notFound') return { kind: 'refused', status: 404, message: messages.bookingNotFound };
  if (outcome.kind === 'refused') return { kind: 'refused', status: 409, message: cancelRefusalMessage(outcome.refusal) };
  const stored = await findAdminBooking(db.kysely, ref);
  if (!stored) throw new Error(`booking ${ref} vanished after it was cancelled`);
  const message = outcome.voucherReturned
    ? `${messages.bookingCancelled} ${messages.voucherReturned(outcome.voucherReturned)}`
    : messages.bookingCancelled;
  return { kind: 'cancelled', message, booking: toAdminBooking(stored) };
}

export function bookingsCsv(bookings: AdminBooking[]): string {
  const columns = adminMessages.bookingColumns;
  const rows = bookings.map((booking) => [
    booking.date,
    booking.start,
    booking.end,
    booking.endDate,
    booking.name,
    booking.class,
    booking.reason,
    booking.needStnk ? messages.stnkYes : messages.stnkNo,
    booking.voucherCode ?? '',
    booking.createdAt ?? '',
    booking.cancellation ? adminMessages.statusCancelled : adminMessages.statusActive,
    booking.cancellation?.by ?? '',
    booking.cancellation?.reason ?? '',
    booking.cancellation?.at ?? '',
  ]);
  const header = [
    columns.date,
    columns.start,
    columns.end,
    columns.endDate,
    columns.name,
    columns.class,
    columns.reason,
    columns.needStnk,
    columns.voucher,
    columns.createdAt,
    columns.status,
    columns.cancelledBy,
    columns.cancelReason,
    columns.cancelledAt,
  ];
  return toCsv([header, ...rows]);
}
