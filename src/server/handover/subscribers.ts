import type { Executor } from '../../db/executor';
import type { HandoverKeyboard } from '../../domain/chat/owner-bot';
import type { BookingCancelled, HandoverRecorded } from '../events/events';
import { enqueueHandoverButtonsRemoved, enqueueHandoverEdits, enqueueKmQuestion, enqueueReplyEdit } from './owner-messages';

/** The owner's `Sudah kembali` recorded the return at once: the message pressed offers the fuel, which completes it. */
function keyboardOfPress(event: HandoverRecorded): HandoverKeyboard | undefined {
  if (event.cause.kind !== 'ownerPress' || event.event !== 'return' || event.corrected) return undefined;
  return event.booking.return?.fuel === null ? { kind: 'fuel', ref: event.booking.ref } : undefined;
}

/** Every message already sent about the booking shows what is recorded, whoever recorded it. */
export async function showHandoverInMessages(trx: Executor, event: HandoverRecorded): Promise<void> {
  const keyboard = keyboardOfPress(event);
  const pressed = keyboard && event.cause.kind === 'ownerPress' ? { messageId: event.cause.message.messageId, keyboard } : undefined;
  await enqueueHandoverEdits(trx, event.booking, event.timeZone, event.corrected ? event.recordedAt : event.at, pressed);
}

/** An owner's button: a command's reply shows the record, and a return asks the kilometres. */
export async function answerOwnerPress(trx: Executor, event: HandoverRecorded): Promise<void> {
  if (event.cause.kind !== 'ownerPress') return;
  const { message } = event.cause;
  if (message.role === undefined)
    await enqueueReplyEdit(trx, message, event.booking, event.timeZone, event.recordedAt, keyboardOfPress(event));
  if (event.event === 'return') await enqueueKmQuestion(trx, event.booking.ref, event.recordedAt);
}

/** A cancelled loan's pickup and return questions lose their buttons (a returned or released one's already did). */
export async function removeHandoverButtons(trx: Executor, event: BookingCancelled): Promise<void> {
  await enqueueHandoverButtonsRemoved(trx, event.booking.ref, event.at);
}
