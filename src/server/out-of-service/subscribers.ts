import { createHash } from 'node:crypto';
import type { Executor } from '../../db/executor';
import { escapeLegacyMarkdown } from '../../domain/chat/telegram-text';
import { MAX_OUT_OF_SERVICE_REASON } from '../../domain/out-of-service/out-of-service-form';
import { outOfServiceMessages } from '../../domain/out-of-service/out-of-service-messages';
import type { BookingCancelled, HandoverRecorded, ReturnCompleted } from '../events/events';
import { enqueueToBikeOwner, findOwnerBike, namingBike } from './owner-chat';
import { insertPeriodBookings } from './repository';

/** A booking `Batalkan semua` cancelled is recorded as the period's in the same commit: a rerun skips it, its end tells it back. */
export async function recordPeriodCancellation(trx: Executor, event: BookingCancelled): Promise<void> {
  if (event.cause.kind !== 'period') return;
  await insertPeriodBookings(trx, event.cause.periodId, [event.booking.id], 'cancelled', event.at.toISOString());
}

/**
 * The bike's owner hears at once what a borrower noted at a pickup or return, or fuel `Hampir habis`:
 * `Catatan dari {nama}: {catatan}` under `Tandai tidak tersedia`, which starts `/bengkel` with it
 * (issue 38). Once per booking, event and what was noted; an admin's or the owner's own record is theirs already.
 */
export async function tellOwnerOfNote(trx: Executor, event: HandoverRecorded): Promise<void> {
  if (event.by.kind !== 'borrower' || event.type === 'bookingReleased') return;
  const record = event.type === 'loanPickedUp' ? event.booking.pickup : event.booking.return;
  const note = event.type === 'loanReturned' ? (event.booking.return?.note ?? null) : null;
  await enqueueOwnerNote(trx, event.type, event.booking, { note, fuelLow: record?.fuel === 'Hampir habis' }, event.recordedAt);
}

/** A borrower's `Hampir habis` pressed after the return was recorded (the chat's fuel question) is told as at the return. */
export async function tellOwnerOfCompletedFuel(trx: Executor, event: ReturnCompleted): Promise<void> {
  if (event.by.kind !== 'borrower' || event.booking.return?.fuel !== 'Hampir habis') return;
  await enqueueOwnerNote(trx, 'loanReturned', event.booking, { note: event.booking.return.note, fuelLow: true }, event.at);
}

async function enqueueOwnerNote(
  trx: Executor,
  type: 'loanPickedUp' | 'loanReturned',
  booking: HandoverRecorded['booking'],
  { note, fuelLow }: { note: string | null; fuelLow: boolean },
  at: Date,
): Promise<void> {
  const noted = noteText(note, fuelLow);
  if (noted === undefined) return;
  const bike = await findOwnerBike(trx, booking.motorbikeId);
  const text = namingBike(outOfServiceMessages.ownerNote(escapeLegacyMarkdown(booking.name), escapeLegacyMarkdown(noted)), bike);
  const reason = Array.from(note ?? outOfServiceMessages.fuelLowReason)
    .slice(0, MAX_OUT_OF_SERVICE_REASON)
    .join('');
  const key = `owner-note:${type}:${booking.ref}:${createHash('sha256').update(noted).digest('base64url').slice(0, 16)}`;
  await enqueueToBikeOwner(trx, bike, { text, keyboard: { kind: 'outOfServiceNote', ref: booking.ref, reason } }, key, at);
}

function noteText(note: string | null, fuelLow: boolean): string | undefined {
  if (note === null) return fuelLow ? outOfServiceMessages.fuelLowNote : undefined;
  return fuelLow ? `${note} (${outOfServiceMessages.fuelLow})` : note;
}
