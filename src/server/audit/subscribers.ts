import type { Executor } from '../../db/executor';
import { adminMessages } from '../../domain/admin/admin-messages';
import { spanText } from '../../domain/booking/span-text';
import type { OutOfServiceDecision, OutOfServicePeriod } from '../../domain/out-of-service/out-of-service';
import { messages } from '../../domain/text/messages';
import { formatRupiah } from '../../domain/text/money';
import type {
  BookingCancelled,
  ChargeChanged,
  HandoverRecorded,
  PeriodActor,
  PeriodChanged,
  PeriodEnded,
  PeriodStarted,
  WaitEndedByAdmin,
} from '../events/events';
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
  await appendAuditEntry(trx, {
    at,
    actorUserId: by.userId,
    actorName: by.name,
    action: 'booking-cancelled',
    target: `${booking.name}, ${booking.date} ${spanText(booking, 'console')}`,
    detail: reason,
  });
}

function until(period: OutOfServicePeriod): string {
  return period.untilDate === null ? '…' : `${period.untilDate} ${period.untilTime}`;
}

function choice(decision: OutOfServiceDecision | null, affected: number): string {
  return decision === null || affected === 0 ? '' : `, ${affected} ${decision === 'cancel' ? 'dibatalkan' : 'dibiarkan'}`;
}

/** A period an admin made; the owner's `/bengkel` is not in the admin's trail. */
export async function auditPeriodStarted(trx: Executor, { period, by, decision, affected, at }: PeriodStarted): Promise<void> {
  if (by.kind !== 'admin') return;
  await appendAuditEntry(trx, {
    at,
    actorUserId: by.userId,
    actorName: by.name,
    action: 'out-of-service-created',
    target: period.reason,
    detail: `${period.fromDate} ${period.fromTime} - ${until(period)}${choice(decision, affected)}`,
  });
}

/** An admin's `Ubah`, with the old and the new reason and end; the owner's button under `/bengkel` is not audited. */
export async function auditPeriodChanged(trx: Executor, { period, previous, by, decision, affected, at }: PeriodChanged): Promise<void> {
  if (by.kind !== 'admin') return;
  const reason = previous.reason === period.reason ? '' : `${previous.reason} → ${period.reason}, `;
  await appendAuditEntry(trx, {
    at,
    actorUserId: by.userId,
    actorName: by.name,
    action: 'out-of-service-edited',
    target: period.reason,
    detail: `${reason}${until(previous)} → ${until(period)}${choice(decision, affected)}`,
  });
}

function actorName(by: PeriodActor): string {
  return by.kind === 'admin' ? by.name : messages.cancelledBy.owner;
}

/** Every end, the owner's under the owner's label. */
export async function auditPeriodEnded(trx: Executor, { period, previous, by, at }: PeriodEnded): Promise<void> {
  await appendAuditEntry(trx, {
    at,
    ...(by.kind === 'admin' ? { actorUserId: by.userId } : {}),
    actorName: actorName(by),
    action: 'out-of-service-ended',
    target: previous.reason,
    detail: `${until(previous)} → ${until(period)}`,
  });
}

export async function auditChargeChanged(trx: Executor, event: ChargeChanged): Promise<void> {
  const labels = adminMessages.fund;
  await appendAuditEntry(trx, {
    at: event.at,
    actorUserId: event.admin.id,
    actorName: event.admin.name,
    action: 'charge-changed',
    target: event.loan ? labels.chargeOf(event.loan.name, event.loan.date, event.loan.start) : event.ref,
    detail: labels.changedDetail(formatRupiah(event.before), formatRupiah(event.after), event.reason),
  });
}

/** An admin's `Akhiri tawaran`: whose wait or hold, for which span. */
export async function auditWaitEnded(trx: Executor, { wait, held, admin, at }: WaitEndedByAdmin): Promise<void> {
  await appendAuditEntry(trx, {
    at,
    actorUserId: admin.id,
    actorName: admin.name,
    action: 'wait-ended',
    target: `${wait.name}, ${wait.date} ${wait.start}-${wait.end}`,
    detail: held ? adminMessages.waits.heldLabel : adminMessages.waits.waitingLabel,
  });
}
