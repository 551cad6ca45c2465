import type { Executor } from '../../db/executor';
import { adminMessages } from '../../domain/admin/admin-messages';
import type { BookingCancelled, HandoverRecorded } from '../events/events';
import { appendAuditEntry } from './repository';

/** An admin's record or correction of a handover, with the old and the new value, in the same commit. */
export async function auditAdminHandover(trx: Executor, event: HandoverRecorded): Promise<void> {
  if (!event.admin) return;
  await appendAuditEntry(trx, {
    at: event.recordedAt,
    actorUserId: event.admin.id,
    actorName: event.admin.name,
    action: event.corrected ? 'handover-corrected' : 'handover-recorded',
    target: `${event.booking.name}, ${event.booking.date} ${event.booking.start}`,
    detail: event.admin.detail,
  });
}

/** An admin's own cancel (the console's `Batalkan`); a period's cancels are audited as the period. */
export async function auditAdminCancel(trx: Executor, { booking, by, cause, reason, at }: BookingCancelled): Promise<void> {
  if (by.kind !== 'admin' || cause.kind !== 'request') return;
  const end = booking.endDate === booking.date ? booking.end : adminMessages.endsNextDayShort(booking.end);
  await appendAuditEntry(trx, {
    at,
    actorUserId: by.userId,
    actorName: by.name,
    action: 'booking-cancelled',
    target: `${booking.name}, ${booking.date} ${booking.start}–${end}`,
    detail: reason,
  });
}
